// Readable equations: `first relation [m *] second [* m | / d] ± constants [@ priority]`, for
// example `icon.width == 0.5 * hero.width + 4 @ 750`. Spaces are optional everywhere. Syntax is
// checked left to right; the meaning rules of NSLayoutConstraint (axes, sizes against positions,
// leading/trailing against left/right, zero multipliers) are checked once the whole text has read.

import ImageViews

/// Parses one equation into a ParsedConstraint, or the first error with its offset.
struct EquationParser {
    /// The right side as read so far: at most one anchor with its multiplier, and summed constants.
    private struct RightSide {
        /// Where the right side starts (the place to point at when a position lacks an anchor).
        var start: Int
        var anchor: ParsedAnchor?
        var multiplier = 1.0
        /// Where a literal 0 multiplied the anchor, for the error on positions.
        var zeroOffset: Int?
        var constant = 0.0
    }

    private var tokens: ConstraintTokenizer

    init(_ text: String) {
        tokens = ConstraintTokenizer(text)
    }

    /// Parses the whole string: one constraint, with nothing left over.
    mutating func parse() throws(ConstraintSyntaxError) -> ParsedConstraint {
        tokens.skipSpaces()
        guard !tokens.isAtEnd else {
            throw ConstraintSyntaxError(
                offset: 0, message: "empty constraint: write \"view.attribute == other.attribute + constant\"")
        }
        let first = try leftAnchor()
        tokens.skipSpaces()
        let relation = try tokens.readRelation()
        let side = try rightSide(after: relation.rawValue)
        var priority = LayoutPriority.required
        if tokens.take("@") { priority = try tokens.readPriority(metrics: [:]) }
        tokens.skipSpaces()
        guard tokens.isAtEnd else {
            throw ConstraintSyntaxError(offset: tokens.offset, message: "unexpected \(tokens.found(at: tokens.offset))")
        }
        try Self.check(first, relation, side, priority: priority)
        return ParsedConstraint(
            first: first, relation: relation, second: side.anchor, multiplier: side.multiplier,
            constant: side.constant, priority: priority)
    }

    // MARK: Syntax

    /// The anchor left of the relation.
    private mutating func leftAnchor() throws(ConstraintSyntaxError) -> ParsedAnchor {
        if let anchor = try anchorIfPresent() { return anchor }
        try rejectItemWithoutAttribute()
        throw tokens.expected("a view name and an attribute such as \"hero.leading\"", at: tokens.offset)
    }

    /// Length of the view id at the cursor: the maximal run of letters, digits, "_" and "-" that
    /// starts with a letter, digit or "_" and holds a letter or "_" (so "20" is a number); else nil.
    private func itemLength() -> Int? {
        guard tokens.current?.isWordCharacter == true else { return nil }
        let length = tokens.runLength(from: tokens.offset) { $0.isWordCharacter || $0 == "-" }
        let run = tokens.characters[tokens.offset..<tokens.offset + length]
        return run.contains { $0.isASCIILetter || $0 == "_" } ? length : nil
    }

    /// Reads `item.attribute` if a view id followed by "." is at the cursor; else reads nothing.
    /// The attribute is letters only, so "superview.leading-20" is leading minus 20.
    private mutating func anchorIfPresent() throws(ConstraintSyntaxError) -> ParsedAnchor? {
        guard let length = itemLength() else { return nil }
        let start = tokens.offset
        let dot = start + length + tokens.runLength(from: start + length, while: \.isWhitespace)
        guard dot < tokens.characters.count, tokens.characters[dot] == "." else { return nil }
        let item = String(tokens.characters[start..<start + length])
        tokens.offset = dot + 1
        tokens.skipSpaces()
        var attributeStart = tokens.offset
        var name = tokens.read(while: \.isASCIILetter)
        guard !name.isEmpty else { throw tokens.expected("an attribute after \"\(item).\"", at: attributeStart) }
        var guide: String?
        if ParsedAnchor.guides.contains(name) {
            // `item.margins.attribute` or `item.safeArea.attribute`.
            tokens.skipSpaces()
            guard tokens.take(".") else {
                throw tokens.expected(
                    "\".\" and an attribute after \"\(item).\(name)\" (such as \"\(item).\(name).top\")",
                    at: tokens.offset)
            }
            tokens.skipSpaces()
            guide = name
            attributeStart = tokens.offset
            name = tokens.read(while: \.isASCIILetter)
            guard !name.isEmpty else {
                throw tokens.expected("an attribute after \"\(item).\(guide!).\"", at: attributeStart)
            }
        }
        guard let attribute = LayoutAttribute(rawValue: name) else {
            // After a view, "margins" and "safeArea" are words too ("margin" → "margins").
            let names = LayoutAttribute.allCases.map(\.rawValue)
            var suggestion = ConstraintParser.didYouMean(name, among: names + (guide == nil ? ParsedAnchor.guides : []))
            if suggestion.isEmpty {
                suggestion =
                    " (expected \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")"
                    + (guide == nil ? ", or a guide: \"\(item).margins.top\", \"\(item).safeArea.top\"" : "") + ")"
            }
            throw ConstraintSyntaxError(offset: attributeStart, message: "unknown attribute \"\(name)\"" + suggestion)
        }
        return ParsedAnchor(item: item, guide: guide, attribute: attribute, offset: start)
    }

    /// A view id not followed by "." ("hero == …"): an error asking for the attribute.
    private mutating func rejectItemWithoutAttribute() throws(ConstraintSyntaxError) {
        guard let length = itemLength() else { return }
        let item = String(tokens.characters[tokens.offset..<tokens.offset + length])
        tokens.advance(length)
        tokens.skipSpaces()
        throw tokens.expected("\".\" and an attribute after \"\(item)\"", at: tokens.offset)
    }

    /// `expression := ['-'] term (('+' | '-') term)*`.
    private mutating func rightSide(after relation: String) throws(ConstraintSyntaxError) -> RightSide {
        tokens.skipSpaces()
        var side = RightSide(start: tokens.offset)
        var sign = 1.0
        var previous = relation
        if tokens.take("-") { (sign, previous) = (-1, "-") }
        while true {
            try term(sign: sign, after: previous, into: &side)
            tokens.skipSpaces()
            if tokens.take("+") {
                (sign, previous) = (1, "+")
            } else if tokens.take("-") {
                (sign, previous) = (-1, "-")
            } else {
                return side
            }
        }
    }

    /// `term := number | [number '*'] anchor ['*' number | '/' number]`, added to `side` with `sign`.
    private mutating func term(sign: Double, after previous: String, into side: inout RightSide)
        throws(ConstraintSyntaxError)
    {
        tokens.skipSpaces()
        let start = tokens.offset
        if let anchor = try anchorIfPresent() {
            try place(anchor, multiplier: sign, zeroOffset: nil, into: &side)
        } else if let number = try tokens.readNumber() {
            tokens.skipSpaces()
            guard tokens.take("*") else {
                side.constant += sign * number
                return
            }
            tokens.skipSpaces()
            guard let anchor = try anchorIfPresent() else {
                try rejectItemWithoutAttribute()
                throw tokens.expected("an anchor such as \"hero.width\" after \"*\"", at: tokens.offset)
            }
            try place(anchor, multiplier: sign * number, zeroOffset: number == 0 ? start : nil, into: &side)
        } else {
            try rejectItemWithoutAttribute()
            throw tokens.expected("a number or an anchor after \"\(previous)\"", at: start)
        }
    }

    /// Makes `anchor` the right side's anchor, reading a "* m" or "/ d" after it.
    private mutating func place(
        _ anchor: ParsedAnchor, multiplier: Double, zeroOffset: Int?,
        into side: inout RightSide
    ) throws(ConstraintSyntaxError) {
        guard side.anchor == nil else {
            throw ConstraintSyntaxError(offset: anchor.offset, message: "only one anchor may appear on the right side")
        }
        var (multiplier, zeroOffset) = (multiplier, zeroOffset)
        tokens.skipSpaces()
        if let operation = tokens.current, operation == "*" || operation == "/" {
            tokens.advance()
            tokens.skipSpaces()
            let numberOffset = tokens.offset
            guard let number = try tokens.readNumber() else {
                throw tokens.expected("a number after \"\(operation)\"", at: numberOffset)
            }
            if operation == "/" {
                guard number != 0 else {
                    throw ConstraintSyntaxError(offset: numberOffset, message: "cannot divide by 0")
                }
                multiplier /= number
            } else {
                multiplier *= number
                if number == 0 { zeroOffset = zeroOffset ?? numberOffset }
            }
            guard multiplier.isFinite else {
                throw ConstraintSyntaxError(offset: numberOffset, message: "the multiplier must be finite")
            }
        }
        side.anchor = anchor
        side.multiplier = multiplier
        side.zeroOffset = zeroOffset
    }

    // MARK: Meaning

    /// NSLayoutConstraint's rules: sizes relate to sizes (any axis, or a constant), positions to
    /// positions on the same axis through a non-zero multiplier, and leading/trailing never to
    /// left/right. Errors point at the second anchor, or at the zero or the missing anchor.
    private static func check(
        _ first: ParsedAnchor, _ relation: LayoutRelation, _ side: RightSide,
        priority: Double
    ) throws(ConstraintSyntaxError) {
        let a = first.attribute
        guard let second = side.anchor else {
            if a.isDimension { return }
            let example = ParsedConstraint(
                first: first, relation: relation,
                second: ParsedAnchor(item: "superview", attribute: a, offset: 0),
                constant: side.constant, priority: priority)
            throw ConstraintSyntaxError(
                offset: side.start, message: "a position needs a second anchor: write \"\(example.text)\"")
        }
        let b = second.attribute
        func error(_ message: String) -> ConstraintSyntaxError {
            ConstraintSyntaxError(offset: second.offset, message: message)
        }
        switch (a.isDimension, b.isDimension) {
        case (true, true): return
        case (true, false): throw error("cannot relate a size (\(a.rawValue)) to a position (\(b.rawValue))")
        case (false, true): throw error("cannot relate a position (\(a.rawValue)) to a size (\(b.rawValue))")
        case (false, false): break
        }
        if a.axis != b.axis {
            throw error(
                "cannot relate a \(a.axis.rawValue) position (\(a.rawValue)) to a \(b.axis.rawValue) one (\(b.rawValue))"
            )
        }
        if a.isDirectional && b.isAbsoluteEdge || a.isAbsoluteEdge && b.isDirectional {
            throw error(
                "cannot mix leading/trailing with left/right in one constraint: use leading/trailing for both, or left/right for both"
            )
        }
        if side.multiplier == 0 {
            throw ConstraintSyntaxError(
                offset: side.zeroOffset ?? second.offset,
                message: "a multiplier of 0 makes a position constraint meaningless")
        }
    }
}
