import Foundation

/// One visible value of one view over every frame of a `MotionTrack` (`card.x`, `card.opacity`): what a motion
/// designer would plot. Values are rounded to the precision of their unit (`MotionSeries.precision`) so that the same
/// scene writes the same bytes on every machine, and run-length coded (`MotionRun`).
public struct MotionSeries: Codable, Equatable, Sendable {
    /// The view's `id`, or its path in the scene (`body.children[2]`, `…children[0]#3` for a `forEach` item, `label.overlay` for an overlay).
    public var view: String
    /// `x`, `y`, `width`, `height` (points, as drawn: layout plus offset), `opacity`, `scaleX`, `scaleY`,
    /// `rotation` (degrees), `anchorX`, `anchorY`, `blur`, `cornerRadius` (points), `rotation3D.angle` (degrees) and
    /// its `.axisX/Y/Z`, `.anchorX/Y/Z`, `.perspective`; `shadows[k].radius`, `.x`, `.y` (points) and its colour;
    /// a paint's values under `fill` or `stroke`: a colour's `.red`, `.green`, `.blue`, `.alpha` (sRGB, 0…1), a
    /// gradient's `.stops[k]` colour and `.location`, `.startX/Y`, `.endX/Y`, `.centerX/Y` (unit points),
    /// `.startRadius`, `.endRadius` (points); `strokeWidth`, `trimFrom`, `trimTo`; a text's `fontSize`, `fontWeight`,
    /// `kerning`, `lineSpacing`; a Lottie view's `lottieFrame`.
    public var property: String
    public var values: [MotionRun]

    public init(view: String, property: String, values: [MotionRun]) {
        self.view = view; self.property = property; self.values = values
    }

    /// The series of per-frame values (nil where the view is not drawn), rounded and run-length coded.
    public init(view: String, property: String, frames: [Double?]) {
        let step = Self.precision(of: property)
        var runs: [MotionRun] = []
        for raw in frames {
            let v = raw.map { Self.rounded($0, step: step) }
            if let last = runs.last, last.value == v { runs[runs.count - 1].count += 1 } else { runs.append(MotionRun(v)) }
        }
        self.init(view: view, property: property, values: runs)
    }

    /// `view.property`, as reports name the series.
    public var name: String { view + "." + property }

    /// The value of every frame (nil where the view is not drawn).
    public var frames: [Double?] { values.flatMap { Array(repeating: $0.value, count: $0.count) } }

    /// How many frames the runs cover.
    public var frameCount: Int { values.reduce(0) { $0 + $1.count } }

    /// The unit reports write after the property's values: `pt`, `°`, or nothing for a ratio (opacity, scale, a
    /// colour channel, a unit point) or a count (a font weight, a Lottie frame). Decided by the name's last part, so
    /// `shadows[0].x` is in points and `fill.startX` a unit point.
    public static func unit(of property: String) -> String {
        let last = property.split(separator: ".").last.map(String.init) ?? property
        if ratios.contains(last) { return "" }
        return last == "rotation" || last == "angle" ? "°" : "pt"
    }

    /// The view properties with a fixed name, as the motion track names them (`paintProperties` and `shadowProperties`
    /// follow `fill.`, `stroke.`, `fill.stops[k].`, `shadows[k].`).
    public static let fixedProperties = [
        "x", "y", "width", "height", "opacity", "scaleX", "scaleY", "rotation", "anchorX", "anchorY", "blur", "cornerRadius",
        "rotation3D.angle", "rotation3D.axisX", "rotation3D.axisY", "rotation3D.axisZ", "rotation3D.anchorX",
        "rotation3D.anchorY", "rotation3D.anchorZ", "rotation3D.perspective", "strokeWidth", "trimFrom", "trimTo",
        "fontSize", "fontWeight", "kerning", "lineSpacing", "lottieFrame",
    ]
    static let colourChannels = ["red", "green", "blue", "alpha"]
    static let paintProperties = colourChannels + ["startX", "startY", "endX", "endY", "centerX", "centerY", "startRadius", "endRadius"]
    static let shadowProperties = colourChannels + ["radius", "x", "y"]

    /// Whether the motion track can hold a series of this name: a fixed name, `fill.` or `stroke.` with a paint's
    /// value (`fill.red`, `stroke.startX`), a stop's colour or location (`fill.stops[1].alpha`, `fill.stops[0].location`),
    /// or a shadow's (`shadows[0].radius`).
    public static func isProperty(_ name: String) -> Bool {
        if fixedProperties.contains(name) { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        func indexed(_ part: String, _ word: String) -> Bool {
            guard part.hasPrefix(word + "["), part.hasSuffix("]") else { return false }
            let digits = part.dropFirst(word.count + 1).dropLast()
            return !digits.isEmpty && digits.allSatisfy(\.isASCII) && Int(digits) != nil && (digits == "0" || digits.first != "0")
        }
        switch parts.count {
        case 2 where parts[0] == "fill" || parts[0] == "stroke": return paintProperties.contains(parts[1])
        case 2: return indexed(parts[0], "shadows") && shadowProperties.contains(parts[1])
        case 3 where parts[0] == "fill" || parts[0] == "stroke":
            return indexed(parts[1], "stops") && (colourChannels + ["location"]).contains(parts[2])
        default: return false
        }
    }

    /// Names (last parts) of values that are ratios or counts, not points or degrees.
    static let ratios: Set<String> = [
        "opacity", "scaleX", "scaleY", "anchorX", "anchorY", "red", "green", "blue", "alpha", "location",
        "startX", "startY", "endX", "endY", "centerX", "centerY", "axisX", "axisY", "axisZ", "perspective",
        "trimFrom", "trimTo", "fontWeight", "lottieFrame", "gradientStart", "gradientEnd", "gradientEdgeLevel",
    ]

    /// The step values are rounded to: 0.001 pt or degree, 0.0001 for ratios (opacity is seen to about 1/255).
    public static func precision(of property: String) -> Double { unit(of: property).isEmpty ? 0.0001 : 0.001 }

    /// `x` to the nearest multiple of `step`, written without binary noise (`12.345`, not `12.345000000000001`),
    /// and never `-0`: the Double that printing the multiple to 3 (or 4) places and reading it back gives. Below 10⁹
    /// steps that is the multiple's count over 1000 (or 10000), as IEEE division rounds to nearest and the product
    /// count × step is off by far less than half a step, so it prints as that quotient; computed so, without the
    /// formatting, which was most of the time a motion track took. Larger values are printed and read back.
    public static func rounded(_ x: Double, step: Double) -> Double {
        let scaled = (x / step).rounded()
        guard abs(scaled) < 1e9 else { return roundedByPrinting(x, step: step) }
        let r = scaled / (step < 0.001 ? 10000 : 1000)
        return r == 0 ? 0 : r
    }

    /// `rounded` by printing and reading back, for every magnitude (tests compare the two).
    static func roundedByPrinting(_ x: Double, step: Double) -> Double {
        let scaled = (x / step).rounded()
        let r = Double(String(format: step < 0.001 ? "%.4f" : "%.3f", scaled * step)) ?? scaled * step
        return r == 0 ? 0 : r
    }
}
