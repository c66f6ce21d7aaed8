// swift-tools-version: 6.0
import PackageDescription

// ivsim: a UIKit image-view simulator with its own DEFLATE and PNG codec.
// Module dependencies point down only (see docs/ARCHITECTURE.md); no package dependencies.
// Products: the `ivsim` tool, `IVSimKit` (the Swift API) and `IVSimTesting` (assertions for XCTest
// and Swift Testing), the `ivsim` command plugin, and the codec and solver modules.
let package = Package(
    name: "ivsim",
    products: [
        .executable(name: "ivsim", targets: ["ivsim"]),
        .library(name: "IVSimKit", targets: ["IVSimKit"]),
        .library(name: "IVSimTesting", targets: ["IVSimTesting"]),
        .plugin(name: "IVSimPlugin", targets: ["IVSimPlugin"]),
        .library(name: "PNGCodec", targets: ["PNGCodec"]),
        .library(name: "JPEGCodec", targets: ["JPEGCodec"]),
        .library(name: "Deflate", targets: ["Deflate"]),
        .library(name: "Cassowary", targets: ["Cassowary"])
    ],
    targets: [
        .target(name: "Deflate"),
        .target(name: "Syntax"),
        .target(name: "PNGCodec", dependencies: ["Deflate"]),
        .target(name: "JPEGCodec"),
        .target(name: "ImageFormats", dependencies: ["Deflate", "PNGCodec"]),
        .target(name: "Raster"),
        .target(name: "Vector", dependencies: ["Syntax", "Raster", "Deflate", "JPEGCodec"]),
        .target(name: "Symbols", dependencies: ["Syntax", "Raster", "Vector"]),
        .target(name: "CoreImageChains", dependencies: ["Raster"]),
        .target(name: "Cassowary"),
        .target(name: "ImageViews", dependencies: ["Raster", "Cassowary"]),
        .target(
            name: "AssetCatalogs",
            dependencies: [
                "Syntax", "ImageViews", "Raster", "PNGCodec", "JPEGCodec", "ImageFormats", "Vector", "Symbols"
            ]),
        .target(
            name: "ScenarioFormat",
            dependencies: ["Syntax", "AssetCatalogs", "ImageViews", "PNGCodec", "Vector", "Symbols", "CoreImageChains"]),
        .target(name: "Baselines", dependencies: ["Syntax", "AssetCatalogs", "ScenarioFormat", "PNGCodec", "Raster"]),
        .target(
            name: "IVSimKit", dependencies: ["Syntax", "AssetCatalogs", "Baselines", "ScenarioFormat", "ImageViews"]),
        .target(name: "IVSimTesting", dependencies: ["IVSimKit"]),
        .executableTarget(
            name: "ivsim",
            dependencies: ["IVSimKit", "Syntax", "PNGCodec", "JPEGCodec", "ImageFormats", "Deflate", "Vector", "Raster"]
        ),
        .plugin(
            name: "IVSimPlugin",
            capability: .command(
                intent: .custom(
                    verb: "ivsim", description: "Check, record, render or validate ivsim scenarios (ivsim help)")),
            dependencies: ["ivsim"]),
        .executableTarget(
            name: "ivsim-bench",
            dependencies: [
                "Syntax", "PNGCodec", "JPEGCodec", "ImageFormats", "Deflate", "Raster", "Vector", "ImageViews",
                "AssetCatalogs",
                "ScenarioFormat",
                "Baselines", "Cassowary", "Symbols", "CoreImageChains"
            ], path: "Benchmarks",
            exclude: [
                "kiwi_optional_chain.py", "pillow_jpeg.py", "pillow_formats.py", "pdfium_pdf.py", "resvg_svg.py",
                "run-anchors", "run-bench", "count-instructions", "anchors", "svg"
            ]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DeflateTests", dependencies: ["Deflate", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SyntaxTests", dependencies: ["Syntax", "TestSupport"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ImageFormatsTests", dependencies: ["ImageFormats", "PNGCodec", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "JPEGCodecTests", dependencies: ["JPEGCodec", "PNGCodec", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "VectorTests", dependencies: ["Vector", "PNGCodec", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "CoreImageChainsTests", dependencies: ["CoreImageChains", "Raster", "PNGCodec", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "SymbolsTests", dependencies: ["Symbols", "Raster", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ImageViewsTests", dependencies: ["ImageViews", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ScenarioFormatTests",
            dependencies: ["Syntax", "AssetCatalogs", "ScenarioFormat", "Vector", "PNGCodec", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "BaselinesTests", dependencies: ["Syntax", "Baselines", "TestSupport"]),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "IVSimKitTests", dependencies: ["IVSimKit", "IVSimTesting"]),
        .testTarget(
            name: "ivsimTests", dependencies: ["Syntax", "ivsim", "TestSupport", "PNGCodec", "ScenarioFormat"],
            exclude: ["Fixtures"])
    ]
)
