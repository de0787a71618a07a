import Foundation
import Frames
import Geometry
import SceneModel
import Timeline

/// `manifest.json`: fps, frame count, pixel size and a hash of each frame's pixels.
/// Written by hand so that the bytes are the same on every run (keys in a fixed order).
enum Manifest {
    static func json(_ r: PNGSequence, frames: [FrameResult]) -> String {
        var s = header(r.source)
        s += "  \"hash\": \"render-pixel-hash-64\",\n"
        s += "  \"frames\": ["
        s += frames.map { "\n    {\"index\": \($0.index), \"file\": \(jsonString(r.fileName($0.index))), \"hash\": \"\($0.hash)\"}" }
            .joined(separator: ",")
        s += frames.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return s
    }

    /// The opening brace and the lines that say what was rendered (scene, fps, frame count, duration, pixel size,
    /// scale, and the `--set`/`--state` values when there are any): what the shards of one render share, and
    /// `render merge` compares.
    static func header(_ source: FrameSource) -> String {
        var s = "{\n"
        s += "  \"scene\": \(jsonString(source.scene.name)),\n"
        s += "  \"fps\": \(jsonNumber(source.fps)),\n"
        s += "  \"frameCount\": \(source.frameCount),\n"
        s += "  \"duration\": \(jsonNumber(source.duration)),\n"
        s += "  \"width\": \(source.pixelWidth),\n"
        s += "  \"height\": \(source.pixelHeight),\n"
        s += "  \"scale\": \(jsonNumber(source.scale)),\n"
        // Only when given, so that a render without them writes the manifest it always did.
        let overrides = source.scene.overrides
        if !overrides.isEmpty {
            let parts = [SceneOverrides.Section.state, .colors].compactMap { section -> String? in
                let values = overrides.filter { $0.section == section }
                guard !values.isEmpty else { return nil }
                return "\"\(section.rawValue)\": {" + values.map { "\(jsonString($0.name)): \($0.json)" }.joined(separator: ", ") + "}"
            }
            s += "  \"overrides\": {" + parts.joined(separator: ", ") + "},\n"
        }
        return s
    }

    /// The frame file names listed in a manifest we wrote earlier.
    static func fileNames(in text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let r = rest.range(of: "\"file\": \"") {
            rest = rest[r.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            out.append(String(rest[..<end]))
            rest = rest[end...]
        }
        return out
    }
}

/// `events.json`: every fired event, timer tick, haptic and gesture phase with its exact time
/// and the first frame that shows it.
enum EventLog {
    static func json(_ t: FrameSource) -> String {
        var s = "{\n  \"fps\": \(jsonNumber(t.fps)),\n  \"events\": ["
        let items = t.history.fired.map { e -> String in
            var fields = ["\"time\": \(jsonSeconds(e.time))",
                          "\"frame\": \(TimeGrid.firstFrame(showing: e.time, fps: t.fps))",
                          "\"kind\": \(jsonString(e.kind.rawValue))"]
            if let id = e.id { fields.append("\"id\": \(jsonString(id))") }
            if e.kind == .haptic, let d = e.detail { fields.append("\"haptic\": \(jsonString(d))") }
            else if e.kind == .tick, let d = e.detail { fields.append("\"tick\": \(d)") }
            else if let d = e.detail { fields.append("\"detail\": \(jsonString(d))") }
            fields.append("\"path\": \(jsonString(e.path))")
            return "\n    {" + fields.joined(separator: ", ") + "}"
        }
        s += items.joined(separator: ",")
        s += items.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return s
    }
}

/// A JSON string literal.
func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
        }
    }
    return out + "\""
}

/// A time in seconds on the microsecond grid the timeline works on: at most 6 decimals, trailing zeros
/// trimmed, so 0.1 + 0.2 is written 0.3 rather than 0.30000000000000004.
func jsonSeconds(_ t: Double) -> String {
    guard t.isFinite, abs(t) < 1e12 else { return jsonNumber(t) }
    let micros = Int64((t * 1_000_000).rounded())
    let sign = micros < 0 ? "-" : ""
    let whole = abs(micros) / 1_000_000, fraction = abs(micros) % 1_000_000
    guard fraction != 0 else { return sign + String(whole) }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 6 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return sign + "\(whole).\(digits)"
}

/// A JSON number: integers without a decimal point, others in Swift's shortest round-trip form.
func jsonNumber(_ x: Double) -> String {
    guard x.isFinite else { return "null" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}
