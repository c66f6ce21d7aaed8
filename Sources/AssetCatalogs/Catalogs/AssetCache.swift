import Foundation
import ImageViews
import JPEGCodec
import PNGCodec
import Raster
import Symbols
import Syntax
import Vector

/// A decoded image file as the readers use it: its pixels (in sRGB), the orientation its metadata
/// gives (a JPEG's EXIF orientation) and its embedded colour profile.
package struct ImageFile {
    package var pixels: SourceImage
    package var orientation: ImageOrientation = .up
    package var profile: ICCProfileKind?
    /// Whether the pixels were converted from `profile`, another matrix/TRC profile (MatrixProfile).
    package var convertedFromProfile = false
    /// Why a PNG's iCCP chunk was ignored, when it was (its pixels are taken as sRGB).
    package var ignoredProfile: String?
    /// For a vector file drawn at a scale: what the drawing took.
    package var drawing: DrawingRecord?

    /// The warning for a profile ivsim neither converts from nor takes as sRGB, if any; a catalog
    /// entry marked Display P3 is converted as P3 whatever its file embeds.
    package func profileWarning(shownAs path: String, markedDisplayP3: Bool = false) -> String? {
        if let ignoredProfile, !markedDisplayP3 {
            return
                "\"\(path)\" has a colour profile chunk ivsim does not read (\(ignoredProfile)): its pixels are taken "
                + "as sRGB (docs/PNG.md §Colour profiles); save the image again with its profile, or convert it to sRGB"
        }
        guard case let .other(description) = profile, !convertedFromProfile || markedDisplayP3 else { return nil }
        let taken = markedDisplayP3 ? "as Display P3, as the catalog entry says" : "as sRGB"
        return
            "\"\(path)\" embeds the colour profile \"\(description)\", which ivsim does not convert from: its pixels are taken "
            + "\(taken) (Display P3, sRGB and other matrix/TRC RGB profiles are read, docs/JPEG.md); convert the "
            + "image to sRGB"
    }
}

/// What one run has read from bundles and asset catalogs, shared by every scenario of the run so
/// that each catalog is indexed once and each set parsed and decoded once (docs/ASSETS.md
/// §Performance). Entries are keyed by absolute path; values never depend on which scenario
/// asked first, so sharing cannot change any output.
///
/// Decoded pixels (files, and image sets, which hold them) are kept until they reach
/// `pixelLimit` bytes; past it new ones are made for their caller and not kept, so that a run over
/// many scenarios holds at most that much besides the scenarios it is working on (each bounded by
/// its `image-bytes` limit). Within one scenario the same file is one image either way
/// (NamedAssets keeps its own), so what is kept changes speed only.
public final class AssetCache: @unchecked Sendable {
    /// Bytes of decoded pixels and vector documents a run keeps for later scenarios: 2 GiB (12
    /// bytes a pixel and 8 a byte of a vector file, as the image budget counts them).
    package static let pixelLimit = 1 << 31
    private var keptPixelBytes = 0
    private let lock = NSLock()
    private var listings: [String: [String]?] = [:]
    private var listingSets: [String: Set<String>] = [:]
    private var catalogs: [String: CatalogIndex] = [:]
    private var imageSets: [String: CatalogSetResult<Image>] = [:]
    private var colorSets: [String: CatalogSetResult<Color>] = [:]
    /// Decoded files and headers: successes only, so that a failure's message (which names the
    /// file as its scenario writes it) is made for each caller.
    private var decodedFiles: [String: ImageFile] = [:]
    private var headers: [String: ImageFileHeader] = [:]
    /// Vector documents read (within the kept bytes, 8 a byte of the file), and their renderings
    /// by scale (successes only, as above).
    private var vectors: [String: any VectorImage] = [:]
    /// Vector documents read and found unusable, with why: a run reads each file once, however
    /// many images show it (a file refused after seconds of style matching, shown by a hundred
    /// images, took minutes). The error is what the file holds; the message is each caller's.
    private var unusableVectors: [String: VectorReadError] = [:]
    /// Preserved vectors' drawings afresh, one keeper per document for the run (VectorRedraw's
    /// answers depend on the size and budget alone, so sharing it changes speed only).
    private var redraws: [String: VectorRedraw] = [:]
    /// Symbol templates read, by path (SymbolSetReader), and the messages of those found unusable
    /// (read once a run, as unusable vector files are; at most `maxUnusableTemplates`).
    private var symbolTemplates: [String: SymbolTemplate] = [:]
    private var unusableSymbolTemplates: [String: String] = [:]
    static let maxUnusableTemplates = 4_096
    private var vectorRenderings: [String: VectorRendering] = [:]

    /// What drawing a vector file at a scale gave: the drawing (with its work), or that it needs
    /// more work than a budget. Whether a drawing fits a budget depends on its work alone, so each
    /// answer is the same whichever scenario asked first.
    private enum VectorRendering {
        case drawn(ImageFile)
        case over(Int)
    }

    public init() {}

    /// The entries of a folder, sorted by their UTF-8 bytes (the file system's order is not
    /// portable); nil if it is not a readable folder.
    package func listing(_ url: URL) -> [String]? {
        cached(url.path, in: \.listings) {
            (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted {
                Array($0.utf8).lexicographicallyPrecedes($1.utf8)
            }
        }
    }

    /// Whether `name` is an entry of `folder`, with exactly this spelling (file systems that
    /// ignore case would otherwise find "Icon.png" for "icon.png" on one machine and not another).
    package func contains(_ name: String, in folder: URL) -> Bool {
        cached(folder.path, in: \.listingSets) { Set(listing(folder) ?? []) }.contains(name)
    }

    /// The image file at `url` decoded (refused if it lies outside `area`); `shownAs` names it in
    /// messages. With `displayP3`, or a Display P3 profile in the file, its pixels are Display P3
    /// and come back converted to sRGB (DisplayP3; cached apart from the unconverted decode).
    package func decoded(_ url: URL, area: ReadableArea, shownAs path: String, displayP3: Bool = false) -> Result<
        ImageFile, AssetFile.Failure
    > {
        // Whether the file is inside this caller's area is the caller's question: never cached.
        guard area.contains(url) else { return .failure(area.outside(path, links: true)) }
        let key = url.path + (displayP3 ? "#display-p3" : "")
        lock.lock()
        let hit = decodedFiles[key]
        lock.unlock()
        if let hit { return .success(hit) }
        do throws(AssetFile.Failure) {
            var decoded = try AssetFile.decode(url, shownAs: path)
            // A catalog entry marked Display P3 is converted as P3 whatever its file embeds; else
            // the file's profile says (ProfileConversion; another matrix/TRC profile is
            // colour-matched to the sRGB display, docs/JPEG.md).
            var conversion = ProfileConversion.none
            if displayP3 {
                conversion = .displayP3
            } else if let kind = decoded.profile, let bytes = decoded.iccProfile {
                conversion = ProfileConversion(kind: kind, profile: bytes)
            }
            conversion.convertToSRGB(straightRGBA: &decoded.image.pixels)
            var converted = false
            if case .matrix = conversion { converted = true }
            let image = SourceImage(
                Bitmap(width: decoded.image.width, height: decoded.image.height, straightRGBA: decoded.image.pixels),
                opaque: !decoded.hasAlpha)
            var file = ImageFile(pixels: image, orientation: decoded.orientation, profile: decoded.profile)
            file.convertedFromProfile = converted
            file.ignoredProfile = decoded.ignoredProfile
            return .success(keep(key, file, bytes: image.width * image.height * 12, in: \.decodedFiles))
        } catch {
            return .failure(error)
        }
    }

    /// The size of the image file at `url`, from its headers only (refused if it lies outside
    /// `area`): what a catalog listing needs.
    package func header(_ url: URL, area: ReadableArea, shownAs path: String) -> Result<
        ImageFileHeader, AssetFile.Failure
    > {
        guard area.contains(url) else { return .failure(area.outside(path, links: true)) }
        return cachedSuccess(url.path, in: \.headers) { () throws(AssetFile.Failure) in
            try AssetFile.header(url, shownAs: path)
        }
    }

    /// The SVG or PDF document at `url`, read and checked (refused if it lies outside `area`).
    package func vector(_ url: URL, area: ReadableArea, shownAs path: String) -> Result<
        any VectorImage, AssetFile.Failure
    > {
        guard area.contains(url) else { return .failure(area.outside(path, links: true)) }
        lock.lock()
        let (known, hit) = (unusableVectors[url.path], vectors[url.path])
        lock.unlock()
        if let known { return .failure(AssetFile.unusable(url, known, shownAs: path)) }
        if let hit { return .success(hit) }
        let read: Result<any VectorImage, VectorReadError>
        do throws(AssetFile.Failure) {
            read = try AssetFile.vector(url, shownAs: path)
        } catch {
            return .failure(error)
        }
        switch read {
        case let .success(document):
            // Kept within the run's bytes as its file's size times what reading takes a byte.
            return .success(
                keep(
                    url.path, document, bytes: PixelBudget.documentBytes(fileSize: BoundedFile.size(url) ?? 0),
                    in: \.vectors))
        case let .failure(error):
            lock.lock()
            unusableVectors[url.path] = error
            lock.unlock()
            return .failure(AssetFile.unusable(url, error, shownAs: path))
        }
    }

    /// The vector document at `url` drawn at `scale` pixels per point within `limits` (docs/SVG.md,
    /// docs/PDF.md), kept per scale with its work; `fullWork` is one drawing's whole budget
    /// (AssetFile.render). A drawing kept from another scenario is returned only when its work
    /// fits `limits.work`.
    package func renderedVector(
        _ url: URL, area: ReadableArea, shownAs path: String, scale: Double,
        limits: DrawingLimits, fullWork: Int
    ) -> Result<ImageFile, AssetFile.Failure> {
        let document: any VectorImage
        switch vector(url, area: area, shownAs: path) {
        case let .success(value): document = value
        case let .failure(failure): return .failure(failure)
        }
        let key = url.path + "#@\(scale)x"
        lock.lock()
        let hit = vectorRenderings[key]
        lock.unlock()
        switch hit {
        case let .drawn(file)?:
            if (file.drawing?.work ?? 0) <= limits.work { return .success(file) }
            return .failure(AssetFile.overBudget(shownAs: path, scale: scale, limits: limits, fullWork: fullWork))
        case let .over(budget)? where limits.work <= budget:
            return .failure(AssetFile.overBudget(shownAs: path, scale: scale, limits: limits, fullWork: fullWork))
        default:
            break
        }
        do throws(AssetFile.Failure) {
            let (bitmap, work) = try AssetFile.render(
                document, scale: scale, shownAs: path, limits: limits, fullWork: fullWork)
            let file = ImageFile(pixels: SourceImage(bitmap, opaque: false), drawing: DrawingRecord(work: work))
            if case let .drawn(kept) = keep(
                key, .drawn(file), bytes: bitmap.width * bitmap.height * 12, in: \.vectorRenderings)
            {
                return .success(kept)
            }
            return .success(file)
        } catch {
            if case .overBudget = error {
                lock.lock()
                if case let .over(known)? = vectorRenderings[key] {
                    vectorRenderings[key] = .over(max(known, limits.work))
                } else if vectorRenderings[key] == nil {
                    vectorRenderings[key] = .over(limits.work)
                }
                lock.unlock()
            }
            return .failure(error)
        }
    }

    /// The document at `url` drawn afresh at the sizes views show it, within `limits` and the
    /// work each scene gives. The keeper holds its document, so it is kept within the run's bytes
    /// as the document is.
    package func vectorRedraw(_ url: URL, _ document: any VectorImage, limits: DrawingLimits) -> VectorRedraw {
        let key = url.path + "#\(limits.lines),\(limits.steps),\(limits.pixels)"
        lock.lock()
        let hit = redraws[key]
        lock.unlock()
        if let hit { return hit }
        let redraw = VectorRedraw { width, height, work in
            var budget = limits
            budget.work = work
            return Result { () throws(DrawingFailure) in
                try document.render(pixelWidth: width, pixelHeight: height, limits: budget)
            }
            .map { ($0.bitmap, $0.work) }
        }
        return keep(key, redraw, bytes: PixelBudget.documentBytes(fileSize: BoundedFile.size(url) ?? 0), in: \.redraws)
    }

    /// The symbol template at `url`, read once a run (refused if it lies outside `area` or is
    /// larger than a template may be); its messages name the file.
    package func symbolTemplate(_ url: URL, area: ReadableArea, shownAs path: String) -> Result<
        SymbolTemplate, AssetFile.Failure
    > {
        guard area.contains(url) else { return .failure(area.outside(path, links: true)) }
        lock.lock()
        let known = unusableSymbolTemplates[url.path]
        lock.unlock()
        if let known { return .failure(.message(known)) }
        let result = cachedSuccess(url.path, in: \.symbolTemplates) { () throws(AssetFile.Failure) in
            if let size = BoundedFile.size(url), size > SymbolTemplate.maxBytes {
                throw .message(
                    "\"\(path)\" is \(size) bytes, more than the \(SymbolTemplate.maxBytes) a symbol template may have "
                        + "(docs/LIMITS.md)")
            }
            let bytes = try AssetFile.contents(url, shownAs: path, upTo: nil)
            do throws(SymbolError) {
                // Named after its file, not the caller's name: what is kept is the same for every caller.
                return try SymbolTemplate.read(bytes, name: url.deletingPathExtension().lastPathComponent)
            } catch {
                throw .message("\"\(path)\": \(error.message)")
            }
        }
        if case let .failure(failure) = result {
            lock.lock()
            if unusableSymbolTemplates.count < Self.maxUnusableTemplates {
                unusableSymbolTemplates[url.path] = failure.message
            }
            lock.unlock()
        }
        return result
    }

    package func catalog(_ url: URL, make: () -> CatalogIndex) -> CatalogIndex {
        cached(url.path, in: \.catalogs, make: make)
    }

    /// The image set at `url`; one that draws SVG or PDF files is not kept, as what it gives depends
    /// on the scenario's drawing work (its drawings are, by `renderedVector`, with their work).
    package func imageSet(_ url: URL, make: () -> CatalogSetResult<Image>) -> CatalogSetResult<Image> {
        let key = url.path
        lock.lock()
        let hit = imageSets[key]
        lock.unlock()
        if let hit { return hit }
        let result = make()
        if result.draws { return result }
        let bytes = (result.variants ?? []).reduce(0) { $0 + $1.value.pixels.width * $1.value.pixels.height * 12 }
        return keep(key, result, bytes: bytes, in: \.imageSets)
    }

    /// Stores `value` under `key` while the kept pixels stay within `pixelLimit` (the first stored
    /// wins a race); returns what is stored, or `value` when it is not kept.
    private func keep<Value>(
        _ key: String, _ value: Value, bytes: Int, in table: ReferenceWritableKeyPath<AssetCache, [String: Value]>
    ) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let stored = self[keyPath: table][key] { return stored }
        guard keptPixelBytes + bytes <= Self.pixelLimit else { return value }
        keptPixelBytes += bytes
        self[keyPath: table][key] = value
        return value
    }

    package func colorSet(_ url: URL, make: () -> CatalogSetResult<Color>) -> CatalogSetResult<Color> {
        cached(url.path, in: \.colorSets, make: make)
    }

    /// The value for `key`, made outside the lock until it is made without an error (a failure is
    /// returned, not stored, so its message is the caller's).
    private func cachedSuccess<Value>(
        _ key: String, in table: ReferenceWritableKeyPath<AssetCache, [String: Value]>,
        make: () throws(AssetFile.Failure) -> Value
    ) -> Result<Value, AssetFile.Failure> {
        lock.lock()
        let hit = self[keyPath: table][key]
        lock.unlock()
        if let hit { return .success(hit) }
        do throws(AssetFile.Failure) {
            let value = try make()
            return .success(cached(key, in: table) { value })
        } catch {
            return .failure(error)
        }
    }

    /// The value for `key`, made outside the lock the first time (two threads may both make it;
    /// both results are equal, the first stored wins).
    private func cached<Value>(
        _ key: String, in table: ReferenceWritableKeyPath<AssetCache, [String: Value]>,
        make: () -> Value
    ) -> Value {
        lock.lock()
        if let value = self[keyPath: table][key] {
            lock.unlock()
            return value
        }
        lock.unlock()
        let value = make()
        lock.lock()
        defer { lock.unlock() }
        if let stored = self[keyPath: table][key] { return stored }
        self[keyPath: table][key] = value
        return value
    }
}
