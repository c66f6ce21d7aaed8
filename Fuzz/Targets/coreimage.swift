// libFuzzer target: a `coreImage` image source (Core Image chains, docs/COREIMAGE.md) — the input
// is the source's JSON object, placed in a small scenario beside two images it may name ("grid",
// 8 × 4 pixels at 2x, and "ramp", 24 × 16), then read, rendered per display scale and shown by an
// image view. Drawing work and image memory are lowered so that each input runs in milliseconds;
// the chain's own limits (filters, depth, working memory) are the real ones.
import Foundation
import ScenarioFormat
import Syntax

private let folder = URL(fileURLWithPath: ".", isDirectory: true)

private let limits: ScenarioLimits = {
    var limits = ScenarioLimits.default
    limits.drawingWork = 20_000_000
    limits.imageBytes = 64 << 20
    return limits
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCoreImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = Array(UnsafeBufferPointer(start: data, count: size))
    let head = ##"""
        {"canvas": {"size": [24, 24]}, "images": {
          "grid": {"generate": {"indexGrid": {"size": [8, 4]}}, "scale": 2},
          "ramp": {"generate": {"linearGradient": {"size": [24, 16], "colors": ["#FF000080", "#0000FF"]}}},
          "c": {"coreImage":
        """##
    let tail = ##"""
        }}, "root": {"subviews": [{"type": "imageView", "image": "c", "frame": [0, 0, 24, 24]}]}}
        """##
    let text = Array(head.utf8) + source + Array(tail.utf8)
    let scenario: Scenario
    do {
        scenario = try ScenarioLoader.parse(
            text, folder: folder, displayName: "fuzz.json", name: "fuzz", limits: limits)
    } catch {
        precondition(
            error.diagnostics.allSatisfy { $0.file == "fuzz.json" && !$0.message.isEmpty }, "an error naming no file")
        return 0
    }
    for variant in scenario.variants().prefix(1) {
        _ = scenario.scene(for: variant).render()
    }
    return 0
}
