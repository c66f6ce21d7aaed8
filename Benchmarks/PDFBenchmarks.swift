import Foundation
import Raster
import Vector

/// PDF drawing (read, compile and draw the page at scale 8) of files of the repository's PDF
/// corpus, against PDFium with the medians Benchmarks/pdfium_pdf.py writes into the data folder.
/// Run from the repository's root.
func pdfBenchmarks() -> [Benchmark] {
    var list: [Benchmark] = []
    for name in ["43-design-export", "44-icon-heart", "45-icon-gear", "42-softmask-luminosity", "29-radial-shading"] {
        guard
            let file = FileManager.default.contents(atPath: "Tests/VectorTests/Fixtures/pdf/\(name).pdf").map(
                [UInt8].init)
        else { continue }
        final class Box { var bitmap: Bitmap? }
        let drawn = Box()
        list.append(
            Benchmark(
                name: "pdf draw '\(name)' at 8x",
                reference: ReferenceKey(operationPrefix: "PDF draw '\(name)' at 8x", library: "PDFium"),
                run: { drawn.bitmap = try? PDFImage(file).render(scale: 8, limits: .default).bitmap },
                output: { drawn.bitmap.map { "\($0.width)×\($0.height)" } ?? "FAILED" }))
    }
    return list
}

/// The rows pdfium_pdf.py wrote (pdf-results.json in the data folder), if it ran.
func pdfReferenceRows(_ directory: String) -> [ReferenceResults.Row] {
    ReferenceResults(path: (directory as NSString).appendingPathComponent("pdf-results.json")).rows
}
