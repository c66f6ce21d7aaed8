// libFuzzer target: one constraint string (equation or Visual Format Language) through the
// parser, with one metric defined so metric lookups and did-you-mean for metrics are reached.
@testable import ScenarioFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConstraints(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    switch ConstraintParser.parse(text, metrics: ["gap": 8, "wide": 120]) {
    case let .success(constraints):
        precondition(!constraints.isEmpty || ConstraintParser.isVisualFormat(text), "an equation gave no constraint")
    case let .failure(error):
        precondition(!error.message.isEmpty, "an error without a message")
    }
    return 0
}
