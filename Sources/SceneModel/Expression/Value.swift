import Foundation
import Geometry

/// The result of evaluating an expression: what a scene value can be at run time.
public enum Value: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    case string(String)
    /// An sRGB colour with straight alpha, components 0…1.
    case color(Color)
    /// Only list literals make lists; the checker admits them only as `nearest`'s second argument.
    case list([Value])

    /// The type a value of this case has.
    public var type: ValueType {
        switch self {
        case .number: .number
        case .bool: .bool
        case .string: .string
        case .color: .color
        case .list: .list
        }
    }

    /// False when a number (or a colour component, or a list element) is NaN or infinite.
    /// Expressions follow IEEE arithmetic (`1/0` is +inf, `0/0` is NaN) instead of failing,
    /// so callers check this before they use a result for geometry.
    public var isFinite: Bool {
        switch self {
        case .number(let x): x.isFinite
        case .bool, .string: true
        case .color(let c): c.r.isFinite && c.g.isFinite && c.b.isFinite && c.a.isFinite
        case .list(let items): items.allSatisfy(\.isFinite)
        }
    }

    public var number: Double? { if case .number(let x) = self { x } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var color: Color? { if case .color(let c) = self { c } else { nil } }

    /// Text as it appears when a value is joined to a string (`'n = ' + 3`) or
    /// interpolated (`card{i}`): integers without a decimal point, other numbers in
    /// Swift's shortest round-trip form, colours as `#RRGGBB[AA]`.
    public var text: String {
        switch self {
        case .number(let x): Value.format(x)
        case .bool(let b): b ? "true" : "false"
        case .string(let s): s
        case .color(let c): c.description
        case .list(let items): "[" + items.map(\.text).joined(separator: ", ") + "]"
        }
    }

    public var description: String {
        if case .string(let s) = self { return "'" + s + "'" }
        return text
    }

    /// Formats a number for text: `3` not `3.0`, `0.25`, `inf`, `nan`.
    public static func format(_ x: Double) -> String {
        // 2^53: beyond it not every integer is representable, and Int64 stays far from overflow.
        if x.isFinite, x == x.rounded(), abs(x) < 9_007_199_254_740_992 { return String(Int64(x)) }
        return x.description
    }
}

/// The static type of an expression, known at load time.
public enum ValueType: String, Hashable, Sendable, CustomStringConvertible, CaseIterable {
    case number, bool, string, color, list

    /// With an article, for error messages: "a number", "a colour".
    public var description: String {
        switch self {
        case .number: "a number"
        case .bool: "a bool"
        case .string: "a string"
        case .color: "a colour"
        case .list: "a list"
        }
    }
}
