import Formats

/// One fact about an interaction from an expectation file (`SCENE.test.json`, testing contract §2), with the places
/// in the file that a failure or a problem found later (a view that never exists, a time past the end) must name.
public struct Expectation: Sendable {
    /// The one fact an expectation states. One per entry, so that each failure is one line about one thing.
    public enum Fact: Sendable {
        /// Some of x, y, width, height (as drawn: layout plus offset), in points.
        case frame([String: Double])
        case opacity(Double)
        /// Any property of `properties` at `at`: what `frame` and `opacity` say for the others (a gradient's level).
        case value(Double, property: String)
        /// State variables and their values, in file order.
        case state([StateFact])
        /// Haptics by style within the window.
        case haptics([String: Int])
        /// A named event fired at `at` ± tolerance.
        case event(EventReference)
        /// From this time on every value of the view stays within its settle band of its final value: the motion
        /// report's (1 % of the value's move, at least 0.5 pt or degree, 0.005 for a ratio), or `within` points
        /// (degrees; a hundredth of it for a ratio) when the entry gives it.
        case settledBy(Double, within: Double?)
        /// Within the window the property equals a + (b − a)·p(t − from) for the curve p of this animation.
        case follows(AnimationSpec, property: String)
    }

    /// Which fired event an `event` fact means: a timeline entry by its `id` or its place (`timeline[2]`), or the
    /// n-th event of a kind in firing order (`{"kind": "haptic", "index": 76}`), which needs no id.
    public enum EventReference: Sendable, Equatable {
        case id(String)
        case path(String)
        case nth(kind: String, index: Int)

        /// How a report names it: `charged`, `timeline[2]`, `haptic #76`.
        public var name: String {
            switch self {
            case .id(let s), .path(let s): return s
            case .nth(let kind, let index): return "\(kind) #\(index)"
            }
        }
    }

    /// The kinds of fired events (`events.json`'s `kind`).
    public static let eventKinds = ["event", "timerStart", "tick", "timerEnd", "haptic", "gesture"]

    /// A state variable's expected value.
    public struct StateFact: Sendable {
        public var name: String
        public var value: Value
        public init(name: String, value: Value) {
            self.name = name; self.value = value
        }
    }

    /// The view properties `follows` and `value` can name: those the motion track records (`MotionSeries.isProperty`:
    /// `x`, `opacity`, `fill.red`, `shadows[0].radius`…), and for a view that is a linear gradient (an overlay, a
    /// background) the x of its start and end in unit points (`fill.startX` and `fill.endX` say the same), which move
    /// a shimmer, and its first stop's grey level (the mean of its sRGB channels, 0…1), how dim the shimmer's sides are.
    public static let gradientProperties = ["gradientStart", "gradientEnd", "gradientEdgeLevel"]

    public static func isProperty(_ name: String) -> Bool {
        MotionSeries.isProperty(name) || gradientProperties.contains(name)
    }

    /// The names a misspelt property is matched against for a suggestion.
    public static var suggestedProperties: [String] {
        MotionSeries.fixedProperties + gradientProperties + ["fill.red", "fill.green", "fill.blue", "fill.alpha",
            "stroke.red", "fill.startX", "fill.endX", "fill.stops[0].location", "shadows[0].radius", "shadows[0].x", "shadows[0].y"]
    }

    /// `expect[i]`, and where its object starts: a failure is reported there.
    public var path: String
    public var location: SourceLocation
    public var fact: Fact
    public var at: Double?
    public var from: Double?
    public var to: Double?
    /// A view's identity: its `id`, else its place in the scene (`body.children[2]`, `…children[0]#3`, `label.overlay`).
    public var view: String?
    public var viewLocation: SourceLocation?
    /// Every time the entry gives, where it is written and its JSON path, for the check against the scene's end (a
    /// time past it fails the expectation, located there).
    public var times: [(path: String, location: SourceLocation, seconds: Double)]
    /// In the fact's unit; nil for the default (0.01 pt, 0.001 for opacity, one frame for times).
    public var tolerance: Double?
    public init(path: String, location: SourceLocation, fact: Fact, at: Double?, from: Double?, to: Double?, view: String?, viewLocation: SourceLocation?, times: [(path: String, location: SourceLocation, seconds: Double)], tolerance: Double?) {
        self.path = path; self.location = location; self.fact = fact; self.at = at; self.from = from; self.to = to; self.view = view; self.viewLocation = viewLocation; self.times = times; self.tolerance = tolerance
    }
}
