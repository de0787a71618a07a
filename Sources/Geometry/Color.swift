import Foundation

/// An sRGB colour with straight (not premultiplied) alpha; components are 0…1.
/// Colours interpolate component-wise in sRGB, as the scene format says.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: Double, g: Double, b: Double, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)

    /// The named colours of the scene format (SwiftUI's light-mode system colours).
    public static let named: [String: Color] = [
        "black": .black, "white": .white, "clear": .clear,
        "gray": Color(hex: 0x8E8E93), "red": Color(hex: 0xFF3B30), "orange": Color(hex: 0xFF9500),
        "yellow": Color(hex: 0xFFCC00), "green": Color(hex: 0x34C759), "blue": Color(hex: 0x007AFF),
        "purple": Color(hex: 0xAF52DE), "pink": Color(hex: 0xFF2D55),
    ]

    public init(hex: UInt32, alpha: Double = 1) {
        self.init(r: Double((hex >> 16) & 0xFF) / 255, g: Double((hex >> 8) & 0xFF) / 255,
                  b: Double(hex & 0xFF) / 255, a: alpha)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hexString s: String) {
        guard s.hasPrefix("#") else { return nil }
        let digits = Array(s.dropFirst())
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        func v(_ i: Int, _ n: Int) -> Double {
            let str = String(digits[i..<(i + n)])
            let x = Double(UInt32(str, radix: 16) ?? 0)
            return n == 1 ? x * 17 / 255 : x / 255
        }
        switch digits.count {
        case 3: self.init(r: v(0, 1), g: v(1, 1), b: v(2, 1))
        case 6: self.init(r: v(0, 2), g: v(2, 2), b: v(4, 2))
        case 8: self.init(r: v(0, 2), g: v(2, 2), b: v(4, 2), a: v(6, 2))
        default: return nil
        }
    }

    /// This colour with its alpha multiplied by `f` (SwiftUI's `Color.opacity(_:)`).
    public func withAlphaMultiplied(by f: Double) -> Color { Color(r: r, g: g, b: b, a: a * f) }

    /// Component-wise interpolation; `f` is not clamped (springs overshoot), the result is.
    public func mixed(with o: Color, by f: Double) -> Color {
        func m(_ x: Double, _ y: Double) -> Double { Swift.min(1, Swift.max(0, x + (y - x) * f)) }
        return Color(r: m(r, o.r), g: m(g, o.g), b: m(b, o.b), a: m(a, o.a))
    }

    public var description: String {
        func h(_ v: Double) -> String {
            let n = Int((Swift.min(1, Swift.max(0, v)) * 255).rounded())
            return String(format: "%02X", n)
        }
        return "#" + h(r) + h(g) + h(b) + (a == 1 ? "" : h(a))
    }
}
