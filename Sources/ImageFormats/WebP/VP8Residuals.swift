// A macroblock's coefficients (RFC 6386 §13): tokens through the coefficient tree with
// probabilities by block type, band and context, DCT_CAT extra bits, signs, dequantized by the
// segment's factors and placed in zig-zag order. The context of a block's first token is how many
// of its neighbours above and to the left ended with a coefficient past the first position they
// code; a token after a zero cannot be the end of the block.

enum VP8Residuals {
    static let bands = [0, 1, 2, 3, 6, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 0]
    static let zigzag = [0, 1, 4, 8, 5, 2, 3, 6, 9, 12, 13, 10, 7, 11, 14, 15]
    /// Extra-bit probabilities of DCT_CAT3 … DCT_CAT6.
    static let categories: [[Int]] = [
        [173, 148, 140], [176, 155, 140, 135], [180, 157, 141, 134, 130],
        [254, 254, 243, 230, 196, 177, 153, 140, 133, 130, 129]
    ]

    /// Decodes one block's tokens into `out` (16 coefficients, dequantized by `dc` for position 0
    /// and `ac` for the rest); returns the position after the last token before the end of the
    /// block (16 when the block runs to its end).
    static func block(
        _ d: inout VP8BoolDecoder, _ probabilities: [Int], type: Int, context: Int, first: Int, dc: Int, ac: Int,
        into out: inout [Int32], at base: Int
    ) -> Int {
        func p(_ n: Int, _ ctx: Int) -> Int { ((type * 8 + bands[n]) * 3 + ctx) * 11 }
        var n = first
        var at = p(n, context)
        while n < 16 {
            if d.bit(probabilities[at]) == 0 { return n }  // end of block
            while d.bit(probabilities[at + 1]) == 0 {  // a zero
                n += 1
                if n == 16 { return 16 }
                at = p(n, 0)
            }
            var v: Int
            let nextContext: Int
            if d.bit(probabilities[at + 2]) == 0 {
                v = 1
                nextContext = 1
            } else {
                v = largeValue(&d, probabilities, at)
                nextContext = 2
            }
            if d.bit(128) == 1 { v = -v }
            // Kept in 16 bits, as libwebp keeps coefficients (int16_t): a product past ±32,767,
            // which only a crafted file reaches, wraps as it does there.
            out[base + zigzag[n]] = Int32(Int16(truncatingIfNeeded: v * (n > 0 ? ac : dc)))
            n += 1
            if n < 16 { at = p(n, nextContext) }
        }
        return 16
    }

    /// A value of 2 or more: DCT_2 … DCT_4 and the categories with their extra bits.
    private static func largeValue(_ d: inout VP8BoolDecoder, _ probabilities: [Int], _ at: Int) -> Int {
        if d.bit(probabilities[at + 3]) == 0 {
            if d.bit(probabilities[at + 4]) == 0 { return 2 }
            return 3 + d.bit(probabilities[at + 5])
        }
        if d.bit(probabilities[at + 6]) == 0 {
            if d.bit(probabilities[at + 7]) == 0 { return 5 + d.bit(159) }
            var v = 7 + 2 * d.bit(165)
            v += d.bit(145)
            return v
        }
        let high = d.bit(probabilities[at + 8])
        let low = d.bit(probabilities[at + 9 + high])
        let category = 2 * high + low
        var v = 0
        for probability in categories[category] { v = 2 * v + d.bit(probability) }
        return v + 3 + (8 << category)
    }
}
