import Foundation

/// A value one thread hands to others that wait for it; set once.
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private var stored: Value?
    private let ready = DispatchSemaphore(value: 0)

    func set(_ value: Value) {
        stored = value
        ready.signal()
    }

    /// The value, once set (the semaphore orders the write before this read).
    var value: Value {
        ready.wait()
        ready.signal()  // the next reader passes at once
        return stored!
    }
}

/// A value made on a thread of its own while the caller goes on, or made at once when running
/// beside the caller is not wanted (one job: a run of `--jobs 1` uses one thread). `value` waits.
final class Background<Value: Sendable>: Sendable {
    private let made = Handoff<Value>()

    init(concurrently: Bool, _ make: @escaping @Sendable () -> Value) {
        guard concurrently else {
            made.set(make())
            return
        }
        let thread = Thread { [made] in made.set(make()) }
        thread.stackSize = 8 << 20  // as the main thread's
        thread.start()
    }

    var value: Value { made.value }
}
