import Raster

// Functions of one input (ISO 32000-1 §7.10), as shadings use them: type 0 (sampled, linear
// interpolation between samples), type 2 (exponential: C0 + t^N × (C1 − C0)), type 3 (stitching,
// with Bounds and Encode) and type 4 (PostScript calculator, PDFCalculator). A function becomes
// gradient stops: exactly, at its breakpoints, where it is piecewise linear (type 2 with N = 1,
// type 0, and stitchings of them); elsewhere at `curveSamples` even steps of each curved piece
// (`programSamples` of a calculator's domain), between which the gradient interpolates linearly.

indirect enum PDFFunction {
    case exponential(domain: (Double, Double), c0: [Double], c1: [Double], n: Double)
    case stitching(domain: (Double, Double), functions: [PDFFunction], bounds: [Double], encode: [Double])
    case sampled(domain: (Double, Double), samples: [[Double]], encode: (Double, Double))
    /// A calculator program and its /Range (outputs clamped to it).
    case calculator(domain: (Double, Double), range: [Double], program: PDFCalculator)

    static let curveSamples = 64
    static let programSamples = 256
    static let maxSamples = 4096

    var domain: (Double, Double) {
        switch self {
        case let .exponential(domain, _, _, _), let .stitching(domain, _, _, _), let .sampled(domain, _, _),
            let .calculator(domain, _, _):
            domain
        }
    }

    static func clamp(_ t: Double, _ d: (Double, Double)) -> Double { min(max(t, min(d.0, d.1)), max(d.0, d.1)) }

    func evaluate(_ t: Double) -> [Double] {
        let t = Self.clamp(t, domain)
        switch self {
        case let .exponential(_, c0, c1, n):
            let p = n == 1 ? t : PDFMath.power(t, n)
            return zip(c0, c1).map { $0 + p * ($1 - $0) }
        case let .stitching(domain, functions, bounds, encode):
            let k = bounds.firstIndex { t < $0 } ?? bounds.count
            let lo = k == 0 ? domain.0 : bounds[k - 1], hi = k == bounds.count ? domain.1 : bounds[k]
            let e0 = encode[2 * k], e1 = encode[2 * k + 1]
            let u = hi == lo ? e0 : e0 + (t - lo) * (e1 - e0) / (hi - lo)
            return functions[k].evaluate(u)
        case let .sampled(domain, samples, encode):
            let e =
                domain.1 == domain.0
                ? encode.0 : encode.0 + (t - domain.0) * (encode.1 - encode.0) / (domain.1 - domain.0)
            let x = e.isFinite ? min(max(e, 0), Double(samples.count - 1)) : 0
            let i = min(Int(x), samples.count - 2), f = x - Double(i)
            return zip(samples[i], samples[i + 1]).map { $0 + f * ($1 - $0) }
        case let .calculator(_, range, program):
            let outputs = program.evaluate([t], count: range.count / 2)
            return outputs.enumerated().map { k, v in min(max(v, range[2 * k]), range[2 * k + 1]) }
        }
    }

    /// (t, value) pairs from `t0` to `t1` between which the function is linear (or sampled finely).
    func breakpoints(_ t0: Double, _ t1: Double) -> [(Double, [Double])] {
        switch self {
        case let .exponential(_, _, _, n):
            let steps = n == 1 ? 1 : Self.curveSamples
            return (0...steps).map { i in
                let t = t0 + (t1 - t0) * Double(i) / Double(steps)
                return (t, evaluate(t))
            }
        case let .stitching(domain, functions, bounds, encode):
            var out: [(Double, [Double])] = []
            let edges = [domain.0] + bounds + [domain.1]
            for k in functions.indices {
                let lo = max(edges[k], min(t0, t1)), hi = min(edges[k + 1], max(t0, t1))
                guard lo <= hi else { continue }
                let e0 = encode[2 * k], e1 = encode[2 * k + 1], width = edges[k + 1] - edges[k]
                func toSub(_ t: Double) -> Double { width == 0 ? e0 : e0 + (t - edges[k]) * (e1 - e0) / width }
                func fromSub(_ u: Double) -> Double { e1 == e0 ? lo : edges[k] + (u - e0) * width / (e1 - e0) }
                out += functions[k].breakpoints(toSub(lo), toSub(hi)).map { (fromSub($0.0), $0.1) }
            }
            return out
        case let .sampled(domain, samples, encode):
            var out: [(Double, [Double])] = [(t0, evaluate(t0))]
            for i in samples.indices {
                let span = encode.1 - encode.0
                guard span != 0 else { break }
                let t = domain.0 + (Double(i) - encode.0) * (domain.1 - domain.0) / span
                if t > min(t0, t1), t < max(t0, t1) { out.append((t, samples[i])) }
            }
            out.append((t1, evaluate(t1)))
            return out.sorted { $0.0 < $1.0 }
        case .calculator:
            return (0...Self.programSamples).map { i in
                let t = t0 + (t1 - t0) * Double(i) / Double(Self.programSamples)
                return (t, evaluate(t))
            }
        }
    }

    static func read(_ object: PDFObject, file: PDFFile, depth: Int = 0) throws(PDFError) -> PDFFunction {
        guard depth < 8 else { throw PDFError("functions nested more than 8 deep (docs/LIMITS.md)") }
        try file.functionWork.charge(1_000)  // a read costs as much as many steps: references may repeat a function
        let object = try file.resolve(object)
        guard let d = object.dictionary, let type = try file.value(d, "FunctionType")?.integer else {
            throw PDFError("a function is not a dictionary or stream with /FunctionType")
        }
        func numbers(_ key: String) throws(PDFError) -> [Double]? { try file.numbers(d, key, of: "") }
        guard let domainValues = try numbers("Domain"), domainValues.count == 2 else {
            throw PDFError("a function has no /Domain [t0 t1]")
        }
        let domain = (domainValues[0], domainValues[1])
        guard (domain.1 - domain.0).isFinite else {
            throw PDFError("a function's /Domain spans more than a number holds")
        }
        switch type {
        case 2:
            let c0 = try numbers("C0") ?? [0], c1 = try numbers("C1") ?? [1]
            guard c0.count == c1.count, !c0.isEmpty, c0.count <= 32, let n = try file.value(d, "N")?.number, n.isFinite
            else {
                throw PDFError("an exponential function needs /C0 and /C1 of one length and a number /N")
            }
            guard n == n.rounded() || domain.0 >= 0 else {
                throw PDFError("an exponential function with a fractional /N over negative inputs")
            }
            return .exponential(domain: domain, c0: c0, c1: c1, n: n)
        case 3:
            guard let items = try file.value(d, "Functions")?.array, !items.isEmpty, items.count <= 256 else {
                throw PDFError("a stitching function needs /Functions (1 to 256)")
            }
            let functions = try items.map { (item: PDFObject) throws(PDFError) -> PDFFunction in
                try read(item, file: file, depth: depth + 1)
            }
            let bounds = try numbers("Bounds") ?? [], encode = try numbers("Encode") ?? []
            guard bounds.count == functions.count - 1, encode.count == 2 * functions.count else {
                throw PDFError(
                    "a stitching function's /Bounds and /Encode do not match its \(functions.count) functions")
            }
            guard zip([domain.0] + bounds, bounds + [domain.1]).allSatisfy({ $0 <= $1 }) || domain.0 > domain.1,
                stride(from: 0, to: encode.count, by: 2).allSatisfy({ (encode[$0 + 1] - encode[$0]).isFinite })
            else {
                throw PDFError(
                    "a stitching function's /Bounds must rise through its /Domain, and its /Encode pairs be finite")
            }
            return .stitching(domain: domain, functions: functions, bounds: bounds, encode: encode)
        case 0:
            guard case let .stream(stream) = object else { throw PDFError("a sampled function is not a stream") }
            guard let size = try numbers("Size"), size.count == 1, size[0] >= 2, size[0] <= Double(maxSamples) else {
                throw PDFError(
                    "a sampled function needs one input and /Size of 2 to \(maxSamples) (several inputs are not read)")
            }
            guard let bits = try file.value(d, "BitsPerSample")?.integer, [1, 2, 4, 8, 12, 16, 24, 32].contains(bits)
            else {
                throw PDFError("a sampled function's /BitsPerSample must be 1, 2, 4, 8, 12, 16, 24 or 32")
            }
            guard let range = try numbers("Range"), range.count >= 2, range.count % 2 == 0, range.count <= 64 else {
                throw PDFError("a sampled function needs /Range")
            }
            let count = Int(size[0]), outputs = range.count / 2
            let encode = try numbers("Encode") ?? [0, Double(count - 1)], decode = try numbers("Decode") ?? range
            guard encode.count == 2, decode.count == range.count, (encode[1] - encode[0]).isFinite,
                stride(from: 0, to: decode.count, by: 2).allSatisfy({ (decode[$0 + 1] - decode[$0]).isFinite })
            else {
                throw PDFError(
                    "a sampled function's /Encode or /Decode has the wrong length or spans more than a number holds")
            }
            try file.functionWork.charge(count * outputs)
            let data = try file.decode(stream).bytes
            var samples: [[Double]] = []
            var reader = BitReader(bytes: data)
            let maxValue = Double((UInt64(1) << UInt64(bits)) - 1)
            for _ in 0..<count {
                var sample: [Double] = []
                for j in 0..<outputs {
                    let v = reader.read(bits)
                    sample.append(decode[2 * j] + Double(v) * (decode[2 * j + 1] - decode[2 * j]) / maxValue)
                }
                samples.append(sample)
            }
            return .sampled(domain: domain, samples: samples, encode: (encode[0], encode[1]))
        case 4:
            guard case let .stream(stream) = object else { throw PDFError("a calculator function is not a stream") }
            guard let range = try numbers("Range"), range.count >= 2, range.count % 2 == 0, range.count <= 64 else {
                throw PDFError("a calculator function needs /Range")
            }
            return .calculator(
                domain: domain, range: range,
                program: try PDFCalculator(try file.decode(stream).bytes, budget: file.functionWork))
        default:
            throw PDFError("function type \(type) does not exist")
        }
    }
}
