import Syntax
/// The XML grammar, byte by byte (UTF-8; names and values are decoded as UTF-8 strings).
struct XMLReader {
    let bytes: [UInt8]
    var offset = 0
    var elements = 0
    /// General entities the DOCTYPE's internal subset declares: their replacement text, decoded.
    var entities: [String: [UInt8]] = [:]
    /// Bytes entity references have put in the document so far.
    var expanded = 0
    var sawDoctype = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    var atEnd: Bool { offset >= bytes.count }

    func fail(_ message: String, at position: Int? = nil) -> XMLError {
        let end = min(position ?? offset, bytes.count)
        var line = 1, column = 1
        for byte in bytes[0..<end] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return XMLError(line: line, column: column, message: ErrorText.capped(ErrorText.printable(message)))
    }

    func starts(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return offset + utf8.count <= bytes.count && Array(bytes[offset..<(offset + utf8.count)]) == utf8
    }

    mutating func skipSpace() {
        while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    /// Skips past `end`, or fails with `what` when it never comes.
    mutating func skip(past end: String, what: String) throws(XMLError) {
        let start = offset
        while !atEnd && !starts(end) { offset += 1 }
        guard !atEnd else { throw fail("\(what) never ends (no \"\(end)\")", at: start) }
        offset += end.utf8.count
    }

    /// Comments, processing instructions, white space and (before the root) a DOCTYPE.
    mutating func skipMisc(prolog: Bool) throws(XMLError) {
        while true {
            skipSpace()
            if starts("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if prolog && starts("<!DOCTYPE") {
                let start = offset
                guard !sawDoctype else { throw fail("a second DOCTYPE (a document has one)") }
                sawDoctype = true
                while !atEnd && bytes[offset] != UInt8(ascii: ">") && bytes[offset] != UInt8(ascii: "[") {
                    if bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") {
                        try skipQuoted(what: "the DOCTYPE's identifier")
                    } else {
                        offset += 1
                    }
                }
                if !atEnd && bytes[offset] == UInt8(ascii: "[") {
                    offset += 1
                    try internalSubset()
                }
                guard !atEnd else { throw fail("the DOCTYPE never ends (no \">\")", at: start) }
                try skip(past: ">", what: "the DOCTYPE")
            } else {
                return
            }
        }
    }

    /// Skips a quoted string, `offset` at its opening quote.
    mutating func skipQuoted(what: String) throws(XMLError) {
        let start = offset, quote = bytes[offset]
        offset += 1
        while !atEnd && bytes[offset] != quote { offset += 1 }
        guard !atEnd else { throw fail("\(what) never ends (no closing quote)", at: start) }
        offset += 1
    }

    /// The DOCTYPE's internal subset, `offset` after its "[", up to and past its "]" (XML 1.0
    /// §2.8): general entities declared with a literal value are kept (the first declaration of
    /// a name wins, §4.2); element, attribute-list and notation declarations, comments and
    /// processing instructions are skipped; parameter entities, external entities, an entity
    /// whose value refers to another entity or holds markup are refused.
    mutating func internalSubset() throws(XMLError) {
        var declarations = 0
        while true {
            skipSpace()
            guard !atEnd else { throw fail("the DOCTYPE's internal subset never ends (no \"]\")") }
            if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                skipSpace()
                return
            }
            declarations += 1
            guard declarations <= XMLDocument.maxDeclarations else {
                throw fail("the DOCTYPE declares more than \(XMLDocument.maxDeclarations) things (docs/LIMITS.md)")
            }
            if starts("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts("<!ENTITY") {
                try entityDeclaration()
            } else if starts("<!ELEMENT") || starts("<!ATTLIST") || starts("<!NOTATION") {
                let start = offset
                while !atEnd && bytes[offset] != UInt8(ascii: ">") {
                    if bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") {
                        try skipQuoted(what: "a declaration's value")
                    } else {
                        offset += 1
                    }
                }
                guard !atEnd else { throw fail("a declaration never ends (no \">\")", at: start) }
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "%") {
                throw fail("parameter entities are not read: export the SVG without a DOCTYPE")
            } else {
                throw fail("expected a declaration in the DOCTYPE's internal subset")
            }
        }
    }

    /// `<!ENTITY name "value">`, `offset` at its "<".
    mutating func entityDeclaration() throws(XMLError) {
        let start = offset
        offset += 8
        skipSpace()
        if !atEnd && bytes[offset] == UInt8(ascii: "%") {
            throw fail("parameter entities are not read: export the SVG without a DOCTYPE", at: start)
        }
        let entity = try name()
        guard entity.utf8.count <= XMLDocument.maxEntityName else {
            throw fail("an entity name longer than \(XMLDocument.maxEntityName) bytes", at: start)
        }
        skipSpace()
        if starts("SYSTEM") || starts("PUBLIC") {
            throw fail("the external entity \(entity) is not read (ivsim reads no other file)", at: start)
        }
        guard !atEnd, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
            throw fail("expected the entity \(entity)'s value in quotes", at: start)
        }
        let valueStart = offset + 1
        try skipQuoted(what: "the entity \(entity)'s value")
        guard offset - 1 - valueStart <= XMLDocument.maxEntityBytes else {
            throw fail("the entity \(entity)'s value is longer than \(XMLDocument.maxEntityBytes) bytes", at: start)
        }
        // Character references and the predefined entities are decoded now; a reference to another
        // entity is refused (entities that refer to entities are how a few bytes become gigabytes).
        let saved = entities
        entities = [:]
        let value = try decode(valueStart..<(offset - 1))
        entities = saved
        guard !value.utf8.contains(UInt8(ascii: "<")) else {
            throw fail("the entity \(entity)'s value holds markup (\"<\"), which ivsim does not read", at: start)
        }
        skipSpace()
        guard !atEnd, bytes[offset] == UInt8(ascii: ">") else {
            throw fail("expected \">\" to end the entity \(entity)'s declaration", at: start)
        }
        offset += 1
        if entities[entity] == nil { entities[entity] = Array(value.utf8) }
    }

    mutating func document() throws(XMLError) -> XMLElement {
        if bytes.isEmpty {
            throw fail("the file is empty: an SVG document starts with <svg …> (or an XML declaration)")
        }
        if bytes == [0xEF, 0xBB, 0xBF] {
            throw fail(
                "the file holds only a UTF-8 byte order mark: an SVG document starts with <svg …> (or an XML declaration)"
            )
        }
        if let encoding = WideText.encoding(of: bytes) {
            throw fail(
                "the file is \(encoding) (it starts with the bytes \(WideText.firstBytes(bytes))): ivsim reads SVG as "
                    + "UTF-8, as design tools write it (save the file as UTF-8)")
        }
        if bytes.prefix(1_024).contains(0) {
            throw fail(
                "the file holds NUL (zero-valued) bytes (it starts with the bytes \(WideText.firstBytes(bytes))): it is "
                    + "binary data, not SVG text, which ivsim reads as UTF-8")
        }
        try skipMisc(prolog: true)
        guard !atEnd, bytes[offset] == UInt8(ascii: "<") else { throw fail("expected the root element (\"<svg …>\")") }
        let root = try element(depth: 0)
        try skipMisc(prolog: false)
        guard atEnd else { throw fail("content after the root element") }
        return root
    }

    mutating func name() throws(XMLError) -> String {
        let start = offset
        while !atEnd {
            let b = bytes[offset]
            let ok =
                (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
                || b == 0x5F
                || b == 0x3A || b == 0x2E || b >= 0x80
            guard ok else { break }
            offset += 1
        }
        guard offset > start else { throw fail("a name was expected here") }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// An element, `offset` at its `<`.
    mutating func element(depth: Int) throws(XMLError) -> XMLElement {
        guard depth < XMLDocument.maxDepth else {
            throw fail("elements nested more than \(XMLDocument.maxDepth) deep (docs/LIMITS.md)")
        }
        elements += 1
        guard elements <= XMLDocument.maxElements else { throw fail("more than \(XMLDocument.maxElements) elements") }
        let start = offset
        offset += 1
        var node = XMLElement(name: try name(), attributes: [], children: [], text: "", offset: start)
        var names: Set<String> = []
        while true {
            skipSpace()
            guard !atEnd else { throw fail("the tag <\(node.name)> never ends", at: start) }
            if starts("/>") {
                offset += 2
                return node
            }
            if bytes[offset] == UInt8(ascii: ">") {
                offset += 1
                break
            }
            let attributeName = try name()
            skipSpace()
            guard !atEnd, bytes[offset] == UInt8(ascii: "=") else {
                throw fail("expected \"=\" after the attribute \(attributeName)")
            }
            offset += 1
            skipSpace()
            guard !atEnd, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
                throw fail("expected a quoted value for the attribute \(attributeName)")
            }
            let quote = bytes[offset]
            offset += 1
            let valueStart = offset
            while !atEnd && bytes[offset] != quote {
                if bytes[offset] == UInt8(ascii: "<") { throw fail("\"<\" inside the value of \(attributeName)") }
                offset += 1
            }
            guard !atEnd else { throw fail("the value of \(attributeName) never ends", at: valueStart) }
            let value = try decode(valueStart..<offset)
            offset += 1
            guard !names.contains(attributeName) else {
                throw fail("the attribute \(attributeName) appears twice in <\(node.name)>")
            }
            names.insert(attributeName)  // membership only: the order kept is the document's
            node.attributes.append((attributeName, value))
            guard node.attributes.count <= XMLDocument.maxAttributes else {
                throw fail("more than \(XMLDocument.maxAttributes) attributes")
            }
        }
        // Content: text, CDATA, comments, processing instructions, child elements, the end tag.
        while true {
            guard !atEnd else { throw fail("<\(node.name)> is never closed (no </\(node.name)>)", at: start) }
            if starts("</") {
                let tag = offset
                offset += 2
                let end = try name()
                guard end == node.name else { throw fail("</\(end)> closes <\(node.name)>", at: tag) }
                skipSpace()
                guard !atEnd, bytes[offset] == UInt8(ascii: ">") else { throw fail("expected \">\" to end </\(end)") }
                offset += 1
                return node
            } else if starts("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts("<![CDATA[") {
                offset += 9
                let textStart = offset
                try skip(past: "]]>", what: "a CDATA section")
                node.text += String(decoding: bytes[textStart..<(offset - 3)], as: UTF8.self)
            } else if starts("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts("<!") {
                throw fail("a declaration (\"<!\") inside an element")
            } else if bytes[offset] == UInt8(ascii: "<") {
                node.children.append(try element(depth: depth + 1))
            } else {
                let textStart = offset
                while !atEnd && bytes[offset] != UInt8(ascii: "<") { offset += 1 }
                node.text += try decode(textStart..<offset)
            }
        }
    }

    /// Text with its references decoded: character references, the predefined entities and the
    /// internal subset's general entities (their replacement text, counted against
    /// XMLDocument.maxExpansion).
    mutating func decode(_ range: Range<Int>) throws(XMLError) -> String {
        guard bytes[range].contains(UInt8(ascii: "&")) else { return String(decoding: bytes[range], as: UTF8.self) }
        var out: [UInt8] = []
        var i = range.lowerBound
        while i < range.upperBound {
            guard bytes[i] == UInt8(ascii: "&") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            guard let semicolon = bytes[i..<range.upperBound].firstIndex(of: UInt8(ascii: ";")),
                semicolon - i <= XMLDocument.maxEntityName + 1
            else {
                throw fail("\"&\" does not start a reference (write &amp;)", at: i)
            }
            let reference = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
            let scalar: Unicode.Scalar?
            switch reference {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                    scalar = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if reference.hasPrefix("#") {
                    scalar = UInt32(reference.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                } else if let replacement = entities[reference] {
                    expanded += replacement.count
                    guard expanded <= XMLDocument.maxExpansion else {
                        throw fail(
                            "entity references expand to more than \(XMLDocument.maxExpansion) bytes (docs/LIMITS.md)",
                            at: i)
                    }
                    out += replacement
                    i = semicolon + 1
                    continue
                } else {
                    throw fail(
                        "the entity &\(reference); is not declared (ivsim reads &lt; &gt; &amp; &quot; &apos;, character "
                            + "references and the entities a DOCTYPE's internal subset declares)",
                        at: i)
                }
            }
            guard let scalar else { throw fail("&\(reference); is not a character", at: i) }
            out += Array(String(Character(scalar)).utf8)
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
