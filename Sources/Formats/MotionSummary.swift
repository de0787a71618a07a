/// The motion part of `render test --json` (`DiffSummary.motion`): the verdict on `motion.json` and one entry per
/// difference, with the words the terminal shows and the numbers behind them.
public struct MotionSummary: Codable, Equatable, Sendable {
    /// `same`, `different`, `noGolden` (none, not recorded: as a frame's `noGolden`), `recorded` or `updated`.
    public var status: GoldenStatus
    public var golden: String
    public var actual: String?
    /// The track's size in bytes, and the PNG goldens' beside it.
    public var bytes: Int
    public var pngGoldenBytes: Int
    public var findings: [Finding]

    /// One difference: `name` is `view.property`, `state.NAME`, `events` or `track`.
    public struct Finding: Codable, Equatable, Sendable {
        public var name: String
        public var words: String
        /// First and last frame that differ, for a view property.
        public var frames: [Int]?
        public var golden: Character?
        public var actual: Character?
        /// Other views' values that changed by exactly as much (a parent's move seen on its subviews), reported here.
        public var alsoOn: [String]?
        public init(name: String, words: String, frames: [Int]?, golden: Character?, actual: Character?, alsoOn: [String]? = nil) {
            self.name = name; self.words = words; self.frames = frames; self.golden = golden; self.actual = actual
            self.alsoOn = alsoOn
        }
    }

    /// A moving value's start and settle times (seconds), overshoot and final value (in its unit).
    public struct Character: Codable, Equatable, Sendable {
        public var start: Double?
        public var settle: Double?
        public var overshoot: Double
        public var final: Double
        public init(start: Double?, settle: Double?, overshoot: Double, final: Double) {
            self.start = start; self.settle = settle; self.overshoot = overshoot; self.final = final
        }
    }

    public init(status: GoldenStatus, golden: String, actual: String?, bytes: Int, pngGoldenBytes: Int, findings: [Finding]) {
        self.status = status; self.golden = golden; self.actual = actual; self.bytes = bytes
        self.pngGoldenBytes = pngGoldenBytes; self.findings = findings
    }
}
