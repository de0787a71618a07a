import Formats
import Foundation
import RenderKit

/// The notation of motion reports: times in seconds to the millisecond, shifts in whole milliseconds, values to a
/// tenth of a point or degree (a thousandth for ratios), which is what a designer compares by eye; the JSON summary
/// keeps the full values.
enum MotionWords {
    /// `1.234 s`.
    static func seconds(_ t: Double) -> String { String(format: "%.3f s", t) }

    /// `100 ms later`, `42 ms earlier`; nil when the shift is below half a frame at `fps`.
    static func shift(_ from: Double, _ to: Double, fps: Double) -> String? {
        let d = to - from
        guard abs(d) >= 0.5 / fps else { return nil }
        return "\(Int((abs(d) * 1000).rounded())) ms " + (d > 0 ? "later" : "earlier")
    }

    /// `starts 100 ms later (6.017 s → 6.117 s)`, or `starts on time` when the shift is below half a frame: the words of
    /// one moment (`verb`) of the golden at `from` and of the scene at `to`.
    static func timed(_ verb: String, _ from: Double, _ to: Double, fps: Double) -> String {
        shift(from, to, fps: fps).map { "\(verb) \($0) (\(seconds(from)) → \(seconds(to)))" } ?? "\(verb) on time"
    }

    /// `frame 12`, `frames 12–40`.
    static func frames(_ r: ClosedRange<Int>) -> String {
        r.lowerBound == r.upperBound ? "frame \(r.lowerBound)" : "frames \(r.lowerBound)–\(r.upperBound)"
    }

    /// `142.0 pt`, `0.870`, `12.5°`.
    static func value(_ v: Double, unit: String) -> String {
        // Rounded first, so that a value a hair below zero reads 0.0, never -0.0.
        let places = unit.isEmpty ? 1000.0 : 10
        let r = (v * places).rounded() / places
        let shown = r == 0 ? 0 : r
        switch unit {
        case "": return String(format: "%.3f", shown)
        case "°": return String(format: "%.1f°", shown)
        default: return String(format: "%.1f %@", shown, unit)
        }
    }

    /// `+74 %` of `from`; empty when `from` is 0.
    static func change(_ from: Double, _ to: Double) -> String {
        guard from != 0 else { return "" }
        let p = ((to - from) / abs(from) * 100).rounded()
        return " (" + (p >= 0 ? "+" : "") + String(format: "%.0f %%", p) + ")"
    }
}
