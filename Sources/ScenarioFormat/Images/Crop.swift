import ImageViews
import Raster

/// `crop`: `UIImage(cgImage: image.cgImage!.cropping(to: rect)!)` (docs/SCENARIOS.md §Images).
/// Quartz's rule for CGImageCreateWithImageInRect, which `cropping(to:)` is: the rect (in the
/// stored image's pixels, before any orientation) is standardised and made integral
/// (CGRectIntegral: origin floored, far edges ceiled), intersected with the image's bounds, and
/// the pixels inside are the new image; an empty intersection gives nil. The new UIImage has the
/// initialiser's defaults: scale 1, orientation up, and none of the source's UIImage properties
/// (rendering mode, tint, insets, slicing), since those are the UIImage's, not the CGImage's.
struct Crop {
    /// x, y, width, height as given (pixels; any sign).
    let rect: [Double]

    /// The integral pixel rectangle inside a `width` × `height` image, or nil when it is empty.
    func pixels(inWidth width: Int, height: Int) -> (x: Range<Int>, y: Range<Int>)? {
        let x0 = min(rect[0], rect[0] + rect[2]), x1 = max(rect[0], rect[0] + rect[2])
        let y0 = min(rect[1], rect[1] + rect[3]), y1 = max(rect[1], rect[1] + rect[3])
        // CGRectIntegral of a rect with no area is CGRectNull: nothing to crop.
        guard x1 > x0, y1 > y0 else { return nil }
        let left = max(0, Int(x0.rounded(.down))), right = min(width, Int(x1.rounded(.up)))
        let top = max(0, Int(y0.rounded(.down))), bottom = min(height, Int(y1.rounded(.up)))
        guard right > left, bottom > top else { return nil }
        return (left..<right, top..<bottom)
    }

    /// The cropped image, or the reason there is none.
    func apply(to image: Image) -> Result<Image, CropFailure> {
        guard image.frames.isEmpty else { return .failure(.animated) }
        guard rect[2] != 0 && rect[3] != 0 else { return .failure(.empty) }
        let bitmap = image.pixels.bitmap
        guard let area = pixels(inWidth: bitmap.width, height: bitmap.height) else {
            return .failure(.outside(width: bitmap.width, height: bitmap.height, source: image.source))
        }
        // CGImage(cropping:) keeps the image's alpha info, so its opacity.
        var cropped = Image(
            name: image.name, pixels: image.pixels.derived(bitmap.keeping(columns: [area.x], rows: [area.y])))
        cropped.source = image.source
        return .success(cropped)
    }

    /// Crops the image and each of its variants (whichever an app loads, it crops that one).
    func apply(toEvery image: Image) -> Result<Image, CropFailure> {
        var result: Image
        switch apply(to: image) {
        case let .success(made): result = made
        case let .failure(failure): return .failure(failure)
        }
        for variant in image.variants {
            switch apply(to: variant.value) {
            case let .success(made):
                result.variants.append(
                    AssetVariant(conditions: variant.conditions, value: made, source: variant.source))
            case let .failure(failure): return .failure(failure)
            }
        }
        return .success(result)
    }
}

enum CropFailure: Error {
    case animated
    case empty
    case outside(width: Int, height: Int, source: String?)
}
