import Foundation

/// The notations our files write numbers in. Each is fixed because the files' bytes are: a render must write the
/// same manifest every time, and a merge must write the bytes an unsharded render would.
public enum NumberText {
    /// Whole numbers below 10¹⁵ without a decimal point (`60`, `-3`, and `0` for −0), others in Swift's shortest
    /// form that reads back as the same Double (`0.1`, `2.345049615227991`, `1e-07`, `1e+15`); `null` when not finite,
    /// as JSON has no infinity.
    public static func shortest(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// A time in seconds on the microsecond grid the timeline works on: at most 6 decimals, trailing zeros trimmed,
    /// so 0.1 + 0.2 is written 0.3 rather than 0.30000000000000004. Times past 10¹² s fall back to `shortest`.
    public static func microseconds(_ t: Double) -> String {
        guard t.isFinite, abs(t) < 1e12 else { return shortest(t) }
        let micros = Int64((t * 1_000_000).rounded())
        let sign = micros < 0 ? "-" : ""
        let whole = abs(micros) / 1_000_000, fraction = abs(micros) % 1_000_000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + "\(whole).\(digits)"
    }

    /// At most 4 decimals, no trailing zeros, no exponent and no `-0` (`0.1235`, `1000000000000000`); `nan`, `inf` and
    /// `-inf` for the others. Dumps and messages print numbers so (Geometry's `fmt`), and the manifest records
    /// `--set` numbers so, as it always has.
    public static func fourDecimals(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        let r = (v * 10000).rounded() / 10000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        var s = String(format: "%.4f", r)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
