import Foundation
import IVSimKit
import IVSimTesting
import Testing

/// The app's scenarios from Swift Testing.
@Suite struct SwiftTestingTests {
    /// Every scenario against its baselines: one test issue per failing variant.
    @Test func everyScenarioMatchesItsBaselines() {
        assertScenarios(
            in: Project.scenarios, baselines: Project.baselines, artifacts: Project.artifacts,
            options: LoadOptions(assetRoots: Project.assetRoots))
    }

    /// Frames straight from the layout, no pixels: the avatar is centred on the banner's bottom edge.
    @Test func theAvatarSitsOnTheBannersEdge() throws {
        let scenario = try IVSimScenario(
            contentsOf: Project.scenarios.appendingPathComponent("profile-header.json"),
            options: LoadOptions(assetRoots: Project.assetRoots))
        let layout = try scenario.layout("scale3-dark")
        let banner = try #require(layout.view("banner")), avatar = try #require(layout.view("avatar"))
        #expect(banner.frame == CGRect(x: 0, y: 0, width: 320, height: 80))
        #expect(avatar.frame == CGRect(x: 128, y: 48, width: 64, height: 64))
        #expect(avatar.frame.midY == banner.frame.maxY)
        // The 20-point avatar aspect-fitted into 64 points fills the view.
        #expect(avatar.imageView?.imageRect == CGRect(x: 0, y: 0, width: 64, height: 64))
    }

    /// A red 8-pixel dot placed by `contentMode` in a 32-point image view, on a 48-point canvas at 2x.
    static func badge(_ contentMode: ViewDefinition.ContentMode) -> ScenarioDefinition {
        var badge = ScenarioDefinition(canvas: CGSize(width: 48, height: 48), background: "#FFFFFF")
        badge.images = [.solid("dot", width: 8, height: 8, color: "#FF3B30")]
        badge.root.subviews = [
            .imageView(
                id: "dot", image: "dot", contentMode: contentMode, frame: CGRect(x: 8, y: 8, width: 32, height: 32))
        ]
        badge.variants = ["matrix": ["displayScale": [2]]]
        return badge
    }

    /// A scenario written in Swift, checked against its baseline in Snapshots/ beside this file.
    @Test func aBadgeBuiltInSwift() throws {
        let scenario = try IVSimScenario(Self.badge(.center), name: "badge")
        #expect(try scenario.layout().view("dot")?.imageView?.imageRect == CGRect(x: 12, y: 12, width: 8, height: 8))
        assertScenario(scenario, artifacts: Project.artifacts)  // baselines: Snapshots/ beside this file
    }

    /// What a failure looks like: a changed scenario fails with the variant, the difference and
    /// where its images are (expected here, so the test passes).
    @Test func aChangedLayoutFails() throws {
        // the badge, with its dot moved to a corner
        let scenario = try IVSimScenario(Self.badge(.topLeft), name: "badge")
        withKnownIssue {
            assertScenario(scenario, artifacts: Project.artifacts, record: .never)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("badge [scale2]: layout differs at $.views[id=dot].contentMode")
            }
        }
    }
}
