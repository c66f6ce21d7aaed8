import Syntax
// The entry point for constraint strings in scenario files: one string is either a readable
// equation (EquationParser) or a line of Apple's Visual Format Language (VisualFormatParser).
// Both give ParsedConstraints whose view names are resolved later, by the scenario reader.

/// Parses constraint strings, choosing the grammar from how the string starts.
enum ConstraintParser {
    /// Parses one constraint string: VFL when it starts with "H:", "V:", "|" or "[" (after spaces), else an equation.
    /// `metrics` resolves VFL metric names (nil: unknown); its names, sorted, are the suggestions for a misspelt one.
    /// An equation yields exactly one constraint; VFL yields several, in the order of the string.
    static func parse(_ text: String, metrics: [String: Double]) -> Result<[ParsedConstraint], ConstraintSyntaxError> {
        do throws(ConstraintSyntaxError) {
            if isVisualFormat(text) {
                var parser = VisualFormatParser(text, metrics: metrics)
                return .success(try parser.parse())
            }
            var parser = EquationParser(text)
            return .success([try parser.parse()])
        } catch {
            return .failure(error)
        }
    }

    /// Whether `text` is VFL: it starts with "|", "[" or a word and ":" ("H:", "V:", or a
    /// misspelt orientation, which the VFL parser reports), after spaces. Equations never hold ":".
    static func isVisualFormat(_ text: String) -> Bool {
        var tokens = ConstraintTokenizer(text)
        tokens.skipSpaces()
        if tokens.current == "|" || tokens.current == "[" { return true }
        guard !tokens.read(while: \.isASCIILetter).isEmpty else { return false }
        tokens.skipSpaces()
        return tokens.current == ":"
    }
}

extension ConstraintParser {
    /// " (did you mean "x"?)" for a misspelt name: the only candidate it abbreviates ("lead" →
    /// "leading", which edit distance alone would rank below "left"), else Suggestions' choice.
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        let lower = word.lowercased()
        let longer = candidates.filter { $0.count > word.count && $0.lowercased().hasPrefix(lower) }
        if word.count >= 2, longer.count == 1, let only = longer.first { return " (did you mean \"\(only)\"?)" }
        return Suggestions.didYouMean(word, among: candidates)
    }
}
