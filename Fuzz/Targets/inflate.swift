// libFuzzer target: zlib and raw DEFLATE streams through Inflater, output capped at 16 MiB
// (a bomb must stop at the cap, not exhaust memory). The first byte chooses the container.
import Deflate

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInflate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let format: DeflateFormat = data[0] & 1 == 0 ? .zlib : .raw
    let input = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let inflater = Inflater(input, format: format, maxOutput: 16 << 20, chunkSize: 1 << 12)
    var total = 0
    do {
        try inflater.drain { total += $0.count }
        precondition(
            inflater.isFinished && total == inflater.totalOutput, "finished stream disagrees with its output count")
    } catch {
        precondition(total <= 16 << 20, "output past the cap")
    }
    return 0
}
