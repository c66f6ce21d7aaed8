import Foundation
import ImageViews
import Raster
import Syntax

/// The `image-bytes` limit of one scenario (docs/LIMITS.md): the memory its images' pixels take,
/// counted before the memory is taken.
///
/// - A generated image is counted from its declared size before a pixel is made.
/// - A PNG file is admitted from its header before it is decoded (`admit`): each distinct file
///   once per scenario, at its pixel count × `bytesPerPixel`, against what is already held. So a
///   file past the budget is never decoded (40 headers of 4096² are refused in milliseconds, not
///   after 8 GB of decoding).
/// - An SVG or PDF file is admitted by its size on disk before it is read (`admitDocument`):
///   each distinct file once per scenario, at `documentBytesPerFileByte` a byte (its document in
///   memory while it is read and drawn), so twenty 40 MB SVGs are refused after the second, not
///   read for a minute into 4 GB.
/// - Every image made is then charged exactly (`charge`): each stored SourceImage once, and each
///   orientation copy drawing will make. Admission counts no more than the charge will (one copy
///   per file), so it never refuses what the charge would accept.
///
/// It also keeps the scenario's `drawing-work` limit (docs/LIMITS.md §Drawing work). Each drawing
/// is made within what the scenario has left (`drawingLimits`), less what the image's earlier
/// drawings took, and `charge` adds the work of every drawing an image's pixels came from
/// (DrawingRecord, each once). A drawing refused because the scenario's work ran out is reported
/// at the image, after it is resolved (`refuseDrawingWork`), with the same words as a charge
/// past the limit: whether the drawing was made now or kept from another scenario of the run
/// then never shows in the message.
package final class PixelBudget {
    /// Bytes of memory per pixel of an image: premultiplied RGBA8 (4) and the same pixels in
    /// 16-bit lanes for the bilinear kernel (8) — what a decoded, generated or transformed image
    /// holds (Raster.SourceImage).
    package static let bytesPerPixel = 12

    package let d: Diagnostics
    /// Bytes charged so far.
    package private(set) var used = 0
    private var charged: Set<Charge> = []
    /// Files admitted before decoding (their real paths), each counted once.
    private var admitted: Set<String> = []
    /// Work units of the drawings charged so far, and which (DrawingRecord identities).
    package private(set) var drawingWork = 0
    private var drawings: Set<ObjectIdentifier> = []
    /// Set when a drawing of the image being resolved was refused for want of the scenario's
    /// work (reported once the image is resolved).
    package var drawingRefused = false {
        didSet { if drawingRefused { drawingSpent = true } }
    }
    /// Set once any drawing of the scenario was refused for its work: later drawings get none, so
    /// that a scenario of many heavy drawings costs the limit once, not once per drawing.
    package var drawingSpent = false

    /// The limits of a drawing made for the scenario: its own, with what is left of `drawing-work`
    /// less `spent` (the work of the image's drawings made before this one); nothing once a
    /// drawing was refused for its work.
    package func drawingLimits(spent: Int = 0) -> DrawingLimits {
        var limits = d.limits.drawing
        limits.work = drawingSpent ? 0 : max(0, d.limits.drawingWork - drawingWork - spent)
        return limits
    }

    /// One image in memory: stored pixels, or a copy of them under an orientation transform
    /// (SourceImage makes each transform once, when it is first drawn).
    private struct Charge: Hashable {
        package let source: ObjectIdentifier
        package let transform: PixelTransform
    }

    package init(_ d: Diagnostics) {
        self.d = d
    }

    package var limit: Int { d.limits.imageBytes }

    /// Whether the files (paths and header sizes) may be decoded: false, with the error at `node`,
    /// when the ones not admitted before would take the scenario past its budget.
    package func admit(_ files: [(path: String, width: Int, height: Int)], at node: JSONNode) -> Bool {
        var bytes = 0
        var new: [String] = []
        for file in files where !admitted.contains(file.path) && !new.contains(file.path) {
            bytes += file.width * file.height * Self.bytesPerPixel
            new.append(file.path)
        }
        guard used + bytes > limit else {
            admitted.formUnion(new)
            return true
        }
        let what = files.count == 1 ? "\(files[0].width) × \(files[0].height) px" : "\(files.count) files"
        refuse(bytes, for: what + ", by its header, before decoding", at: node)
        return false
    }

    /// Bytes of memory per byte of an SVG or PDF file while its document is read and kept: the
    /// XML tree or object table, values and paths (a 40 MB SVG of 100,000 elements peaks at
    /// 280 MB, 7 a byte).
    package static let documentBytesPerFileByte = 8

    /// What a vector file of `size` bytes is counted as holding, once read.
    package static func documentBytes(fileSize size: Int) -> Int { min(size, 1 << 40) * documentBytesPerFileByte }

    /// Whether the SVG or PDF file at `url` may be read: false, with the error at `node`, when its
    /// document would take the scenario past its budget. A file that cannot be sized is admitted
    /// (reading it reports why).
    package func admitDocument(_ url: URL, at node: JSONNode) -> Bool {
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard !admitted.contains(path), let size = BoundedFile.size(url) else { return true }
        let bytes = Self.documentBytes(fileSize: size)
        guard used + bytes <= limit else {
            refuse(
                bytes,
                for:
                    "a vector file of \(Self.mebibytes(size)), held as about \(Self.documentBytesPerFileByte) times that once read",
                at: node)
            return false
        }
        used += bytes
        admitted.insert(path)
        return true
    }

    /// Adds a generated image's bytes, known before its pixels are made; false (reported) over the budget.
    package func reserve(_ bytes: Int, for what: String, at node: JSONNode) -> Bool {
        guard used + bytes > limit else {
            used += bytes
            return true
        }
        refuse(bytes, for: what, at: node)
        return false
    }

    /// Marks a generated image's pixels as charged (its bytes were reserved).
    package func markCharged(_ source: SourceImage) {
        charged.insert(Charge(source: ObjectIdentifier(source), transform: .identity))
    }

    /// Adds the memory of `image`, its variants and frames: each stored SourceImage once, and each
    /// orientation copy its drawing will make (its orientation, and the horizontally flipped one
    /// when it flips for right-to-left layouts); false (reported at `node`) over the budget.
    package func charge(_ image: Image, at node: JSONNode) -> Bool {
        var images = [image] + image.variants.map(\.value) + image.frames
        images += image.frames.flatMap { $0.variants.map(\.value) }
        var bytes = 0
        var new: Set<Charge> = []
        for shown in images {
            var transforms: [PixelTransform] = [.identity, shown.orientation.transform]
            if shown.flipsForRightToLeftLayoutDirection {
                transforms.append(shown.orientation.transform.thenFlippedHorizontally)
            }
            for transform in transforms {
                let key = Charge(source: ObjectIdentifier(shown.pixels), transform: transform)
                if !charged.contains(key) && new.insert(key).inserted {
                    bytes += shown.pixels.width * shown.pixels.height * Self.bytesPerPixel
                }
            }
        }
        var work = 0
        var newDrawings: Set<ObjectIdentifier> = []
        for shown in images {
            guard let drawing = shown.drawing, !drawings.contains(ObjectIdentifier(drawing)),
                newDrawings.insert(ObjectIdentifier(drawing)).inserted
            else { continue }
            work = work.addingReportingOverflow(drawing.work).overflow ? .max : work + drawing.work
        }
        guard chargeDrawing(work, for: "drawing this image", at: node) else { return false }
        guard reserve(bytes, for: "its pixels and their rotated or mirrored copies", at: node) else { return false }
        charged.formUnion(new)
        drawings.formUnion(newDrawings)
        return true
    }

    /// Adds `work` units of drawing; false (reported at `node`, `what` saying what did) over the
    /// `drawing-work` limit.
    package func chargeDrawing(_ work: Int, for what: String, at node: JSONNode) -> Bool {
        let (total, overflow) = drawingWork.addingReportingOverflow(work)
        guard overflow || total > d.limits.drawingWork else {
            drawingWork = total
            return true
        }
        refuseDrawingWork(what, at: node)
        return false
    }

    /// Reports that `what` takes the scenario's drawings past `drawing-work`.
    package func refuseDrawingWork(_ what: String = "drawing this image", at node: JSONNode) {
        d.error(
            node,
            "\(what) takes the scenario's drawings past the \(d.limits.drawingWork) units of work one scenario may spend drawing "
                + "SVG and PDF files, drawn images and preserved vectors (\(drawingWork) before it; a unit is about a nanosecond): "
                + "simplify the drawings, draw them at fewer scales, or split the scenario"
                + ScenarioLimits.raise("drawing-work"))
    }

    private func refuse(_ bytes: Int, for what: String, at node: JSONNode) {
        d.error(
            node,
            "this image (\(what), \(Self.mebibytes(bytes))) takes the scenario's images past "
                + "\(Self.mebibytes(limit)) of pixels (\(Self.mebibytes(used)) before it), the most one scenario "
                + "may hold so that a run stays within memory: use smaller images, or split the scenario"
                + ScenarioLimits.raise("image-bytes"))
    }

    /// Bytes in MiB, rounded up (to a tenth below 100 MiB, so that two amounts never read equal
    /// while one exceeds the other by less than a MiB).
    package static func mebibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 20) - 1) >> 20
        return tenths < 1000 ? "\(tenths / 10).\(tenths % 10) MiB" : "\((bytes + (1 << 20) - 1) >> 20) MiB"
    }
}
