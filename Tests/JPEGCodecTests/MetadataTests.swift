import Foundation
import Testing
import TestSupport
@testable import JPEGCodec

/// EXIF orientation, ICC profiles (joined from their chunks and recognised by their colorants)
/// and the colour-space rules, on the generated corpus.
@Suite struct MetadataTests {
    static func file(_ name: String) throws -> [UInt8] { try Fixture().data("jpeg/\(name)") }

    @Test(arguments: 1...8) func exifOrientationIsRead(_ orientation: Int) throws {
        let image = try JPEGDecoder().decode(Self.file("exif_orientation_\(orientation).jpg"))
        #expect(image.orientation == orientation)
    }

    @Test func iccProfilesAreJoinedInSequenceOrder() throws {
        for name in ["icc_display_p3", "icc_display_p3_multichunk", "icc_srgb"] {
            let image = try JPEGDecoder().decode(Self.file("\(name).jpg"))
            #expect(image.iccProfile == (try Self.file("\(name).icc")), "\(name)")
        }
    }

    @Test func profilesAreRecognisedByTheirColorants() throws {
        #expect(ICCProfileKind(profile: try Self.file("icc_display_p3.icc")) == .displayP3)
        #expect(ICCProfileKind(profile: try Self.file("icc_display_p3_multichunk.icc")) == .displayP3)
        #expect(ICCProfileKind(profile: try Self.file("icc_srgb.icc")) == .sRGB)
        // Another RGB space: the P3 colorants moved past the tolerance.
        var other = try Self.file("icc_display_p3.icc")
        let kind = ICCProfileKind(profile: Self.movingRedColorant(&other))
        guard case let .other(description) = kind else {
            Issue.record("a moved colorant is still \(kind)")
            return
        }
        #expect(!description.isEmpty)
        #expect(ICCProfileKind(profile: [UInt8](repeating: 0, count: 20)) == .other("an unreadable profile"))
    }

    /// The profile with its rXYZ X value raised by 0.01.
    static func movingRedColorant(_ profile: inout [UInt8]) -> [UInt8] {
        func u32(_ p: Int) -> Int {
            Int(profile[p]) << 24 | Int(profile[p + 1]) << 16 | Int(profile[p + 2]) << 8 | Int(profile[p + 3])
        }
        let count = u32(128)
        for i in 0..<count where String(decoding: profile[(132 + 12 * i)..<(136 + 12 * i)], as: UTF8.self) == "rXYZ" {
            let at = u32(136 + 12 * i) + 8
            let moved = UInt32(truncatingIfNeeded: u32(at) + 655)
            for k in 0..<4 { profile[at + k] = UInt8(truncatingIfNeeded: moved >> (24 - 8 * k)) }
        }
        return profile
    }

    @Test func colourSpaceFollowsLibjpegsRules() throws {
        // Adobe transform 0: RGB samples copied, not converted (the corpus file decodes to its reference).
        let rgb = try JPEGDecoder().decode(Self.file("own_adobe_rgb_transform0.jpg"))
        #expect(rgb.channels == 3)
        let gray = try JPEGDecoder().decode(Self.file("gray_baseline_q75.jpg"))
        #expect(gray.channels == 1)
        #expect(gray.rgba.count == gray.width * gray.height * 4)
    }

    @Test func headerReadsTheFrameWithoutTheScans() throws {
        let data = try Self.file("large_420_q85_120x90.jpg")
        let header = try JPEGDecoder().header(data)
        #expect(header.width == 120 && header.height == 90 && header.channels == 3 && header.process == "baseline")
    }

    @Test func limitsRefuseBeforeAllocating() throws {
        let data = try Self.file("large_420_q85_120x90.jpg")
        #expect(throws: JPEGError.self) { try JPEGDecoder(limits: .init(maxWidth: 100)).decode(data) }
        #expect(throws: JPEGError.self) { try JPEGDecoder(limits: .init(maxPixels: 10_000)).decode(data) }
        let progressive = try Self.file("progressive_420_q75.jpg")
        do {
            _ = try JPEGDecoder(limits: .init(maxScans: 3)).decode(progressive)
            Issue.record("a progressive file of more than 3 scans decoded with a limit of 3")
        } catch {
            #expect(error.kind == .limits)
            #expect(error.message.contains("3 scans"))
        }
    }
}
