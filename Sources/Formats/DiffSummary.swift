/// The JSON summary of a comparison (`render diff --json`, `render test --json`): totals, the options used and one
/// entry per frame. `actual` and `expected` name the two inputs as given (files or folders); `diffBackground` says
/// which of them the diff images' grey picture shows.
public struct DiffSummary: Codable, Equatable, Sendable {
    public var title: String
    public var actual: String?
    public var expected: String?
    public var diffBackground: String
    public var passed: Bool
    /// `render test` when a frame's pixels differ: whether the goldens were made in the same environment
    /// ("environment differs from the goldens': cairo 1.16.0 → 1.18.0" or "same environment: the scene's pictures
    /// changed"). Absent otherwise.
    public var environment: String?
    /// Frames compared, and how many failed.
    public var frames: Int
    /// `render test`: how many of `frames` were drawn; the others passed unseen, their display list and environment
    /// the same as their golden's (status `same`, `sameDisplayList` true). Absent for `render diff`.
    public var drawn: Int?
    public var failed: Int
    /// Frames of each status.
    public var same: Int
    public var different: Int
    public var sizeMismatch: Int
    public var missing: Int
    public var extra: Int
    public var recorded: Int
    public var updated: Int
    public var threshold: Double
    public var includeAA: Bool
    public var maxDiffPixels: Int
    public var maxDiffRatio: Double
    /// Wall-clock seconds, to the millisecond.
    public var seconds: Double
    public var results: [Frame]
    /// `render test`'s motion golden, when it was checked.
    public var motion: MotionSummary?
    /// `render test`'s expectations (`SCENE.test.json` or `--expect`), when there were any, in file order.
    public var expectations: [ExpectationSummary]?

    /// One frame's comparison.
    public struct Frame: Codable, Equatable, Sendable {
        public var name: String
        public var status: GoldenStatus
        public var differingPixels: Int
        public var antialiasedPixels: Int
        public var totalPixels: Int
        public var ratio: Double
        /// Milliseconds, to a tenth.
        public var compareMs: Double
        /// `render test`: true for a frame passed without drawing (same display list and environment as its golden).
        public var sameDisplayList: Bool?
        public var actual: String?
        public var expected: String?
        public var diff: String?

        public init(name: String, status: GoldenStatus, differingPixels: Int, antialiasedPixels: Int, totalPixels: Int, ratio: Double,
                    compareMs: Double, actual: String?, expected: String?, diff: String?) {
            self.name = name; self.status = status; self.differingPixels = differingPixels
            self.antialiasedPixels = antialiasedPixels; self.totalPixels = totalPixels; self.ratio = ratio
            self.compareMs = compareMs; self.actual = actual; self.expected = expected; self.diff = diff
        }
    }

    public init(title: String, actual: String?, expected: String?, diffBackground: String, passed: Bool, frames: Int, failed: Int,
                count: (GoldenStatus) -> Int, threshold: Double, includeAA: Bool, maxDiffPixels: Int, maxDiffRatio: Double,
                seconds: Double, results: [Frame]) {
        self.title = title; self.actual = actual; self.expected = expected; self.diffBackground = diffBackground
        self.passed = passed; self.frames = frames; self.failed = failed
        same = count(.same); different = count(.different); sizeMismatch = count(.sizeMismatch); missing = count(.missing)
        extra = count(.extra); recorded = count(.recorded); updated = count(.updated)
        self.threshold = threshold; self.includeAA = includeAA; self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio; self.seconds = seconds; self.results = results
    }
}
