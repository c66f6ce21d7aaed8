// A small XML reader for SVG (XML 1.0, https://www.w3.org/TR/xml/): elements, attributes, text and
// CDATA; the XML declaration, processing instructions and comments are skipped. A DOCTYPE's
// internal subset may declare general entities with literal values (what Illustrator writes for
// its styles); their references are expanded, and so are the five predefined entities and
// character references. An entity that refers to another entity, holds markup, is a parameter
// or external entity, or expansion past XMLDocument.maxExpansion bytes, is refused (entities
// referring to entities are how a few bytes become gigabytes). Limits on depth and counts refuse
// what would exhaust memory.

/// An XML element: its name, attributes in document order, child elements and text.
public struct XMLElement: Sendable, Equatable {
    public var name: String
    public var attributes: [(name: String, value: String)]
    public var children: [XMLElement]
    /// The element's own character data (text and CDATA), joined.
    public var text: String
    /// Byte offset of the element's `<` in the document (for messages).
    public var offset: Int

    public subscript(attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
    }

    public static func == (a: XMLElement, b: XMLElement) -> Bool {
        a.name == b.name && a.attributes.map(\.name) == b.attributes.map(\.name)
            && a.attributes.map(\.value) == b.attributes.map(\.value)
            && a.children == b.children && a.text == b.text
    }
}

/// Why a document is not read: where (line and column, from 1) and what.
public struct XMLError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

public enum XMLDocument {
    /// Nesting depth of elements.
    public static let maxDepth = 256
    /// Elements in one document.
    public static let maxElements = 200_000
    /// Attributes of one element.
    public static let maxAttributes = 1_000
    /// Declarations a DOCTYPE's internal subset may make.
    public static let maxDeclarations = 10_000
    /// The longest entity name, in bytes.
    public static let maxEntityName = 128
    /// The longest entity value, in bytes.
    public static let maxEntityBytes = 1 << 16
    /// Bytes entity references may put in a document, in all.
    public static let maxExpansion = 1 << 23

    /// The document's root element.
    public static func parse(_ bytes: [UInt8]) throws(XMLError) -> XMLElement {
        var reader = XMLReader(bytes)
        return try reader.document()
    }
}
