import ImageViews

// Devices a scenario can name instead of a canvas (docs/DEVICES.md: every number with its
// source). A device sets the canvas size in points, the display scale, the idiom, the size
// classes and the root view's safe area insets, for full-screen apps without bars, in portrait or
// landscape.

/// Portrait or landscape (the device's home indicator or home button at the bottom or on the side).
public enum DeviceOrientation: String, Sendable, CaseIterable {
    case portrait, landscape
}

/// One device's screen as a full-screen app sees it.
public struct DevicePreset: Sendable, Equatable {
    /// As a scenario writes it: "iPhone 15 Pro".
    public var name: String
    /// Portrait size in points.
    public var size: Size
    public var displayScale: Int
    public var idiom: UserInterfaceIdiom
    public var portraitSafeArea: EdgeInsets
    public var landscapeSafeArea: EdgeInsets
    /// Horizontal size class in landscape (portrait: compact on iPhones, regular on iPads).
    public var landscapeWidthClass: UserInterfaceSizeClass

    /// The variant-name part: the name without spaces and brackets ("iPhone15Pro", "iPadPro13inchM4").
    public var variantName: String {
        String(
            name.unicodeScalars.filter {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            }
            .map(Character.init))
    }

    /// The canvas size in `orientation`.
    public func canvasSize(_ orientation: DeviceOrientation) -> Size {
        orientation == .portrait ? size : Size(width: size.height, height: size.width)
    }

    public func safeAreaInsets(_ orientation: DeviceOrientation) -> EdgeInsets {
        orientation == .portrait ? portraitSafeArea : landscapeSafeArea
    }

    /// Sets the traits the device decides: scale, idiom and size classes.
    public func apply(_ orientation: DeviceOrientation, to traits: inout Traits) {
        traits.displayScale = displayScale
        traits.userInterfaceIdiom = idiom
        if idiom == .pad {
            traits.horizontalSizeClass = .regular
            traits.verticalSizeClass = .regular
        } else {
            traits.horizontalSizeClass = orientation == .portrait ? .compact : landscapeWidthClass
            traits.verticalSizeClass = orientation == .portrait ? .regular : .compact
        }
    }

    /// The traits a device sets (a scenario may not set them too).
    static let traitKeys = ["displayScale", "userInterfaceIdiom", "horizontalSizeClass", "verticalSizeClass"]
}

public enum DevicePresets {
    private static func phone(
        _ name: String, _ width: Double, _ height: Double, scale: Int = 3, top: Double, bottom: Double,
        side: Double, landscapeBottom: Double, landscapeTop: Double = 0, wide: Bool
    ) -> DevicePreset {
        DevicePreset(
            name: name, size: Size(width: width, height: height), displayScale: scale, idiom: .phone,
            portraitSafeArea: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0),
            landscapeSafeArea: EdgeInsets(top: landscapeTop, left: side, bottom: landscapeBottom, right: side),
            landscapeWidthClass: wide ? .regular : .compact)
    }

    private static func pad(_ name: String, _ width: Double, _ height: Double) -> DevicePreset {
        let insets = EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
        return DevicePreset(
            name: name, size: Size(width: width, height: height), displayScale: 2, idiom: .pad,
            portraitSafeArea: insets, landscapeSafeArea: insets, landscapeWidthClass: .regular)
    }

    /// Every device, in the order docs/DEVICES.md lists them.
    public static let all: [DevicePreset] = [
        phone(
            "iPhone SE (3rd generation)", 375, 667, scale: 2, top: 20, bottom: 0, side: 0, landscapeBottom: 0,
            wide: false),
        phone("iPhone 15", 393, 852, top: 59, bottom: 34, side: 59, landscapeBottom: 21, wide: false),
        phone("iPhone 15 Plus", 430, 932, top: 59, bottom: 34, side: 59, landscapeBottom: 21, wide: true),
        phone("iPhone 15 Pro", 393, 852, top: 59, bottom: 34, side: 59, landscapeBottom: 21, wide: false),
        phone("iPhone 15 Pro Max", 430, 932, top: 59, bottom: 34, side: 59, landscapeBottom: 21, wide: true),
        phone("iPhone 16", 393, 852, top: 59, bottom: 34, side: 59, landscapeBottom: 21, wide: false),
        phone("iPhone 16 Plus", 430, 932, top: 59, bottom: 34, side: 59, landscapeBottom: 21, wide: true),
        phone("iPhone 16 Pro", 402, 874, top: 62, bottom: 34, side: 62, landscapeBottom: 21, wide: false),
        phone("iPhone 16 Pro Max", 440, 956, top: 62, bottom: 34, side: 62, landscapeBottom: 21, wide: true),
        pad("iPad mini (6th generation)", 744, 1133),
        pad("iPad (10th generation)", 820, 1180),
        pad("iPad Air 11-inch (M2)", 820, 1180),
        pad("iPad Pro 11-inch (M4)", 834, 1210),
        pad("iPad Pro 13-inch (M4)", 1032, 1376)
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> DevicePreset? { all.first { $0.name == name } }
}
