import Foundation
import IVSimKit
import IVSimTesting
import XCTest

/// The same scenarios from XCTest.
final class XCTestTests: XCTestCase {
    func testEveryScenarioMatchesItsBaselines() {
        let summary = assertScenarios(
            in: Project.scenarios, baselines: Project.baselines, artifacts: Project.artifacts,
            options: LoadOptions(assetRoots: Project.assetRoots))
        XCTAssertEqual(summary.failed.count, 0)
        XCTAssertEqual(summary.results.count, 4)  // profile-header in 2 scales × 2 appearances
    }

    func testTheBannerFillsTheWidthAtEveryScale() throws {
        let scenario = try IVSimScenario(
            contentsOf: Project.scenarios.appendingPathComponent("profile-header.json"),
            options: LoadOptions(assetRoots: Project.assetRoots))
        for variant in scenario.variantNames {
            let banner = try XCTUnwrap(scenario.layout(variant).view("banner"))
            XCTAssertEqual(banner.frame.width, 320, variant)
            // 60 × 20 pt aspect-filled into 320 × 80: factor 16/3, so 320 × 106.67, centred.
            XCTAssertEqual(banner.imageView?.imageRect?.height ?? 0, 320.0 / 3, accuracy: 1e-9, variant)
        }
    }
}
