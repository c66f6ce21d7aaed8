// A small XML reader for SVG (XML 1.0, https://www.w3.org/TR/xml/): elements, attributes, text and
// CDATA; the XML declaration, processing instructions, comments and a DOCTYPE without an internal
// subset are skipped. The five predefined entities and character references are decoded; any
// other entity, and any DOCTYPE that declares some, is refused (entity expansion is how a few
// bytes become gigabytes). Limits on depth and counts refuse what would exhaust memory.

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

    /// The document's root element.
    public static func parse(_ bytes: [UInt8]) throws(XMLError) -> XMLElement {
        var reader = XMLReader(bytes)
        return try reader.document()
    }
}
