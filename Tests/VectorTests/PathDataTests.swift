import Testing
@testable import Vector

/// SVG path data as SVG 1.1 §8.3 reads it, each expectation worked out by hand.
@Suite struct PathDataTests {
    typealias S = PathData.Segment

    @Test func relativeCommandsAndImplicitLinetos() throws {
        let data = try PathData("m10 20 5 0 0 5z l1 1")
        #expect(data.segments == [.move(10, 20), .line(15, 20), .line(15, 25), .close, .line(11, 21)])
    }

    @Test func horizontalVerticalAndNumberForms() throws {
        let data = try PathData("M1,1H5V-2h.5v1e1 L1.5.5-2-3")
        #expect(
            data.segments == [
                .move(1, 1), .line(5, 1), .line(5, -2), .line(5.5, -2), .line(5.5, 8), .line(1.5, 0.5), .line(-2, -3)
            ])
    }

    @Test func smoothCurvesReflectThePreviousControlPoint() throws {
        let data = try PathData("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0 Q 25 5 30 0 T 40 0 t 10 0")
        #expect(
            data.segments == [
                .move(0, 0),
                .cubic(0, 10, 10, 10, 10, 0),
                .cubic(10, -10, 20, -10, 20, 0),  // reflection of (10, 10) about (10, 0)
                .quad(25, 5, 30, 0),
                .quad(35, -5, 40, 0),  // reflection of (25, 5) about (30, 0)
                .quad(45, 5, 50, 0)
            ])
        // S after a line: the first control point is the current point.
        #expect(try PathData("M0 0 L 5 5 S 10 10 15 5").segments.last == .cubic(5, 5, 10, 10, 15, 5))
    }

    @Test func refusalsSayWhereAndWhy() {
        let cases: [(String, Int, String)] = [
            ("L 1 1", 0, "starts with a moveto"),
            ("M 0 0 A 5 5 0 2 1 10 10", 14, "an arc flag (0 or 1)"),
            ("M 0 0 X 1", 6, "unknown path command \"X\""),
            ("M 0 0 L 1", 9, "a number was expected"),
            ("M 0 0 Z 5", 8, "a number where a path command letter was expected"),
            ("M 0 0 L 1e999 0", 8, "out of range")
        ]
        for (text, offset, message) in cases {
            do {
                _ = try PathData(text)
                Issue.record("\(text) was read")
            } catch {
                #expect(
                    error.offset == offset && error.message.contains(message),
                    "\(text): \(error.offset) \(error.message)")
            }
        }
    }

    @Test func thePathIsQuantisedOnceAtItsScale() throws {
        let path = try PathData("M 0.5 1 L 2 3").path(scale: 2)
        #expect(path.elements == [.move(.init(x: 256, y: 512)), .line(.init(x: 1024, y: 1536))])
    }
}
