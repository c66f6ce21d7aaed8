// The string table GIF's and TIFF's LZW share: each entry a prefix code and a last byte (its
// first byte kept too, for the code that is defined by its own use), expanded through a stack.
// The formats differ only in how codes are packed and when their width grows, which their
// decoders keep (GIFLZW, TIFFCompression).

struct LZWDictionary {
    /// Codes below this are single bytes (256 for TIFF, 2^minimum code size for GIF).
    let roots: Int
    /// The first code an entry gets after a clear.
    let firstEntry: Int
    /// The code the next entry will get (at most 4,096: the table is then full).
    private(set) var next: Int
    private var previous = -1
    private var prefix = [Int16](repeating: -1, count: 4096)
    private var suffix = [UInt8](repeating: 0, count: 4096)
    private var first = [UInt8](repeating: 0, count: 4096)
    private var stack = [UInt8](repeating: 0, count: 4097)

    init(roots: Int, firstEntry: Int) {
        self.roots = roots
        self.firstEntry = firstEntry
        next = firstEntry
        for i in 0..<roots {
            suffix[i] = UInt8(truncatingIfNeeded: i)
            first[i] = UInt8(truncatingIfNeeded: i)
        }
    }

    /// After a clear code: no entries, no previous code.
    mutating func clear() {
        next = firstEntry
        previous = -1
    }

    /// Emits the bytes of `code` (at most `remaining` of them, which it counts down) and adds the
    /// entry the code defines. False when the code cannot be decoded here (past the table, or not
    /// a byte right after a clear): the data ends there.
    mutating func expand(_ code: Int, remaining: inout Int, _ emit: (UInt8) -> Void) -> Bool {
        var current = code, depth = 0
        if previous < 0 {
            guard code < roots else { return false }
        } else {
            guard code <= next, code < 4096 else { return false }
            if code == next {
                // Defined by its own use: the previous string and that string's first byte.
                stack[depth] = first[previous]
                depth += 1
                current = previous
            }
        }
        while current >= roots {
            stack[depth] = suffix[current]
            depth += 1
            current = Int(prefix[current])
        }
        stack[depth] = UInt8(truncatingIfNeeded: current)
        depth += 1
        let head = UInt8(truncatingIfNeeded: current)
        while depth > 0, remaining > 0 {
            depth -= 1
            emit(stack[depth])
            remaining -= 1
        }
        if previous >= 0, next < 4096 {
            prefix[next] = Int16(previous)
            suffix[next] = head
            first[next] = first[previous]
            next += 1
        }
        previous = code
        return true
    }
}
