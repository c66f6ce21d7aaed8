import JPEGCodec
import Raster

// A PDF file's objects (ISO 32000-1 §7.5): the header, the cross-reference sections from
// "startxref" back through /Prev (tables, §7.5.4, and streams, §7.5.8, with hybrid /XRefStm),
// objects inside object streams (§7.5.7), and the trailer. A file whose cross-reference data
// cannot be read is reconstructed by scanning it for "N G obj" (the last definition of a number
// wins) and reading the object streams found, as PDF readers do for damaged files. A reference to an object that does not exist is
// null (§7.3.10). Encrypted files are refused.

final class PDFFile {
    enum Entry {
        case offset(Int)
        case compressed(stream: Int, index: Int)
    }

    let bytes: [UInt8]
    /// Offsets in the file are counted from the "%PDF-" header (junk before it is skipped).
    private let base: Int
    private var entries: [Int: Entry] = [:]
    private(set) var trailer: [String: PDFObject] = [:]
    private var cache: [Int: PDFObject] = [:]
    private var resolving: Set<Int> = []
    /// Object streams read: their data, where each object starts, and those starts sorted (an
    /// object's tokens end at the next one's start, as in the file: objectEnd).
    private var objectStreams: [Int: (data: [UInt8], offsets: [Int: Int], starts: [Int])] = [:]
    /// Decoded bytes the file may still produce (PDFImage.maxDecodedBytes in all).
    var budget = PDFImage.maxDecodedBytes
    /// Work the file's functions may still do: 1,000 for each function read, 1 for each sample
    /// decoded, each stop made and each step a calculator program runs (PDFImage.maxFunctionWork in all).
    let functionWork = PDFWorkBudget(PDFImage.maxFunctionWork)
    /// What the file's objects may still make, all parsers together (PDFElementBudget).
    let elements: PDFElementBudget
    /// Whether the cross-reference data was unreadable and the objects were found by scanning.
    private(set) var reconstructed = false

    static let maxObjects = 1_000_000
    static let maxNesting = 32

    /// The file position of an offset counted from the header, if it lies in the file.
    func position(_ offset: Int) -> Int? {
        offset >= 0 && offset < bytes.count - base ? base + offset : nil
    }

    /// Where every "endstream" of the file starts, found once: where a stream whose /Length is
    /// wrong ends, by binary search rather than a scan per stream.
    private(set) lazy var endstreams: [Int] = {
        var found: [Int] = [], i = 0
        while let at = PDFParser.find(PDFParser.endstream, in: bytes, from: i, end: bytes.count) {
            found.append(at)
            i = at + 1
        }
        return found
    }()

    init(_ bytes: [UInt8], elementUnits: Int = PDFElementBudget.maxPerFile) throws(PDFError) {
        self.bytes = bytes
        elements = PDFElementBudget(elementUnits, for: "the file's objects")
        let header = Array("%PDF-".utf8)
        guard !bytes.isEmpty else { throw PDFError("the file is empty: a PDF file starts with \"%PDF-\"") }
        guard let start = PDFParser.find(header, in: bytes, from: 0, end: min(bytes.count, 1024 + header.count)) else {
            throw PDFError("not a PDF file (no \"%PDF-\" header in its first 1,024 bytes)")
        }
        base = start
        do throws(PDFError) {
            try readCrossReferences()
            guard trailer["Root"] != nil else { throw PDFError("the trailer has no /Root") }
        } catch {
            try reconstruct(after: error)
        }
        if trailer["Encrypt"] != nil {
            throw PDFError("the file is encrypted (export it without a password or restrictions)")
        }
    }

    // MARK: Objects

    /// Object `number` (null if the file has none).
    func object(_ number: Int) throws(PDFError) -> PDFObject {
        if let hit = cache[number] { return hit }
        guard let entry = entries[number], !resolving.contains(number) else { return .null }
        // Objects read while reading another (an indirect /Length, an object stream) nest; a
        // chain of them is bounded.
        guard resolving.count < Self.maxNesting else {
            throw PDFError("objects refer to each other more than \(Self.maxNesting) deep")
        }
        resolving.insert(number)
        defer { resolving.remove(number) }
        let value: PDFObject
        switch entry {
        case let .offset(offset):
            guard let start = position(offset) else {
                throw PDFError("object \(number) is said to be at \(offset), outside the file")
            }
            var parser = PDFParser(
                bytes, from: start, to: objectEnd(after: start), endstreams: endstreams, fileElements: elements)
            do throws(PDFError) {
                let (found, _, object) = try parser.indirectObject { [unowned self] length in
                    (try? self.resolve(length))?.integer
                }
                guard found == number else { throw PDFError("the cross-reference data points at object \(found)") }
                value = object
            } catch {
                throw error.inside("object \(number)")
            }
        case let .compressed(stream, index):
            value = try compressedObject(number, in: stream, index: index)
        }
        cache[number] = value
        return value
    }

    /// Where the objects the cross-reference data places start, in the file, sorted; made again
    /// when entries were added since.
    private var starts: (entries: Int, sorted: [Int]) = (-1, [])

    /// Where the tokens of an object starting at `start` must end: the next object's start, else
    /// the end of the file. Objects do not overlap, so a well-formed object ends before it; a
    /// damaged one (a string never closed) is read no further, where 50,000 such objects each
    /// lexed the rest of the file (45 s, attack round 17). Its stream data is not bound by it.
    private func objectEnd(after start: Int) -> Int {
        if starts.entries != entries.count {
            let sorted = entries.values.compactMap { entry -> Int? in
                guard case let .offset(offset) = entry else { return nil }
                return position(offset)
            }.sorted()
            starts = (entries.count, sorted)
        }
        return PDFParser.first(atLeast: start + 1, in: starts.sorted) ?? bytes.count
    }

    /// The object itself, references followed.
    func resolve(_ object: PDFObject) throws(PDFError) -> PDFObject {
        var current = object, hops = 0
        while case let .reference(number, _) = current {
            hops += 1
            guard hops <= 32 else { return .null }
            current = try self.object(number)
        }
        return current
    }

    /// A dictionary entry, resolved.
    func value(_ dictionary: [String: PDFObject]?, _ key: String) throws(PDFError) -> PDFObject? {
        guard let raw = dictionary?[key] else { return nil }
        let value = try resolve(raw)
        return value == .null ? nil : value
    }

    /// An array of numbers (each item resolved); nil when the object is not an array of numbers.
    func numbers(_ object: PDFObject?) throws(PDFError) -> [Double]? {
        guard let object, let items = try resolve(object).array else { return nil }
        var values: [Double] = []
        for item in items {
            guard let v = try resolve(item).number, v.isFinite else { return nil }
            values.append(v)
        }
        return values
    }

    /// The numbers of `key` in `dictionary` (nil when absent); a value that is not a finite number
    /// is refused, naming `what` holds it.
    func numbers(_ dictionary: [String: PDFObject], _ key: String, of what: String) throws(PDFError) -> [Double]? {
        guard let items = try value(dictionary, key)?.array else { return nil }
        var values: [Double] = []
        for item in items {
            guard let v = try resolve(item).number, v.isFinite else {
                throw PDFError("\(what)/\(key) holds a value that is not a number")
            }
            values.append(v)
        }
        return values
    }

    /// A stream's data decoded by its filters (charged to the budget once: a stream drawn again,
    /// as a form, a glyph or a lookup table, is decoded once).
    func decode(_ stream: PDFStream) throws(PDFError) -> (bytes: [UInt8], jpeg: Bool) {
        guard stream.offset >= 0 else { return try PDFFilters.decode(stream, resolve: resolve, budget: &budget) }
        if let hit = decoded[stream.offset] { return hit }
        let result = try PDFFilters.decode(stream, resolve: resolve, budget: &budget)
        decoded[stream.offset] = result
        return result
    }

    /// Streams decoded, by where their data starts in the file.
    private var decoded: [Int: (bytes: [UInt8], jpeg: Bool)] = [:]

    /// The RGB space an ICC profile stream (/N 3) gives, read once per stream: a content stream may
    /// set the same space a million times, and reading a profile makes its tables.
    func rgbSpace(ofProfile stream: PDFStream) throws(PDFError) -> PDFColorSpace {
        if stream.offset >= 0, let hit = profileSpaces[stream.offset] { return hit }
        let bytes = try decode(stream).bytes
        let space: PDFColorSpace
        switch ProfileConversion(profile: bytes) {
        case .displayP3: space = .displayP3
        case let .matrix(profile): space = .profiled(profile)
        case .none: space = .rgb
        }
        if stream.offset >= 0 { profileSpaces[stream.offset] = space }
        return space
    }

    /// ICC profile streams read, by where their data starts in the file.
    private var profileSpaces: [Int: PDFColorSpace] = [:]

    private func compressedObject(_ number: Int, in streamNumber: Int, index: Int) throws(PDFError) -> PDFObject {
        if objectStreams[streamNumber] == nil {
            // An object stream is itself stored in the file (§7.5.7), never in another.
            guard case .offset? = entries[streamNumber], case let .stream(stream) = try object(streamNumber) else {
                throw PDFError("object \(number) is said to be in object stream \(streamNumber), which is not a stream")
            }
            let data = try decode(stream).bytes
            let count = try value(stream.dictionary, "N")?.integer ?? 0,
                first = try value(stream.dictionary, "First")?.integer ?? 0
            guard count >= 0, count <= Self.maxObjects, first >= 0, first <= data.count else {
                throw PDFError("object stream \(streamNumber) has /N \(count) and /First \(first)")
            }
            var parser = PDFParser(data, from: 0, to: first, fileElements: elements)
            var offsets: [Int: Int] = [:], claimed: Set<Int> = []
            for _ in 0..<count {
                guard case let .integer(n)? = try parser.object(), case let .integer(offset)? = try parser.object()
                else { break }
                // Each offset belongs to one object (they rise strictly, §7.5.7): a repeated one is
                // not parsed again for another number.
                if offsets[n] == nil, offset >= 0, offset < data.count - first, claimed.insert(offset).inserted {
                    offsets[n] = first + offset
                }
            }
            objectStreams[streamNumber] = (data, offsets, offsets.values.sorted())
        }
        guard let (data, offsets, starts) = objectStreams[streamNumber], let offset = offsets[number], offset >= 0,
            offset < data.count
        else { return .null }
        var parser = PDFParser(
            data, from: offset, to: PDFParser.first(atLeast: offset + 1, in: starts) ?? data.count,
            fileElements: elements)
        do throws(PDFError) {
            return try parser.object() ?? .null
        } catch {
            throw error.inside("object \(number) (in object stream \(streamNumber))")
        }
    }

    // MARK: Cross-reference data

    private func readCrossReferences() throws(PDFError) {
        let tail = max(0, bytes.count - 2048)
        var found: Int?
        var i = bytes.count - 9
        while i >= tail {
            if bytes[i..<(i + 9)].elementsEqual("startxref".utf8) { found = i; break }
            i -= 1
        }
        guard let at = found else { throw PDFError("no \"startxref\" near the end of the file") }
        var lexer = PDFLexer(bytes, from: at + 9)
        guard case let .integer(first)? = try lexer.next() else {
            throw PDFError("\"startxref\" is not followed by an offset")
        }
        var next: Int? = first, visited: Set<Int> = []
        while let offset = next, !visited.contains(offset), visited.count < Self.maxSections {
            visited.insert(offset)
            let section = try readSection(at: offset)
            for (key, value) in section where trailer[key] == nil { trailer[key] = value }
            if let hybrid = section["XRefStm"]?.integer, !visited.contains(hybrid) {
                visited.insert(hybrid)
                _ = try readSection(at: hybrid)
            }
            next = section["Prev"]?.integer
        }
        if let offset = next, visited.contains(offset) {
            // A chain that loops misses the sections before the loop: the file is read as a
            // damaged one (reconstructed object by object), as when the chain breaks.
            throw PDFError("the cross-reference sections' /Prev chain loops back to offset \(offset)")
        }
        if next != nil {
            throw PDFError(
                "the file has more than \(Self.maxSections) cross-reference sections (one per incremental update; "
                    + "docs/LIMITS.md): save it again as a new file")
        }
    }

    /// Cross-reference sections read through /Prev (each incremental update adds one).
    static let maxSections = 256

    /// One section's entries (newer sections were read first and win) and its trailer.
    private func readSection(at offset: Int) throws(PDFError) -> [String: PDFObject] {
        guard let start = position(offset) else {
            throw PDFError("a cross-reference offset (\(offset)) is outside the file")
        }
        var lexer = PDFLexer(bytes, from: start)
        let save = lexer
        if case .keyword("xref")? = try lexer.next() { return try readTable(&lexer) }
        lexer = save
        var parser = PDFParser(bytes, from: start, endstreams: endstreams, fileElements: elements)
        let (_, _, object) = try parser.indirectObject { [unowned self] length in (try? self.resolve(length))?.integer }
        guard case let .stream(stream) = object, stream.dictionary["Type"]?.name == "XRef" else {
            throw PDFError("startxref points at neither \"xref\" nor a cross-reference stream")
        }
        try readStream(stream)
        return stream.dictionary
    }

    private func readTable(_ lexer: inout PDFLexer) throws(PDFError) -> [String: PDFObject] {
        while true {
            let at = lexer.position
            guard let token = try lexer.next() else { throw PDFError("a cross-reference table has no trailer") }
            if token == .keyword("trailer") {
                var parser = PDFParser(bytes, from: lexer.position, fileElements: elements)
                guard case let .dictionary(d)? = try parser.object() else {
                    throw .at(lexer.position, "\"trailer\" is not followed by a dictionary")
                }
                return d
            }
            guard case let .integer(start) = token, case let .integer(count)? = try lexer.next(), start >= 0,
                count >= 0,
                start <= Self.maxObjects, count <= Self.maxObjects - start
            else {
                throw .at(at, "expected a cross-reference subsection's first object number and count")
            }
            for n in start..<(start + count) {
                guard case let .integer(offset)? = try lexer.next(), case .integer? = try lexer.next(),
                    case let .keyword(kind)? = try lexer.next(), kind == "n" || kind == "f"
                else {
                    throw .at(lexer.position, "a cross-reference entry is not \"offset generation n|f\"")
                }
                if kind == "n", entries[n] == nil, offset > 0 { entries[n] = .offset(offset) }
            }
        }
    }

    private func readStream(_ stream: PDFStream) throws(PDFError) {
        let data = try decode(stream).bytes
        guard let widths = stream.dictionary["W"]?.array?.compactMap(\.integer), widths.count == 3,
            widths.allSatisfy({ (0...8).contains($0) })
        else {
            throw PDFError("a cross-reference stream's /W is not three widths of 0 to 8 bytes")
        }
        let size = stream.dictionary["Size"]?.integer ?? 0
        let index = stream.dictionary["Index"]?.array?.compactMap(\.integer) ?? [0, size]
        let rowBytes = widths.reduce(0, +)
        guard rowBytes > 0 else { return }
        var row = 0
        func field(_ k: Int, _ fallback: Int) -> Int {
            guard widths[k] > 0 else { return fallback }
            var start = row * rowBytes
            for j in 0..<k { start += widths[j] }
            var v = 0
            for j in 0..<widths[k] { v = v << 8 | Int(data[start + j]) }
            return v
        }
        for pair in stride(from: 0, to: index.count - 1, by: 2) {
            let start = index[pair], count = index[pair + 1]
            guard start >= 0, count >= 0, start <= Self.maxObjects, count <= Self.maxObjects - start else {
                throw PDFError("a cross-reference stream's /Index is out of range")
            }
            for n in start..<(start + count) {
                guard (row + 1) * rowBytes <= data.count else { return }
                defer { row += 1 }
                guard entries[n] == nil else { continue }
                switch field(0, 1) {
                case 1: if field(1, 0) > 0 { entries[n] = .offset(field(1, 0)) }
                case 2: entries[n] = .compressed(stream: field(1, 0), index: field(2, 0))
                default: break
                }
            }
        }
    }

    /// Finds every "N G obj" in the file, and a trailer (the last "trailer" dictionary with a
    /// /Root, else a cross-reference stream's, else the catalog found among the objects).
    private func reconstruct(after failure: PDFError) throws(PDFError) {
        entries = [:]
        trailer = [:]
        cache = [:]
        objectStreams = [:]
        reconstructed = true
        let obj = Array(" obj".utf8)
        var i = base
        var trailers: [[String: PDFObject]] = []
        while let at = PDFParser.find(obj, in: bytes, from: i, end: bytes.count) {
            i = at + obj.count
            // Back over "N G": digits, space, digits.
            var p = at - 1
            while p >= base, (48...57).contains(bytes[p]) { p -= 1 }
            guard p < at - 1, p >= base, bytes[p] == 0x20 || bytes[p] == 0x0A || bytes[p] == 0x0D else { continue }
            var q = p - 1
            while q >= base, PDFLexer.isWhite(bytes[q]) { q -= 1 }
            let numberEnd = q + 1
            while q >= base, (48...57).contains(bytes[q]) { q -= 1 }
            guard q < numberEnd - 1, numberEnd - q - 1 <= 7, q < base || !PDFLexer.isRegular(bytes[q]) else { continue }
            guard let number = Int(String(decoding: bytes[(q + 1)..<numberEnd], as: UTF8.self)), number > 0 else {
                continue
            }
            entries[number] = .offset(q + 1 - base)
        }
        // Each "trailer" dictionary is read up to the next "trailer" at most (50,000 never closed
        // each lexed the rest of the file: 58 s, attack round 17).
        let word = Array("trailer".utf8)
        var words: [Int] = []
        i = base
        while let at = PDFParser.find(word, in: bytes, from: i, end: bytes.count) {
            words.append(at)
            i = at + word.count
        }
        for (k, at) in words.enumerated() {
            let end = k + 1 < words.count ? words[k + 1] : bytes.count
            var lexer = PDFLexer(bytes, from: at + word.count, to: end)
            lexer.skipWhite()
            guard lexer.position < end, bytes[lexer.position] == UInt8(ascii: "<") else { continue }
            var parser = PDFParser(bytes, from: lexer.position, to: end, fileElements: elements)
            if case let .dictionary(d)? = try? parser.object(), d["Root"] != nil { trailers.append(d) }
        }
        // Each object's dictionary only (stream data is not read to find the catalog), and the
        // objects stored in object streams, which PDF 1.5 files keep most of theirs in.
        var catalogs: [Int] = [], xrefTrailers: [[String: PDFObject]] = [], objectStreamNumbers: [Int] = []
        for number in entries.keys.sorted() {
            guard case let .offset(offset)? = entries[number], let start = position(offset) else { continue }
            var parser = PDFParser(bytes, from: start, to: objectEnd(after: start), fileElements: elements)
            guard let (_, _, object) = try? parser.indirectObject(length: { _ in nil }, readStream: false),
                let d = object.dictionary
            else { continue }
            switch d["Type"]?.name {
            case "XRef"? where d["Root"] != nil: xrefTrailers.append(d)
            case "Catalog"?: catalogs.append(number)
            case "ObjStm"?: objectStreamNumbers.append(number)
            default: break
            }
        }
        for streamNumber in objectStreamNumbers {
            guard case let .stream(stream)? = try? object(streamNumber), let data = try? decode(stream).bytes,
                let first = stream.dictionary["First"]?.integer, first >= 0, first <= data.count,
                let count = stream.dictionary["N"]?.integer, count >= 0, count <= Self.maxObjects
            else { continue }
            var parser = PDFParser(data, from: 0, to: first, fileElements: elements)
            for index in 0..<count {
                guard case let .integer(n)? = try? parser.object(), case .integer? = try? parser.object() else { break }
                guard n > 0, n <= Self.maxObjects, entries[n] == nil else { continue }
                entries[n] = .compressed(stream: streamNumber, index: index)
                if catalogs.isEmpty, (try? object(n))?.dictionary?["Type"]?.name == "Catalog" { catalogs.append(n) }
            }
        }
        // The scans above skip what they cannot read; one stopped by the file's elements says so.
        if elements.exhausted { throw PDFError(elements.refusal) }
        if let last = trailers.last {
            trailer = last
        } else if let last = xrefTrailers.last {
            trailer = last
        } else if let catalog = catalogs.first {
            trailer["Root"] = .reference(catalog, 0)
        }
        guard trailer["Root"] != nil else {
            throw PDFError(
                "the cross-reference data is unreadable (\(failure.message)) and no document catalog was found")
        }
    }
}
