#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Where an assertion was called, in the forms both test frameworks take.
struct CallSite: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt
}

/// Reports a failure to the test framework that runs the current test: Swift Testing when a test
/// of it is running (`Test.current`), else XCTest. `recorder`, set by tests of this module, takes
/// the failures instead.
enum FailureReporting {
    @TaskLocal static var recorder: (@Sendable (String) -> Void)?

    static func fail(_ message: String, at site: CallSite) {
        if let recorder {
            recorder(message)
            return
        }
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(
                        fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line),
                        column: Int(site.column)))
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(message, file: site.filePath, line: site.line)
        #else
            print("ivsim assertion failed: \(message)")
        #endif
    }
}
