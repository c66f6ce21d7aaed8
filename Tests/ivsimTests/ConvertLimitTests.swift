import Foundation
import Testing

/// `ivsim convert` on hostile files (docs/LIMITS.md): a drawing past its pixels or its work is
/// refused with exit 2 and a message naming the limit, before anything is allocated or written;
/// a file of no known format says what it starts with.
@Suite struct ConvertLimitTests {
    @Test func aDrawingPastItsPixelsIsRefusedBeforeItIsMade() throws {
        let w = try CommandLineTests.Workspace()
        // 107 bytes that aborted with "failed to allocate 274877906976 bytes" at --scale 16.
        try w.write(
            "big.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16384\" height=\"16384\"><rect width=\"10\" height=\"10\"/></svg>"
        )
        for (scale, side) in [("16", 262_144), ("2", 32_768), ("1", 16_384)] {
            let result = try w.run(["convert", "big.svg", "big.png", "--scale", scale])
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "ivsim: error: big.svg: too complex to draw at scale \(scale): the drawing is \(side) × \(side) pixels, more than "
                    + "the 16777216 pixels (and 65536 a side) one drawing may have; use a smaller --scale\n",
                "\(result.stderr)")
            #expect(w.read("big.png") == nil)
        }
    }

    @Test func aDrawingPastItsWorkNamesTheLimitThatRaisesIt() throws {
        let w = try CommandLineTests.Workspace()
        try w.write(
            "rects.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\">"
                + String(repeating: "<rect width=\"64\" height=\"64\" fill=\"red\" fill-opacity=\"0.5\"/>", count: 100)
                + "</svg>")
        let refused = try w.run(["convert", "rects.svg", "rects.png", "--limit", "drawing-work=100000"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("the drawing takes more than the 100000 units of work left to it")
                && refused.stderr.hasSuffix("; raise it with --limit drawing-work=N\n"), "\(refused.stderr)")
        let drawn = try w.run(["convert", "rects.svg", "rects.png"])
        #expect(drawn.status == 0 && drawn.stdout.contains("units of drawing work"), "\(drawn.stdout)")
        let other = try w.run(["convert", "rects.svg", "rects.png", "--limit", "views=3"])
        #expect(other.status == 2 && other.stderr.contains("--limit: convert takes only drawing-work=N"))
    }

    @Test func filesOfNoKnownFormatSayWhatTheyStartWith() throws {
        let w = try CommandLineTests.Workspace()
        try w.write("empty.dat", "")
        try w.write("text.dat", "hello, world")
        try w.write("empty.svg", "")
        let empty = try w.run(["convert", "empty.dat", "out.png"])
        #expect(
            empty.stderr
                == "ivsim: error: empty.dat: the file is empty: expected a PNG, JPEG, GIF, BMP, ICO, TIFF, WebP, PSD, SVG or PDF file\n"
        )
        let text = try w.run(["convert", "text.dat", "out.png"])
        #expect(
            text.stderr.contains(
                "not a PNG, JPEG, GIF, BMP, ICO, TIFF, WebP, PSD, SVG or PDF file: it starts with the bytes 68 65 6C 6C 6F 2C 20 77"
            ))
        let svg = try w.run(["convert", "empty.svg", "out.png"])
        #expect(svg.stderr.contains("empty.svg: line 1, column 1: the file is empty"), "\(svg.stderr)")
        // A HEIC file is called one, as scenarios call it (it said "not a PNG file: signature byte 0 is 0x00").
        try w.write("photo.heic", "\u{0}\u{0}\u{0}\u{18}ftypheic\u{0}\u{0}\u{0}\u{0}mif1heic")
        let heic = try w.run(["convert", "photo.heic", "out.png"])
        #expect(
            heic.stderr
                == "ivsim: error: photo.heic: not a PNG, JPEG, GIF, BMP, ICO, TIFF, WebP, PSD, SVG or PDF file (it is a HEIC file, which ivsim does not decode: "
                + "export it as PNG or JPEG)\n", "\(heic.stderr)")
        #expect(w.read("out.png") == nil)
    }
}
