import Foundation
import Testing
@testable import Syntax

/// Invalid UTF-8 is reported where it is: the scan that finds the first ill-formed byte agrees
/// with the standard library's validation on random byte strings, and the error has its line
/// and column.
@Suite struct UTF8LocationTests {
    @Test func theFirstIllFormedByteAgreesWithTheStandardLibrary() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        // Bytes biased towards lead and continuation bytes, so that most strings are nearly valid.
        let alphabet: [UInt8] = [
            0x41, 0x0A, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
            0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF
        ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int(next() % 12)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
            let offset = JSONParser.firstInvalidUTF8(bytes)
            #expect((offset == bytes.count) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            if offset < bytes.count {
                // The prefix is valid, and no longer prefix ending inside the bad sequence is.
                #expect(String(validating: Array(bytes[..<offset]), as: UTF8.self) != nil, "\(bytes)")
            }
        }
    }

    @Test func theErrorNamesTheLineAndColumnOfTheBadByte() {
        let bytes = Array("{\n  \"root\": {\"id\": \"ab".utf8) + [0xFF] + Array("c\"}\n}\n".utf8)
        #expect(
            throws: JSONSyntaxError(
                location: SourceLocation(line: 2, column: 21),
                message: "file is not valid UTF-8 (byte 0xFF at offset 22 starts no well-formed UTF-8 character)")
        ) {
            try JSONParser.parse(bytes)
        }
        // Columns count characters: "é" before the bad byte is one column.
        let accented = Array("{\"é\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        #expect(
            throws: JSONSyntaxError(
                location: SourceLocation(line: 1, column: 8),
                message: "file is not valid UTF-8 (byte 0xC3 at offset 8 starts no well-formed UTF-8 character)")
        ) {
            try JSONParser.parse(accented)
        }
    }

    /// Attack round 18: UTF-16 JSON was "not valid UTF-8" (with a byte order mark) or an
    /// unexpected character (without one); it is named, as RFC 4627 §3 tells the encodings apart.
    @Test func utf16AndUTF32AreNamed() {
        let text = "{\"canvas\": {}}"
        for (bytes, named) in [
            (Array(text.data(using: .utf16)!), "UTF-16 (it starts with the bytes FF FE 7B 00)"),
            (Array(text.data(using: .utf16BigEndian)!), "UTF-16 (it starts with the bytes 00 7B 00 22)"),
            (Array(text.data(using: .utf32BigEndian)!), "UTF-32 (it starts with the bytes 00 00 00 7B)"),
            (
                [0xEF, 0xBB, 0xBF] + Array(text.data(using: .utf16LittleEndian)!),
                "UTF-16 (it starts with the bytes EF BB BF 7B)"
            )
        ] {
            #expect(
                throws: JSONSyntaxError(
                    location: SourceLocation(line: 1, column: 1),
                    message:
                        "the file is \(named): ivsim reads JSON as UTF-8, as RFC 8259 §8.1 requires (save the file "
                        + "as UTF-8)")
            ) {
                try JSONParser.parse(bytes)
            }
        }
        #expect((try? JSONParser.parse(Array("1".utf8))) != nil, "a one-byte document is not taken for UTF-16")
        // Zero bytes in no encoding's pattern (a NUL before text, attack round 19) are not named so.
        #expect(
            WideText.encoding(of: [0, 0x7B, 0x7D]) == nil && WideText.encoding(of: [0] + Array("<svg/>".utf8)) == nil)
    }
}
