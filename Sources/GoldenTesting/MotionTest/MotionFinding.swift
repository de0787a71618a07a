import Formats
import RenderKit

/// One difference between a motion golden and the scene as it moves now, for one view property, one state variable,
/// the events, or the track as a whole: its name and what changed in words, with the characters of both sides and
/// both series when it is a moving value, for the JSON summary and the report's plot.
public struct MotionFinding: Sendable {
    /// `card.x`, `state.progress`, `events`, or `track`.
    public var name: String
    /// The view whose value it is, for a finding about a view property.
    public var view: String?
    /// What changed, e.g. `starts on time, settles 42 ms later (6.318 → 6.360 s); …; frames 361–402`.
    public var words: String
    /// The first and last frame whose values differ beyond the tolerance, when the finding is about a series.
    public var frames: ClosedRange<Int>?
    public var golden: MotionCharacter?
    public var actual: MotionCharacter?
    /// The per-frame values of both sides (nil where not drawn), for plotting; empty for state and events.
    public var goldenValues: [Double?] = []
    public var actualValues: [Double?] = []
    /// The unit of the values (`pt`, `°`, or empty for a ratio).
    public var unit = ""
    /// Other views' findings of the same property that changed by exactly as much on every frame (a window's move
    /// seen on its subviews), folded into this one, the first in painter's order (`MotionComparison.folded`).
    public var alsoOn: [String] = []

    public init(name: String, words: String) { self.name = name; self.words = words }

    /// `name: words`, the line the terminal shows.
    public var line: String { name + ": " + words }
}
