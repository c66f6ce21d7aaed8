/// Memory at a fixed address, zeroed (or filled) when made and freed with its owner: coefficient
/// blocks, sample planes and tables that the decoding loops reach through plain pointers, so that
/// several components' buffers can be written at once without copies or reference counting.
/// Threads share one only to write disjoint parts of it (Pixels' bands), hence `@unchecked`.
final class Storage<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    init(repeating value: Element, count: Int) {
        self.count = count
        base = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
        base.initialize(repeating: value, count: max(count, 1))
    }

    /// Memory left unset: for buffers every element of which is written before it is read (a
    /// plane's used blocks), so that it is not written twice.
    init(uninitializedCount count: Int) where Element: BitwiseCopyable {
        self.count = count
        base = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
    }

    convenience init(_ values: [Element]) where Element: BinaryInteger {
        self.init(repeating: 0, count: values.count)
        for (i, v) in values.enumerated() { base[i] = v }
    }

    deinit { base.deallocate() }
}
