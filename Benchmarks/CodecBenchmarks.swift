import Deflate
import Foundation
import PNGCodec

/// PNG decode/encode and raw DEFLATE on the anchors, against Pillow (libpng + zlib) and zlib.
func codecBenchmarks(_ anchors: Anchors) -> [Benchmark] {
    var list: [Benchmark] = []
    for name in Anchors.names {
        let png = anchors.bytes(name + ".png")
        let raw = anchors.bytes(name + ".rgba")
        let (width, height) = Anchors.sizes[name]!
        let image = RGBAImage(width: width, height: height, pixels: raw)

        final class Box<T> { var value: T; init(_ value: T) { self.value = value } }
        let decoded = Box<RGBAImage?>(nil)
        list.append(
            Benchmark(
                name: "png decode '\(name)' (Pillow's level-6 file)", bytes: raw.count,
                reference: ReferenceKey(operationPrefix: "PNG decode '\(name)' (the level-6 file", library: "Pillow"),
                run: { decoded.value = try? PNGDecoder().decode(png) },
                output: { decoded.value == image ? "pixel-exact" : "MISMATCH" }))

        for (label, level, pillowLevel) in [("default", CompressionLevel.default, 6), ("fast", .fast, 1)] {
            let encoded = Box<[UInt8]>([])
            let pillowSize = "PNG encode '\(name)' \(width)x\(height) RGBA, compress_level=\(pillowLevel)"
            list.append(
                Benchmark(
                    name: "png encode '\(name)' \(label)", bytes: raw.count,
                    reference: ReferenceKey(operationPrefix: pillowSize, library: "Pillow"),
                    run: { encoded.value = PNGEncoder(level: level).encode(image) },
                    output: {
                        let back = try? PNGDecoder().decode(encoded.value)
                        return "\(encoded.value.count) B" + (back == image ? "" : " ROUND TRIP FAILED")
                    }))
        }

        // Pillow's own filtered scanlines, so that DEFLATE alone compares with zlib on equal input.
        guard let stream = try? idatStream(png), let filtered = try? Inflater.decompress(stream), !filtered.isEmpty
        else { continue }
        let compressed = Box<[UInt8]>([])
        list.append(
            Benchmark(
                name: "deflate '\(name)' filtered scanlines, default", bytes: filtered.count,
                reference: ReferenceKey(
                    operationPrefix: "zlib level 6, Pillow's params (wbits 15, memLevel 9, Z_FILTERED): '\(name)'",
                    library: "zlib"),
                run: { compressed.value = Deflater.compress(filtered) },
                output: { "\(compressed.value.count) B" }))
        list.append(
            Benchmark(
                name: "inflate '\(name)' Pillow's IDAT stream", bytes: filtered.count,
                reference: ReferenceKey(
                    operationPrefix: "zlib.decompress of Pillow's level-6 IDAT stream: '\(name)'", library: "zlib"),
                run: { _ = try? Inflater.decompress(stream) }))
    }
    return list
}

/// The concatenated IDAT payloads of a PNG file.
func idatStream(_ png: [UInt8]) throws -> [UInt8] {
    var stream: [UInt8] = []
    var offset = 8
    while offset + 8 <= png.count {
        let length =
            Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
        let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
        if type == "IDAT" { stream += png[(offset + 8)..<(offset + 8 + length)] }
        offset += 12 + length
    }
    return stream
}

func allBenchmarks(_ anchors: Anchors) -> [Benchmark] {
    codecBenchmarks(anchors) + rasterBenchmarks(anchors) + imageSemanticsBenchmarks(anchors) + snapshotBenchmarks()
        + assetBenchmarks() + scaleBenchmarks()
        + cassowaryBenchmarks() + autoLayoutBenchmarks()
}
