// Objects from tokens (ISO 32000-1 §7.3): arrays, dictionaries and "N G R" references, nested at
// most `maxDepth` deep; and indirect objects ("N G obj … endobj") with their streams (§7.3.8),
// whose data is /Length bytes long when "endstream" follows there, else runs up to the next
// "endstream" (a wrong /Length is common and every reader tolerates it).

struct PDFParser {
    var lexer: PDFLexer
    /// Where the file's "endstream" keywords start (sorted), when the caller has found them.
    let endstreams: [Int]?
    /// Array and dictionary elements this parser may still make (each is a heap object).
    private var elements = PDFParser.maxElements
    /// The file's elements (PDFFile's objects share one budget), when the parser reads its objects.
    private let fileElements: PDFElementBudget?
    static let maxDepth = 64
    static let maxElements = 4_000_000

    init(
        _ bytes: [UInt8], from start: Int = 0, to end: Int? = nil, endstreams: [Int]? = nil,
        fileElements: PDFElementBudget? = nil
    ) {
        lexer = PDFLexer(bytes, from: start, to: end)
        self.endstreams = endstreams
        self.fileElements = fileElements
    }

    private mutating func count(_ at: Int) throws(PDFError) {
        elements -= 1
        guard elements >= 0 else {
            throw .at(
                at,
                "more than \(Self.maxElements) array and dictionary elements in one stream or object (docs/LIMITS.md)")
        }
        try fileElements?.charge(at)
    }

    /// The next object; nil at the end of the bytes.
    mutating func object() throws(PDFError) -> PDFObject? {
        let start = lexer.position
        guard let token = try lexer.next() else { return nil }
        return try object(from: token, at: start, depth: 0)
    }

    mutating func object(from token: PDFToken, at start: Int, depth: Int) throws(PDFError) -> PDFObject {
        guard depth < Self.maxDepth else {
            throw .at(start, "objects nested more than \(Self.maxDepth) deep (docs/LIMITS.md)")
        }
        switch token {
        case let .integer(v):
            // "N G R" is a reference; anything else leaves the lexer after N.
            var ahead = lexer
            if case let .integer(generation)? = try? ahead.next(), case .keyword("R")? = try? ahead.next(), v >= 0,
                generation >= 0
            {
                lexer = ahead
                return .reference(v, generation)
            }
            return .integer(v)
        case let .real(v): return .real(v)
        case let .string(v): return .string(v)
        case let .name(v): return .name(v)
        case let .keyword(word):
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: throw .at(start, "expected an object, found \"\(word.prefix(40))\"")
            }
        case .arrayStart:
            try fileElements?.charge(start, PDFElementBudget.container)
            var items: [PDFObject] = []
            while true {
                let at = lexer.position
                guard let next = try lexer.next() else { throw .at(start, "an array is not closed") }
                if next == .arrayEnd { return .array(items) }
                try count(at)
                items.append(try object(from: next, at: at, depth: depth + 1))
            }
        case .dictionaryStart:
            try fileElements?.charge(start, PDFElementBudget.container)
            var entries: [String: PDFObject] = [:]
            while true {
                let at = lexer.position
                guard let next = try lexer.next() else { throw .at(start, "a dictionary is not closed") }
                if next == .dictionaryEnd { return .dictionary(entries) }
                guard case let .name(key) = next else { throw .at(at, "a dictionary key must be a name") }
                try count(at)
                let valueAt = lexer.position
                guard let valueToken = try lexer.next() else { throw .at(start, "a dictionary is not closed") }
                if valueToken == .dictionaryEnd { return .dictionary(entries) }  // a key without a value: dropped
                let value = try object(from: valueToken, at: valueAt, depth: depth + 1)
                if value != .null { entries[key] = value }  // a null value is as if absent (§7.3.7)
            }
        case .arrayEnd, .dictionaryEnd:
            throw .at(start, "unexpected \"\(token == .arrayEnd ? "]" : ">>")\"")
        }
    }

    /// The indirect object at the lexer's position: its number and generation, and the object
    /// (a stream when "stream" follows a dictionary). `length` resolves an indirect /Length.
    /// Without `readStream`, a stream's dictionary comes back alone (as a dictionary).
    mutating func indirectObject(length: (PDFObject) -> Int?, readStream: Bool = true) throws(PDFError) -> (
        Int, Int, PDFObject
    ) {
        let start = lexer.position
        guard case let .integer(number)? = try lexer.next(), case let .integer(generation)? = try lexer.next(),
            case .keyword("obj")? = try lexer.next()
        else {
            throw .at(start, "expected \"N G obj\"")
        }
        let at = lexer.position
        guard let token = try lexer.next() else { throw .at(start, "object \(number) is empty") }
        if token == .keyword("endobj") { return (number, generation, .null) }
        let value = try object(from: token, at: at, depth: 0)
        guard case let .dictionary(dictionary) = value, readStream else { return (number, generation, value) }
        var ahead = lexer
        guard case .keyword("stream")? = try? ahead.next() else { return (number, generation, value) }
        var p = ahead.position
        // The keyword is followed by CR LF or LF (a lone CR is tolerated).
        if p < lexer.end, lexer.bytes[p] == 0x0D { p += 1 }
        if p < lexer.end, lexer.bytes[p] == 0x0A { p += 1 }
        // The data is looked for in all the bytes: a bound on the object's tokens (PDFFile's next
        // object) is not one on its data, where a damaged file's scan may find "N G obj" too.
        let data = Self.streamData(
            lexer.bytes, from: p, end: lexer.bytes.count, declared: dictionary["Length"].flatMap(length),
            endstreams: endstreams)
        lexer.position = data.upperBound
        if case .keyword("endstream")? = try? lexer.next() {} else { lexer.position = data.upperBound }
        return (number, generation, .stream(PDFStream(dictionary: dictionary, data: lexer.bytes[data], offset: p)))
    }

    static let endstream = Array("endstream".utf8)

    /// The first of the ascending offsets `sorted` that is at least `value`, if any (a binary search).
    static func first(atLeast value: Int, in sorted: [Int]) -> Int? {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count ? sorted[low] : nil
    }

    /// The range of a stream's data: `declared` bytes when "endstream" follows them (after optional
    /// white space), else up to the next "endstream" with the end of line before it dropped.
    static func streamData(_ bytes: [UInt8], from start: Int, end: Int, declared: Int?, endstreams: [Int]? = nil)
        -> Range<Int>
    {
        if let declared, declared >= 0, declared <= end - start {
            var q = start + declared
            while q < end, PDFLexer.isWhite(bytes[q]) { q += 1 }
            if bytes[q..<min(end, q + endstream.count)].elementsEqual(endstream) { return start..<(start + declared) }
        }
        let next: Int?
        if let endstreams {
            next = first(atLeast: start, in: endstreams).flatMap { $0 + endstream.count <= end ? $0 : nil }
        } else {
            next = find(endstream, in: bytes, from: start, end: end)
        }
        guard let found = next else { return start..<end }
        var stop = found
        if stop > start, bytes[stop - 1] == 0x0A { stop -= 1 }
        if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
        return start..<stop
    }

    /// The first offset of `needle` in bytes[from..<end].
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, end: Int) -> Int? {
        guard let first = needle.first, end - from >= needle.count else { return nil }
        var i = from
        while i <= end - needle.count {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}

/// What a set of parsers may still make, in units of about 40 bytes of memory: 1 an array or
/// dictionary element, 4 more for each array or dictionary (its own storage; a dictionary element
/// in an array took about 250 bytes). One object or stream may hold 4,000,000 elements; two
/// budgets bound them together. All of a file's objects (parsed from the file or from its object
/// streams, each once: PDFFile keeps what it read) — without it, sixteen such objects in a few
/// kilobytes of Flate data held 6 GB (attack round 16). And all of a page's content streams,
/// each form's parsed at each use — without it, a form whose content is one 4,000,000-element
/// array, drawn 70 times, took 33 s, and twelve nested forms each holding one during their `Do`
/// 4.8 GB (attack round 17).
final class PDFElementBudget {
    private(set) var remaining: Int
    let limit: Int
    /// What the budget is for, as the refusal names it ("the file's objects").
    let what: String

    init(_ limit: Int, for what: String) {
        remaining = limit
        self.limit = limit
        self.what = what
    }

    static let maxPerFile = 8_000_000

    var exhausted: Bool { remaining < 0 }

    /// The units an array or dictionary costs besides its elements.
    static let container = 4

    func charge(_ at: Int, _ units: Int = 1) throws(PDFError) {
        remaining -= units
        guard remaining >= 0 else { throw .at(at, refusal) }
    }

    var refusal: String {
        "\(what) hold more than \(limit) units of arrays and dictionaries in all (1 an element, "
            + "\(Self.container) more an array or dictionary; docs/LIMITS.md)"
    }
}
