/// An enumeration with UIKit's raw values whose cases scenario files and reports spell by their
/// UIKit names (`scaleAspectFit`, `leftMirrored`).
public protocol UIKitNamed: CaseIterable {
    /// UIKit's case name.
    var name: String { get }
}

extension UIKitNamed {
    /// The case with UIKit's name `name`, if any.
    public init?(name: String) {
        guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = value
    }
}
