import Deflate

// The iCCP chunk (PNG spec §11.3.3.3): a profile name of 1–79 Latin-1 bytes, a NUL, a compression
// method (0: zlib) and the ICC profile compressed. It must come before PLTE and IDAT, at most once.
// (In a CgBI file too the profile is read as zlib: a chunk that is not is ignored.)
// ivsim reads the profile's bytes only; what it describes is decided where the image is shown
// (docs/PNG.md §Colour profiles). A chunk that breaks a rule is ignored and reported, as libpng
// ignores it: the samples are then taken as sRGB, as for a file without one.

enum ColorProfileChunk {
    /// The most a profile may inflate to: larger, the chunk is ignored (real profiles are a few
    /// hundred bytes to a few MiB; docs/LIMITS.md).
    static let maxProfileBytes = 1 << 24

    /// What an iCCP chunk gives: its profile (and a note on what was left of the data), or why
    /// the chunk is ignored.
    enum Outcome {
        case profile([UInt8], note: String?)
        case ignored(String)
    }

    /// The profile in an iCCP chunk's data for an image of `colorType`, or why it is ignored.
    static func read(_ data: UnsafeRawBufferPointer, colorType: PNGColorType) -> Outcome {
        guard let nul = data.prefix(80).firstIndex(of: 0), nul >= 1 else {
            return .ignored("iCCP without a profile name of 1 to 79 bytes ended by a NUL ignored")
        }
        guard nul + 1 < data.count, data[nul + 1] == 0 else {
            return .ignored("iCCP with an unknown compression method ignored")
        }
        let profile: [UInt8]
        do {
            profile = try Inflater.decompress(data[(nul + 2)...], format: .zlib, maxOutput: maxProfileBytes)
        } catch {
            return .ignored("iCCP whose profile does not inflate (\(error)) ignored")
        }
        guard profile.count >= 132, profile[36..<40].elementsEqual(Array("acsp".utf8)) else {
            return .ignored("iCCP whose data is not an ICC profile ignored")
        }
        // The profile is as long as its header says (ICC.1:2010 §7.2.2): what is missing makes no
        // profile; what follows it is not part of it.
        let declared = Int(profile[0]) << 24 | Int(profile[1]) << 16 | Int(profile[2]) << 8 | Int(profile[3])
        guard declared >= 132, declared <= profile.count else {
            return .ignored(
                "iCCP whose profile says it is \(declared) bytes long, with \(profile.count) inflated, ignored")
        }
        // The profile's data colour space must be the image's (ICC.1:2010 §7.2.6; the PNG spec
        // §11.3.3.3): RGB for colour and palette images, GRAY for greyscale ones.
        let space = String(decoding: profile[16..<20], as: UTF8.self)
        let expected = [.grayscale, .grayscaleAlpha].contains(colorType) ? "GRAY" : "RGB "
        guard space == expected else {
            return .ignored(
                "iCCP with a profile for '\(space)' in a \(expected == "GRAY" ? "greyscale" : "colour") image ignored")
        }
        guard declared < profile.count else { return .profile(profile, note: nil) }
        return .profile(
            Array(profile[..<declared]),
            note: "iCCP: \(profile.count - declared) bytes after the \(declared)-byte profile ignored")
    }
}
