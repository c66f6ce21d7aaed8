// swift-tools-version: 6.0
import PackageDescription

// An app's snapshot tests with ivsim: the scenarios in UITests/Scenarios read the app's own asset
// catalog (App/Assets.xcassets, an asset root of ivsim.json), and the test target checks them from
// Swift Testing and from XCTest. It depends on ivsim by path (../..); a real project would write
// .package(url: "https://…/ivsim.git", from: "0.1.0").
let package = Package(
    name: "AppSnapshots",
    dependencies: [
        .package(name: "ivsim", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "AppSnapshotsTests",
            dependencies: [
                .product(name: "IVSimTesting", package: "ivsim"),
                .product(name: "IVSimKit", package: "ivsim")
            ],
            exclude: ["Snapshots"]  // baselines of the scenarios built in Swift (assertScenario's default folder)
        )
    ]
)
