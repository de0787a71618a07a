/// `report.json` in the report folder of a failed `render test` (`--artifacts`): what was compared with what, so that
/// `render accept` and `render review` can write the report's actual frames and motion track into the goldens it
/// names without rendering again, and refuse when the goldens are no longer those the report saw.
///
/// Paths inside the report folder (`actual/frame_00012.png`, `motion.json`) are relative to it, so a report copied
/// from another machine (a CI artifact) reads the same; the goldens folder and the scene are absolute paths, as the
/// machine that ran the test saw them (`render accept --goldens` points elsewhere).
public struct TestReportRecord: Codable, Equatable, Sendable {
    /// Always `render-test-report`: tells a report from another JSON file.
    public var format: String
    /// The layout of this file: 1.
    public var version: Int
    /// The goldens folder compared with, absolute.
    public var goldens: String
    /// The scene file, absolute, and its name (the manifest's `scene`).
    public var scene: String
    public var sceneName: String
    /// `--set` and `--state` as given, e.g. `["--set", "accent=#7CA0FF"]`; empty for the scene as written.
    public var variant: [String]
    /// What was rendered (fps, scale, frame count, overrides): the header of the goldens' manifest.json.
    public var header: RenderHeader
    /// The environment the actual frames were drawn in (nil with `--motion-only`).
    public var environment: RenderEnvironment?
    /// The options that decide the verdict.
    public var options: Options
    /// Every frame that failed, by index.
    public var frames: [Frame]
    /// The motion golden's verdict; nil when it was not checked.
    public var motion: Motion?

    public static let formatName = "render-test-report"
    public static let currentVersion = 1
    /// The file's name in the report folder.
    public static let fileName = "report.json"

    public init(goldens: String, scene: String, sceneName: String, variant: [String], header: RenderHeader,
                environment: RenderEnvironment?, options: Options, frames: [Frame], motion: Motion?) {
        format = Self.formatName; version = Self.currentVersion
        self.goldens = goldens; self.scene = scene; self.sceneName = sceneName; self.variant = variant
        self.header = header; self.environment = environment; self.options = options; self.frames = frames
        self.motion = motion
    }

    /// How the frames were compared.
    public struct Options: Codable, Equatable, Sendable {
        /// The frames compared, first and last index (`--frames`, else the whole scene).
        public var first: Int
        public var last: Int
        public var fps: Double
        public var scale: Double
        public var threshold: Double
        public var includeAA: Bool
        public var maxDiffPixels: Int
        public var maxDiffRatio: Double
        /// `--motion-only`: no frame was drawn.
        public var motionOnly: Bool
        public var recordMode: String

        public init(first: Int, last: Int, fps: Double, scale: Double, threshold: Double, includeAA: Bool,
                    maxDiffPixels: Int, maxDiffRatio: Double, motionOnly: Bool, recordMode: String) {
            self.first = first; self.last = last; self.fps = fps; self.scale = scale; self.threshold = threshold
            self.includeAA = includeAA; self.maxDiffPixels = maxDiffPixels; self.maxDiffRatio = maxDiffRatio
            self.motionOnly = motionOnly; self.recordMode = recordMode
        }
    }

    /// One failing frame.
    public struct Frame: Codable, Equatable, Sendable {
        public var index: Int
        /// `frame_00012.png`, in the goldens folder and in `actual/`.
        public var name: String
        /// `different`, `sizeMismatch`, `extra` (no golden: accepting records it) or `missing` (a golden without a
        /// frame: accepting removes it).
        public var status: String
        /// The actual frame, relative to the report folder; nil for `missing`.
        public var actual: String?
        /// The diff image, relative to the report folder, when one was written.
        public var diff: String?
        /// The actual frame's pixel hash and display-list digest, for the goldens' manifest once accepted.
        public var pixelHash: String?
        public var displayList: String?
        /// Full SHA-256 of the golden file as it was compared; nil when there was none.
        public var goldenSHA256: String?
        /// Full SHA-256 of the actual file.
        public var actualSHA256: String?
        /// Counted pixels and the frame's pixel total.
        public var differingPixels: Int
        public var totalPixels: Int

        public init(index: Int, name: String, status: String, actual: String?, diff: String?, pixelHash: String?,
                    displayList: String?, goldenSHA256: String?, actualSHA256: String?, differingPixels: Int, totalPixels: Int) {
            self.index = index; self.name = name; self.status = status; self.actual = actual; self.diff = diff
            self.pixelHash = pixelHash; self.displayList = displayList; self.goldenSHA256 = goldenSHA256
            self.actualSHA256 = actualSHA256; self.differingPixels = differingPixels; self.totalPixels = totalPixels
        }
    }

    /// The motion golden's verdict.
    public struct Motion: Codable, Equatable, Sendable {
        /// `same`, `different`, `missing`, `recorded` or `updated` (`MotionResult.Status`).
        public var status: String
        public var failed: Bool
        /// The actual track, relative to the report folder, when the motion failed.
        public var actual: String?
        /// Full SHA-256 of the golden `motion.json` as compared (nil when there was none) and of the actual track.
        public var goldenSHA256: String?
        public var actualSHA256: String?
        /// Each difference in words (`MotionFinding.line`).
        public var findings: [String]

        public init(status: String, failed: Bool, actual: String?, goldenSHA256: String?, actualSHA256: String?, findings: [String]) {
            self.status = status; self.failed = failed; self.actual = actual; self.goldenSHA256 = goldenSHA256
            self.actualSHA256 = actualSHA256; self.findings = findings
        }
    }
}
