import ImageViews
import PNGCodec
import ScenarioFormat
import Syntax

/// Renders scenarios without comparing (`ivsim render` and `ivsim layout`).
public enum VariantRendering {
    /// PNG bytes, layout JSON text and name of every variant, made one at a time as the sequence
    /// is walked (only one variant's files are in memory).
    public static func files(for scenario: Scenario) -> some Sequence<(png: [UInt8], layout: String, variant: String)> {
        scenario.variants().lazy.map { variant in
            let (bitmap, digest, scene) = BaselineRunner.render(scenario, variant)
            let png = PNGEncoder().encode(bitmap.rgbaImage)
            let layout = LayoutReport.make(
                scenario, variant, scene, digest: digest, pngCRC32: BaselineRunner.crcHex(png))
            return (png, layout.text(), variant.name)
        }
    }

    /// The layout report of every variant (or only the one named), made one at a time as the
    /// sequence is walked; each is rendered for the pixel digest the report carries, but no PNG is made.
    public static func layouts(for scenario: Scenario, only name: String? = nil) -> some Sequence<(String, JSONOutput)>
    {
        scenario.variants().filter { name == nil || $0.name == name }.lazy.map { variant in
            let (_, digest, scene) = BaselineRunner.render(scenario, variant)
            return (variant.name, LayoutReport.make(scenario, variant, scene, digest: digest, pngCRC32: nil))
        }
    }

    /// One variant: its pixels (straight RGBA8), PNG bytes, layout report text and layout result.
    public static func render(_ scenario: Scenario, _ variant: Variant) -> (
        image: RGBAImage, png: [UInt8], layout: String, result: LayoutResult
    ) {
        let (bitmap, digest, scene) = BaselineRunner.render(scenario, variant)
        let image = bitmap.rgbaImage
        let png = PNGEncoder().encode(image)
        let layout = LayoutReport.make(scenario, variant, scene, digest: digest, pngCRC32: BaselineRunner.crcHex(png))
        return (image, png, layout.text(), scene.layout)
    }

    /// One variant's layout result and report text (rendered for the digest; no PNG is made).
    public static func layout(_ scenario: Scenario, _ variant: Variant) -> (layout: String, result: LayoutResult) {
        let (_, digest, scene) = BaselineRunner.render(scenario, variant)
        return (LayoutReport.make(scenario, variant, scene, digest: digest, pngCRC32: nil).text(), scene.layout)
    }
}
