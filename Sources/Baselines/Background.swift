import Foundation

/// A value made on a thread of its own while the caller goes on, or made at once when running
/// beside the caller is not wanted (one job: a run of `--jobs 1` uses one thread). `value` waits.
final class Background<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private let finished = DispatchSemaphore(value: 0)

    init(concurrently: Bool, _ make: @escaping @Sendable () -> Value) {
        guard concurrently else {
            result = make()
            return
        }
        let thread = Thread { [self] in
            result = make()
            finished.signal()
        }
        thread.stackSize = 8 << 20  // as the main thread's
        thread.start()
    }

    /// The value, once made (the semaphore orders the write before this read).
    var value: Value {
        if let result { return result }
        finished.wait()
        finished.signal()  // a later read passes at once
        return result!
    }
}
