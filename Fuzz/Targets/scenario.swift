// libFuzzer target: scenario JSON through the whole pipeline a run uses: loading (JSON, keys,
// values, images, named assets, constraints, variant matrix), then for the first variants the
// layout (Auto Layout included) and display list, and rendering when the canvas is small.
// Relative paths resolve against IVSIM_FUZZ_FOLDER (Fuzz/run sets it to the repo's Scenarios/).
import Foundation
import ScenarioFormat

private let folder = URL(
    fileURLWithPath: ProcessInfo.processInfo.environment["IVSIM_FUZZ_FOLDER"] ?? ".", isDirectory: true)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let scenario: Scenario
    do {
        scenario = try ScenarioLoader.parse(bytes, folder: folder, displayName: "fuzz.json", name: "fuzz")
    } catch {
        precondition(
            error.diagnostics.allSatisfy { $0.file == "fuzz.json" && !$0.message.isEmpty }, "an error naming no file")
        return 0
    }
    for variant in scenario.variants().prefix(4) {
        let scene = scenario.scene(for: variant)
        let pixels =
            Double(scenario.canvasSize.width * scenario.canvasSize.height)
            * Double(variant.traits.displayScale * variant.traits.displayScale)
        if pixels <= 65_536 { _ = scene.render() }
    }
    return 0
}
