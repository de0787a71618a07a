import ArgumentParser
import Frames
import Geometry

/// What a numeric option accepts, and the one reader every numeric option goes through.
///
/// A value must be written in decimal (`1.5`, `-2`, `1e3`; not `0x10`, `nan` or `inf`) and lie in
/// `low…high`; whole-number options take no fraction or exponent. Anything else is refused while the
/// command line is parsed, with a message naming the option and this range, and exit status 2.
/// The bounds keep every later conversion (seconds to frames, counts to arrays) in range.
struct NumberRule: Sendable {
    var low: Double
    var high: Double
    /// Only whole numbers (no fraction, no exponent).
    var whole = false
    /// What the number counts, for the message: "seconds", "frames per second".
    var unit = ""

    /// "a whole number from 1 to 256", "a number of seconds from 0 to 3600".
    var accepted: String {
        let kind = whole ? "a whole number" : (unit.isEmpty ? "a decimal number" : "a number")
        return kind + (unit.isEmpty ? "" : " of \(unit)") + " from \(fmt(low)) to \(fmt(high))"
    }

    /// Reads a decimal value; the transform of a decimal `@Option`.
    func decimal(_ text: String) throws -> Double {
        guard Self.isDecimal(text, whole: whole), let v = Double(text), v.isFinite, v >= low, v <= high else {
            throw NumberError(message: "expected \(accepted)")
        }
        return v
    }

    /// Reads a whole value; the transform of a whole-number `@Option`.
    func wholeNumber(_ text: String) throws -> Int {
        let v = try NumberRule(low: low, high: high, whole: true, unit: unit).decimal(text)
        return Int(v)
    }

    /// Plain decimal notation: optional sign, digits with at most one point, optional exponent
    /// (only digits and an optional sign when `whole`).
    static func isDecimal(_ text: String, whole: Bool) -> Bool {
        var rest = Substring(text)
        if let c = rest.first, c == "+" || c == "-" { rest.removeFirst() }
        let mantissaEnd = whole ? rest.endIndex : (rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex)
        let mantissa = rest[..<mantissaEnd]
        let digits = mantissa.filter(\.isASCIIDigit).count
        let points = mantissa.filter { $0 == "." }.count
        guard digits > 0, digits + points == mantissa.count, points <= (whole ? 0 : 1) else { return false }
        guard mantissaEnd < rest.endIndex else { return true }
        var exponent = rest[rest.index(after: mantissaEnd)...]
        if let c = exponent.first, c == "+" || c == "-" { exponent.removeFirst() }
        return !exponent.isEmpty && exponent.allSatisfy(\.isASCIIDigit)
    }
}

extension NumberRule {
    static let fps = NumberRule(low: 1, high: 240, unit: "frames per second")
    static let scale = NumberRule(low: 0.1, high: 8, unit: "pixels per point")
    /// A time in a scene: scenes last at most 3600 s (docs/limits.md).
    static let time = NumberRule(low: 0, high: 3600, unit: "seconds")
    static let interval = NumberRule(low: 0.001, high: 3600, unit: "seconds")
    static let jobs = NumberRule(low: 1, high: 256, whole: true)
    static let sheetFrames = NumberRule(low: 1, high: 1000, whole: true)
    static let columns = NumberRule(low: 1, high: 100, whole: true)
    static let fraction = NumberRule(low: 0, high: 1)
    static let pixels = NumberRule(low: 0, high: 1_000_000_000, whole: true)
    /// A port to listen on; 0 asks the system for a free one.
    static let listenPort = NumberRule(low: 0, high: 65535, whole: true)
}

/// Why a value was refused; ArgumentParser prints it after "The value '…' is invalid for '--option'".
struct NumberError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
