// Non-isolated transparency groups (ISO 32000-1 §11.4.5, §11.4.8): a group without /I true whose
// content blends with its backdrop. Its layer starts as the backdrop, so that a blend mode inside
// sees what lies beneath; when it ends, the backdrop's part is taken out again, leaving what the
// group contributes, which is then composited like any layer (docs/PDF.md §Forms and transparency).

extension DrawingContext {
    /// The group's own result from the layer after its content (`composite`, premultiplied: the
    /// backdrop and the group together), the backdrop it started from, and the group alpha α_g
    /// (what the content itself covered). §11.4.8 gives, in straight colour,
    /// C = C_n + (C_n − C_0)·(α_0/α_g − α_0) with alpha α_g; premultiplied, per channel,
    /// R = c_n·α_g + (c_n − c_0)·α_0·(1 − α_g), where c_n = P_n / α_n and c_0 = P_0 / α_0 (0 when
    /// α_0 is 0). Each value in binary64 in that order, from the 8-bit levels over 255; R·255
    /// rounded to the nearest level (halves away from 0) and held to 0…α_g; the pixel's alpha is
    /// α_g's level. A pixel the group did not paint (α_g = 0) is transparent.
    static func groupResult(composite: Bitmap, backdrop: Bitmap, groupAlpha: [UInt8]) -> Bitmap {
        var result = Bitmap(width: composite.width, height: composite.height)
        for i in groupAlpha.indices where groupAlpha[i] != 0 {
            let n = composite.pixels[i], b = backdrop.pixels[i], g = UInt32(groupAlpha[i])
            let an = Double(n >> 24), a0 = Double(b >> 24)
            guard an > 0 else { continue }
            let alphaG = Double(g) / 255, alpha0 = a0 / 255
            var packed = g << 24
            for shift in stride(from: UInt32(0), through: 16, by: 8) {  // red, green, blue
                let cn = Double(n >> shift & 0xFF) / an
                let c0 = a0 > 0 ? Double(b >> shift & 0xFF) / a0 : 0
                let r = cn * alphaG + (cn - c0) * alpha0 * (1 - alphaG)
                let level = min(max((r * 255).rounded(.toNearestOrAwayFromZero), 0), Double(g))
                packed |= UInt32(level) << shift
            }
            result.pixels[i] = packed
        }
        return result
    }
}
