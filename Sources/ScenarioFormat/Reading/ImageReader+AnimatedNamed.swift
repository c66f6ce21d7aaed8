import AssetCatalogs
import ImageViews
import Syntax

// UIImage.animatedImageNamed(_:duration:) (docs/SCENARIOS.md §Images, `animated`): "this method
// would attempt to load images from files with the names 'image0', 'image1' and so on all the way
// up to 'image1024'" [Apple]. Every one of those names is tried as UIImage(named:) would find it
// (the catalogs, then the bundle); the images that exist are the frames, in the order of their
// numbers. Apple does not say whether a gap ends the search; ivsim reads the documentation's
// words, so name0, name2 and name7 make three frames **[choice]**.

extension ImageReader {
    /// The highest number appended (Apple: "all the way up to 'image1024'").
    static let animatedNamedLastIndex = 1_024

    /// Reads `{"named": "spin", "duration": 1}` of an `animated` object.
    func animatedNamed(_ animated: ObjectReader, _ namedNode: JSONNode) -> Kind? {
        if let frames = animated["frames"] {
            d.error(frames, "an animated image takes \"frames\" (image names) or \"named\" (a base name), not both")
            return nil
        }
        guard let name = Read.string(namedNode, d, what: "a base image name") else { return nil }
        var duration = 0.0
        if let n = animated["duration"] {
            guard let value = Read.number(n, d, in: ScenarioLimits.seconds, what: "a duration in seconds") else {
                return nil
            }
            duration = value
        }
        return .animatedNamed(name: name, node: namedNode, duration: duration)
    }

    /// The animated image of the images `lookup`0 … `lookup`1024 that exist, each found as
    /// `named` finds images; nil (reported at `node`) when none does or too many do.
    func animatedNamedImage(_ lookup: String, node: JSONNode, duration: Double, name: String) -> Image? {
        let names = (0...Self.animatedNamedLastIndex).map { "\(lookup)\($0)" }.filter(assets.hasImage(named:))
        guard !names.isEmpty else {
            d.error(
                node,
                "no image named \"\(lookup)0\", \"\(lookup)1\", … up to \"\(lookup)\(Self.animatedNamedLastIndex)\" in the "
                    + "scenario's catalogs or bundle (animatedImageNamed(_:duration:) appends the numbers to the name)")
            return nil
        }
        guard names.count <= Self.maxFrames else {
            d.error(
                node,
                "\(names.count) images named \"\(lookup)\" and a number, more than the \(Self.maxFrames) frames an animated "
                    + "image may have (docs/LIMITS.md)")
            return nil
        }
        var frames: [Image] = []
        for frameName in names {
            guard var frame = assets.image(named: frameName, node: node) else { return nil }
            frame.rename(frameName)  // the report names the frame shown
            frames.append(frame)
        }
        return Image.animated(name: name, frames: frames, duration: duration)
    }
}
