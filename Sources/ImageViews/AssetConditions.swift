// Trait conditions of asset variants (an entry of an asset catalog's image or colour set, or a
// bundle file with @2x / ~ipad modifiers) and how the best variant for a trait collection is
// chosen. Apple documents no order ("best match"); ours is in docs/ASSETS.md §Matching:
//
//   1. a variant is a candidate only if each condition it sets equals the trait;
//   2. a Display P3 variant comes after every other candidate (ivsim's display is sRGB: UIKit
//      shows a P3 image colour-managed when nothing else fits, and prefers the sRGB one);
//   3. candidates compare by specificity, one dimension after another — idiom, appearance,
//      contrast, width class, height class, layout direction: a variant that sets the
//      dimension beats one that leaves it open ("any");
//   4. then by scale: the display scale's fallback order (3x: 3, 2, 1; 2x: 2, 3, 1;
//      1x: 1, 2, 3), a variant without a scale after every scaled one;
//   5. remaining ties go to the variant listed first.

/// The traits an asset variant is made for; nil means any value.
public struct AssetConditions: Equatable, Hashable, Sendable {
    public var idiom: UserInterfaceIdiom?
    public var userInterfaceStyle: UserInterfaceStyle?
    public var accessibilityContrast: AccessibilityContrast?
    public var horizontalSizeClass: UserInterfaceSizeClass?
    public var verticalSizeClass: UserInterfaceSizeClass?
    public var layoutDirection: LayoutDirection?
    /// Pixels per point the variant is drawn for (1, 2, 3); nil: a single-scale variant.
    public var scale: Int?
    /// The entry is for Display P3 screens (`display-gamut: display-P3`): a candidate on ivsim's
    /// sRGB display only after every other, its colours converted (DisplayP3).
    public var isDisplayP3 = false
    /// The content size category a rendering is for (a symbol configured with a text style is
    /// made at each category a scenario shows); catalogs have no slot for it.
    public var contentSizeCategory: ContentSizeCategory?

    public init(
        idiom: UserInterfaceIdiom? = nil, userInterfaceStyle: UserInterfaceStyle? = nil,
        accessibilityContrast: AccessibilityContrast? = nil, horizontalSizeClass: UserInterfaceSizeClass? = nil,
        verticalSizeClass: UserInterfaceSizeClass? = nil, layoutDirection: LayoutDirection? = nil, scale: Int? = nil
    ) {
        self.idiom = idiom
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.layoutDirection = layoutDirection
        self.scale = scale
    }

    /// Whether every condition set holds in `traits` (whose layout direction is the view's
    /// effective one). Scale is not a condition: any scale may stand in for another.
    public func matches(_ traits: Traits) -> Bool {
        (idiom == nil || idiom == traits.userInterfaceIdiom)
            && (userInterfaceStyle == nil || userInterfaceStyle == traits.userInterfaceStyle)
            && (accessibilityContrast == nil || accessibilityContrast == traits.accessibilityContrast)
            && (horizontalSizeClass == nil || horizontalSizeClass == traits.horizontalSizeClass)
            && (verticalSizeClass == nil || verticalSizeClass == traits.verticalSizeClass)
            && (layoutDirection == nil || layoutDirection == traits.layoutDirection)
            && (contentSizeCategory == nil || contentSizeCategory == traits.preferredContentSizeCategory)
    }

    /// The display scales to try, best first, on a screen of `displayScale` [community: a widely
    /// used image library's lookup order; docs/ASSETS.md].
    public static func scaleOrder(for displayScale: Int) -> [Int] {
        switch displayScale {
        case 3: [3, 2, 1]
        case 1: [1, 2, 3]
        default: [2, 3, 1]
        }
    }

    /// A key that orders matching variants: smaller is better, compared element by element.
    func rank(for traits: Traits) -> [Int] {
        func open(_ value: (some Equatable)?) -> Int { value == nil ? 1 : 0 }
        let order = Self.scaleOrder(for: traits.displayScale)
        let scaleRank = scale.map { order.firstIndex(of: $0) ?? order.count } ?? order.count + 1
        return [
            isDisplayP3 ? 1 : 0, open(idiom), open(userInterfaceStyle), open(accessibilityContrast),
            open(horizontalSizeClass), open(verticalSizeClass), open(layoutDirection), open(contentSizeCategory),
            scaleRank
        ]
    }

    /// The conditions in catalog words, for listings ("iphone 2x dark compact-width"); "any" when none.
    public var summary: String {
        var words: [String] = []
        if let idiom { words.append(idiom.rawValue) }
        if let scale { words.append("\(scale)x") }
        if let userInterfaceStyle { words.append(userInterfaceStyle.rawValue) }
        if accessibilityContrast == .high { words.append("high-contrast") }
        if let horizontalSizeClass { words.append("\(horizontalSizeClass.rawValue)-width") }
        if let verticalSizeClass { words.append("\(verticalSizeClass.rawValue)-height") }
        if let layoutDirection { words.append(layoutDirection == .leftToRight ? "left-to-right" : "right-to-left") }
        if isDisplayP3 { words.append("display-P3") }
        if let contentSizeCategory { words.append("content size \(contentSizeCategory.abbreviation)") }
        return words.isEmpty ? "any" : words.joined(separator: " ")
    }
}

/// One variant of a named asset: the traits it is for, its value, and where it came from.
public struct AssetVariant<Value: Sendable>: Sendable {
    public var conditions: AssetConditions
    public var value: Value
    /// The file or entry it was read from, for reports ("Media.xcassets/Icon.imageset/icon@2x.png").
    public var source: String

    public init(conditions: AssetConditions, value: Value, source: String) {
        self.conditions = conditions
        self.value = value
        self.source = source
    }
}

extension Array {
    /// The index of the variant UIKit's lookup picks for `traits` (see the order above), or nil
    /// when no variant's conditions hold.
    public func bestMatch<Value>(for traits: Traits) -> Int? where Element == AssetVariant<Value> {
        var best: (index: Int, rank: [Int])?
        for (index, variant) in enumerated() where variant.conditions.matches(traits) {
            let rank = variant.conditions.rank(for: traits)
            if let current = best, !rank.lexicographicallyPrecedes(current.rank) { continue }
            best = (index, rank)
        }
        return best?.index
    }
}

extension AssetVariant: Equatable where Value: Equatable {}
extension AssetVariant: Hashable where Value: Hashable {}
