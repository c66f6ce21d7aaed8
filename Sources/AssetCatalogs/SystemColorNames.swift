import ImageViews
import Syntax

/// UIKit system colour names as scenarios write them ("systemMint", UIColor's property) and as
/// colour sets reference them ("systemMintColor", Xcode's spelling), and what is wrong with a name
/// that is neither: an AppKit colour iOS lacks is "macOS only", with the iOS colour that plays its
/// part; UIColor.tintColor is the tint of the view that draws it, not a colour of the table; any
/// other name gets the nearest valid one.
package enum SystemColorNames {
    /// How a name is written.
    package enum Spelling {
        /// A scenario colour: "systemMint".
        case scenario
        /// A colour set's "reference": "systemMintColor".
        case catalogReference

        package func write(_ name: String) -> String { self == .scenario ? name : name + "Color" }
    }

    /// The system colour `name` is, or nil.
    package static func color(_ name: String, _ spelling: Spelling) -> Color? {
        switch spelling {
        case .scenario: Color.system(name)
        // Xcode always writes the suffix; a reference without it is read as well.
        case .catalogReference: Color.system(name.hasSuffix("Color") ? String(name.dropLast(5)) : name)
        }
    }

    /// Why `name` is no system colour, or nil when it is an ordinary unknown name (the caller
    /// words that one and suggests the nearest name, `suggestion`): a macOS colour, UIColor's
    /// tintColor, or a catalog reference's spelling in a scenario.
    package static func problem(_ name: String, _ spelling: Spelling) -> String? {
        if let mac = MacOSColor.named(name) {
            let quoted = "\"\(name)\" is macOS only (AppKit's NSColor.\(mac.name), which UIKit lacks)"
            return mac.iOSEquivalent.map { quoted + "; the iOS equivalent is \"\(spelling.write($0))\"" } ?? quoted
                + " and has no iOS equivalent"
        }
        if name == spelling.write("tintColor") || name == "tintColor" {
            return
                "\"\(name)\" is UIColor.tintColor, the tint of the view that draws it, which ivsim does not resolve as a colour: "
                + "write the colour itself (the default tint is \"\(spelling.write("systemBlue"))\")"
        }
        if spelling == .scenario, name.hasSuffix("Color"), Color.system(String(name.dropLast(5))) != nil {
            return
                "\"\(name)\" is how a colour set references the colour: a scenario writes UIColor's name, \"\(name.dropLast(5))\""
        }
        return nil
    }

    /// " (did you mean …?)" with the nearest system colour name, or "".
    package static func suggestion(_ name: String, _ spelling: Spelling) -> String {
        Suggestions.didYouMean(name, among: Color.systemColorNames.map(spelling.write))
    }
}
