// A report on a PNG file for `ivsim png inspect`: header, every chunk with its CRC status, the
// non-fatal problems, and whether (and how) it decodes. Never throws: a file that stops making
// sense is reported up to that point.

/// What `inspect` found in a file.
public struct PNGInspection: Sendable {
    /// A chunk as found in the file.
    public struct ChunkRow: Sendable {
        public var type: String
        public var offset: Int
        public var length: Int
        public var crcMatches: Bool
    }

    public var fileSize: Int
    public var header: PNGHeader?
    public var isCgBI: Bool
    public var chunks: [ChunkRow]
    public var problems: [String]
    /// Facts about how the file is read (chunks that are present but not applied).
    public var notes: [String] = []
    /// The error that stops decoding, if any.
    public var error: PNGError?

    /// Inspects `file` with the decoder's `limits`.
    public init(_ file: [UInt8], limits: PNGDecoder.Limits = .default) {
        fileSize = file.count
        let lexed = file.withUnsafeBytes { ChunkLexer.lex($0) }
        chunks = lexed.chunks.map {
            ChunkRow(
                type: $0.chunk.type.description, offset: $0.chunk.offset, length: $0.chunk.data.count,
                crcMatches: $0.crcMatches)
        }
        isCgBI = lexed.chunks.first?.chunk.type == .CgBI
        header = nil
        problems = []
        error = nil
        if let ihdr = lexed.chunks.first(where: { $0.chunk.type == .IHDR })?.chunk, ihdr.data.count == 13 {
            header = file.withUnsafeBytes {
                try? PNGHeader.parse(UnsafeRawBufferPointer(rebasing: $0[ihdr.data]), at: ihdr.location)
            }
        }
        let unapplied = ["gAMA": "gamma", "cHRM": "chromaticities", "sBIT": "significant bits"]
        for row in chunks {
            if let what = unapplied[row.type] {
                notes.append(
                    "\(row.type) at offset \(row.offset): \(what) not applied (samples are taken as sRGB as stored)")
            } else if row.type == "iCCP" {
                notes.append(
                    "iCCP at offset \(row.offset): ICC profile; where ivsim shows the image, a Display P3 or other "
                        + "matrix/TRC RGB profile converts its samples to sRGB (docs/PNG.md §Colour profiles)")
            }
        }
        do {
            let result = try PNGDecoder(limits: limits).decodeWithDetails(file)
            problems = result.problems
        } catch {
            self.error = error
            if let list = try? file.withUnsafeBytes({ try ChunkLexer.chunks(of: $0) }) {
                problems = list.problems
            }
        }
    }

    /// The report as text, one fact per line.
    public var text: String {
        var lines: [String] = []
        lines.append("size: \(fileSize) bytes")
        if let header {
            let kind: String
            switch header.colorType {
            case .grayscale: kind = "grayscale"
            case .truecolor: kind = "truecolor (RGB)"
            case .indexed: kind = "indexed"
            case .grayscaleAlpha: kind = "grayscale with alpha"
            case .truecolorAlpha: kind = "truecolor with alpha (RGBA)"
            }
            lines.append(
                "image: \(header.width)×\(header.height), \(header.bitDepth)-bit \(kind), color type \(header.colorType.rawValue), \(header.interlaced ? "Adam7 interlaced" : "not interlaced")\(isCgBI ? ", Apple CgBI (BGRA, premultiplied, raw deflate)" : "")"
            )
        }
        lines.append("chunks:")
        for chunk in chunks {
            let offset = String(chunk.offset)
            let length = String(chunk.length)
            lines.append(
                "  " + String(repeating: " ", count: max(0, 10 - offset.count)) + offset + "  " + chunk.type
                    + String(repeating: " ", count: max(0, 10 - length.count)) + length + "  "
                    + (chunk.crcMatches ? "crc ok" : "CRC MISMATCH"))
        }
        for note in notes { lines.append("note: \(note)") }
        for problem in problems { lines.append("problem: \(problem)") }
        if let error {
            lines.append("error: \(error)")
        } else if let header {
            lines.append("decodes: yes, \(header.width)×\(header.height) RGBA8")
        }
        return lines.joined(separator: "\n")
    }
}
