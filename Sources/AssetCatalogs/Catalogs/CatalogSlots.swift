import ImageViews
import Syntax

// The "slot" keys of an image or colour entry — the traits it is for — read into
// AssetConditions (a display-P3 entry ranks after every sRGB one). Some slots name traits no
// UIKit iPhone/iPad app matches (watch idioms, tinted appearance) or traits ivsim does not model
// (memory, graphics feature set, device subtype, locale): such an entry is read and checked, but
// never picked, and `ivsim assets` says why (docs/ASSETS.md §Matching).

/// The traits of one catalog entry.
package struct CatalogSlots {
    package var conditions = AssetConditions()
    /// Why the entry is never picked, if it is not.
    package var unusable: String?
    /// The entry's language direction, before the set decides whether it mirrors.
    package var direction: LayoutDirection?

    /// Reads the slots of `entry`; nil if one is invalid (reported).
    package init?(_ entry: ObjectReader, _ d: Diagnostics) {
        var ok = true
        func name(_ key: String, among names: [String], what: String) -> String? {
            guard let node = entry[key] else { return nil }
            let value = Read.name(node, d, among: names, what: what)
            if value == nil { ok = false }
            return value
        }
        switch name("idiom", among: CatalogKeys.idioms, what: "idiom") {
        case "iphone": conditions.idiom = .phone
        case "ipad": conditions.idiom = .pad
        case "tv": conditions.idiom = .tv
        case "car": conditions.idiom = .carPlay
        case "mac": conditions.idiom = .mac
        case "vision": conditions.idiom = .vision
        case let other?: if other != "universal" { unusable = "idiom \(other) is not a UIKit device" }
        case nil: break
        }
        if let node = entry["appearances"] {
            if let items = Read.array(node, d, what: "appearances", allowEmpty: true) {
                for item in items {
                    guard let pair = ObjectReader(item, allowed: CatalogKeys.appearance, what: "an appearance", d),
                        let kindNode = pair.required("appearance", d, hint: " (\"luminosity\" or \"contrast\")"),
                        let kind = Read.name(kindNode, d, among: CatalogKeys.appearances, what: "appearance"),
                        let valueNode = pair.required("value", d)
                    else {
                        ok = false
                        continue
                    }
                    if kind == "luminosity" {
                        switch Read.name(valueNode, d, among: CatalogKeys.luminosities, what: "luminosity") {
                        case "light": conditions.userInterfaceStyle = .light
                        case "dark": conditions.userInterfaceStyle = .dark
                        case "tinted": unusable = "the tinted appearance is for app icons"
                        default: ok = false
                        }
                    } else if Read.name(valueNode, d, among: CatalogKeys.contrasts, what: "contrast") != nil {
                        conditions.accessibilityContrast = .high
                    } else {
                        ok = false
                    }
                }
            } else {
                ok = false
            }
        }
        conditions.horizontalSizeClass = name("width-class", among: CatalogKeys.sizeClasses, what: "width class")
            .flatMap(UserInterfaceSizeClass.init(rawValue:))
        conditions.verticalSizeClass = name("height-class", among: CatalogKeys.sizeClasses, what: "height class")
            .flatMap(UserInterfaceSizeClass.init(rawValue:))
        if let value = name("language-direction", among: CatalogKeys.directions, what: "language direction") {
            direction = value == "left-to-right" ? .leftToRight : .rightToLeft
        }
        conditions.isDisplayP3 = name("display-gamut", among: CatalogKeys.gamuts, what: "display gamut") == "display-P3"
        for key in CatalogKeys.unmodelledSlots where entry.has(key) {
            unusable = "ivsim does not model the \"\(key)\" trait"
        }
        guard ok else { return nil }
    }
}
