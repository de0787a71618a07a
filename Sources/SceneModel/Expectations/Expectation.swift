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
        case event(String)
        /// The view's values no longer change from this time on.
        case settledBy(Double)
        /// Within the window the property equals a + (b − a)·p(t − from) for the curve p of this animation.
        case follows(AnimationSpec, property: String)
    }

    /// A state variable's expected value.
    public struct StateFact: Sendable {
        public var name: String
        public var value: Value
    }

    /// The view properties `follows` can name: those the motion track records, and for a view that is a linear
    /// gradient (an overlay, a background) the x of its start and end in unit points, which move a shimmer, and its
    /// first stop's grey level (the mean of its sRGB channels, 0…1), how dim the shimmer's sides are.
    public static let properties = ["x", "y", "width", "height", "opacity", "scaleX", "scaleY", "rotation", "blur", "cornerRadius",
                                    "gradientStart", "gradientEnd", "gradientEdgeLevel"]

    /// `expect[i]`, and where its object starts: a failure is reported there.
    public var path: String
    public var location: SourceLocation
    public var fact: Fact
    public var at: Double?
    public var from: Double?
    public var to: Double?
    /// A view's identity: its `id`, else its place in the scene (`body.children[2]`, `…content#3`).
    public var view: String?
    public var viewLocation: SourceLocation?
    /// Every time the entry gives, where it is written and its JSON path, for the check against the scene's end (a
    /// time past it fails the expectation, located there).
    public var times: [(path: String, location: SourceLocation, seconds: Double)]
    /// In the fact's unit; nil for the default (0.01 pt, 0.001 for opacity, one frame for times).
    public var tolerance: Double?
}
