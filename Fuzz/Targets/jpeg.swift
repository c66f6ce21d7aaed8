// libFuzzer target: whole JPEG files through JPEGDecoder (headers, every scan, the IDCT on its
// second thread, upsampling both ways — libjpeg-turbo's, and within blocks as UIKit shows a JPEG —
// and colour) with limits small enough that a frame header declaring a
// huge image is refused before anything that size is allocated; the ICC profile, if any, through
// ICCProfileKind.
import JPEGCodec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = Array(UnsafeBufferPointer(start: data, count: size))
    var decoder = JPEGDecoder(limits: .init(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22, maxScans: 64))
    if let image = try? decoder.decode(file) {
        precondition(
            image.samples.count == image.width * image.height * image.channels, "sample count disagrees with the size")
        if let profile = image.iccProfile { _ = ICCProfileKind(profile: profile) }
        decoder.upsampling = .imageIO
        let shown = try? decoder.decode(file)
        precondition(shown?.samples.count == image.samples.count, "the two upsamplings disagree on the size")
    }
    _ = try? decoder.header(file)
    return 0
}
