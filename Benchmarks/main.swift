// ivsim-bench: times ivsim's codec (and, later, renderer) on the anchor inputs that
// Benchmarks/anchors/gen_images.py writes, and prints each median beside the same operation's
// median from the mature libraries that Benchmarks/anchors/bench.py measured on this machine.
//
//   swift run -c release ivsim-bench [--data DIR] [--reference results.json] [--kiwi kiwi.txt] [--rounds N] [FILTER...]
//
// Method (the same as bench.py's, so the ratios compare like with like): the suite runs `rounds`
// times; each row is timed with one untimed warm-up, then at least 3 runs and until ~0.35 s of
// timed work (at most 35 runs) per round; the figure is the median of all runs pooled over rounds.
// The Cassowary and Auto Layout rows (filters `cassowary`, `autolayout`) need no anchor images; `--kiwi` takes the output of
// Benchmarks/anchors/kiwi_bench.py for kiwisolver's medians. The JPEG rows (filter `jpeg`) need the files
// and medians Benchmarks/pillow_jpeg.py writes into the data folder, the format rows (filter `format`)
// those of Benchmarks/pillow_formats.py; the PDF rows (filter `pdf`, run
// from the repository's root) PDFium's medians from Benchmarks/pdfium_pdf.py; the SVG rows (filter
// `svg`, from the root) resvg's from Benchmarks/resvg_svg.py; the symbol rows (filter `symbol`, from
// the root) need nothing else. Benchmarks/run-anchors writes every reference, Benchmarks/run-bench
// runs this against them.

import Foundation

let options = BenchOptions(CommandLine.arguments.dropFirst())
let anchors = Anchors(directory: options.dataDirectory)
let solverOnly =
    !options.filters.isEmpty
    && options.filters.allSatisfy {
        $0.hasPrefix("cassowary") || $0.hasPrefix("autolayout") || $0.hasPrefix("load") || $0.hasPrefix("jpeg")
            || $0.hasPrefix("pdf") || $0.hasPrefix("svg") || $0.hasPrefix("symbol") || $0.hasPrefix("format")
    }
guard anchors.isComplete || solverOnly else {
    print(
        """
        anchor images not found in \(options.dataDirectory)
        generate them once with Benchmarks/anchors/gen_images.py (see Benchmarks/anchors/README.md),
        or pass --data DIR.
        """)
    exit(2)
}
var reference = ReferenceResults(path: options.referencePath)
reference.rows += kiwiReferenceRows(path: options.kiwiPath)
reference.rows += jpegReferenceRows(options.dataDirectory)
reference.rows += pdfReferenceRows(options.dataDirectory)
reference.rows += svgReferenceRows(options.dataDirectory)
reference.rows += formatReferenceRows(options.dataDirectory)
var rows: [BenchRow] = []
for round in 1...options.rounds {
    print("== round \(round)/\(options.rounds)")
    let suite =
        (solverOnly ? cassowaryBenchmarks() + autoLayoutBenchmarks() + scaleBenchmarks() : allBenchmarks(anchors))
        + jpegBenchmarks(options.dataDirectory) + formatBenchmarks(options.dataDirectory) + pdfBenchmarks()
        + svgBenchmarks()
        + symbolBenchmarks() + coreImageBenchmarks()
    for benchmark in suite where options.selects(benchmark.name) {
        let times = benchmark.measure()
        merge(
            &rows,
            BenchRow(
                name: benchmark.name, times: times, bytes: benchmark.bytes, pixels: benchmark.pixels,
                output: benchmark.output(), reference: benchmark.reference))
        print(rows.first { $0.name == benchmark.name }!.line(reference: reference))
    }
}
if options.selects("corpus") {
    for row in corpusScaling(pairs: 15 * options.rounds) {
        merge(&rows, row)
        print(row.line(reference: reference))
    }
    let one = rows.first { $0.name.hasPrefix("check the corpus, 1 thread") },
        two = rows.first { $0.name.hasPrefix("check the corpus, 2 threads") }
    if let one, let two {
        print(
            String(
                format: "corpus check speed-up on 2 threads: %.2f× (median %.1f ms → %.1f ms)",
                one.median / two.median, one.median * 1e3, two.median * 1e3))
    }
}
print("\n== summary (medians pooled over \(options.rounds) round(s))")
print(BenchRow.header)
for row in rows { print(row.line(reference: reference)) }
