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
        public var status: GoldenStatus
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

        public init(index: Int, name: String, status: GoldenStatus, actual: String?, diff: String?, pixelHash: String?,
                    displayList: String?, goldenSHA256: String?, actualSHA256: String?, differingPixels: Int, totalPixels: Int) {
            self.index = index; self.name = name; self.status = status; self.actual = actual; self.diff = diff
            self.pixelHash = pixelHash; self.displayList = displayList; self.goldenSHA256 = goldenSHA256
            self.actualSHA256 = actualSHA256; self.differingPixels = differingPixels; self.totalPixels = totalPixels
        }
    }

    /// The motion golden's verdict.
    public struct Motion: Codable, Equatable, Sendable {
        /// `same`, `different`, `noGolden`, `recorded` or `updated`.
        public var status: GoldenStatus
        /// `status.failed`, written out for readers that do not know the statuses; a report where they disagree is
        /// refused.
        public var failed: Bool
        /// The actual track, relative to the report folder, when the motion failed.
        public var actual: String?
        /// Full SHA-256 of the golden `motion.json` as compared (nil when there was none) and of the actual track.
        public var goldenSHA256: String?
        public var actualSHA256: String?
        /// Each difference in words (`MotionFinding.line`).
        public var findings: [String]

        public init(status: GoldenStatus, failed: Bool, actual: String?, goldenSHA256: String?, actualSHA256: String?, findings: [String]) {
            self.status = status; self.failed = failed; self.actual = actual; self.goldenSHA256 = goldenSHA256
            self.actualSHA256 = actualSHA256; self.findings = findings
        }
    }
}

// MARK: - Validation

extension TestReportRecord {
    /// The frame statuses a report records.
    public static let frameStatuses: Set<GoldenStatus> = [.different, .sizeMismatch, .extra, .missing]

    /// Every problem of the record's own fields, one line each, naming the field (`frames[0].name "/../Makefile" is
    /// not a frame file name`): a report is input from whoever made it (a pull request's CI run), so `render accept` and
    /// `render review` check it whole before touching anything. The checks that need the report folder (that a
    /// relative path resolves inside it, not through a symbolic link) are the reader's; these need only the record.
    /// - Parameter motionFileName: the one name the motion track may have (`motion.json`).
    public func problems(motionFileName: String) -> [String] {
        var out: [String] = []
        if goldens.isEmpty { out.append("goldens is empty") }
        if goldens.utf8.contains(0) { out.append("goldens contains a NUL character") }
        if options.first < 0 || options.last < options.first {
            out.append("options.first \(options.first) and options.last \(options.last) are not a range of frames")
        }
        var seen: [String: Int] = [:]
        for (i, f) in frames.enumerated() {
            let at = "frames[\(i)]"
            if let file = FrameFileName(f.name) {
                if file.index != f.index { out.append("\(at).name \(Self.quoted(f.name)) is not frame \(f.index)'s (\(at).index)") }
            } else {
                out.append("\(at).name \(Self.quoted(f.name)) is not a frame file name (frame_ and 5 to 9 digits, .png)")
            }
            if let j = seen[f.name] { out.append("\(at).name \(Self.quoted(f.name)) repeats frames[\(j)].name") } else { seen[f.name] = i }
            if f.index < options.first || f.index > options.last {
                out.append("\(at).index \(f.index) is outside the report's frames \(options.first)-\(options.last)")
            }
            guard Self.frameStatuses.contains(f.status) else {
                out.append("\(at).status \(Self.quoted(f.status.rawValue)) is not one of \(Self.frameStatuses.map(\.rawValue).sorted().joined(separator: ", "))")
                continue
            }
            if f.status != .missing {
                if f.actual == nil { out.append("\(at).actual is missing: a \(f.status) frame keeps its actual file") }
                if f.actualSHA256 == nil { out.append("\(at).actualSHA256 is missing: every actual file is checked against it") }
            }
            out += Self.pathProblems(f.actual, field: "\(at).actual") + Self.pathProblems(f.diff, field: "\(at).diff")
            out += Self.digestProblems(f.actualSHA256, field: "\(at).actualSHA256") + Self.digestProblems(f.goldenSHA256, field: "\(at).goldenSHA256")
        }
        if let m = motion {
            if m.failed != m.status.failed {
                out.append("motion.failed \(m.failed) is not what motion.status \(Self.quoted(m.status.rawValue)) says (\(m.status.failed))")
            }
            if m.failed, m.actual != nil, m.actualSHA256 == nil {
                out.append("motion.actualSHA256 is missing: the actual track is checked against it")
            }
            if let actual = m.actual, let last = actual.split(separator: "/").last, last != motionFileName {
                out.append("motion.actual \(Self.quoted(actual)) is not a motion track (\(motionFileName))")
            }
            out += Self.pathProblems(m.actual, field: "motion.actual")
            out += Self.digestProblems(m.actualSHA256, field: "motion.actualSHA256") + Self.digestProblems(m.goldenSHA256, field: "motion.goldenSHA256")
        }
        return out
    }

    /// A path inside the report folder must be relative and plain: no leading `/`, no empty, `.` or `..` component,
    /// no backslash or NUL.
    static func pathProblems(_ path: String?, field: String) -> [String] {
        guard let path else { return [] }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") { return ["\(field) \(quoted(path)) is not relative to the report folder"] }
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) || path.contains("\\") || path.utf8.contains(0) {
            return ["\(field) \(quoted(path)) is not a plain path inside the report folder (no empty, . or .. part, no backslash)"]
        }
        return []
    }

    /// A SHA-256 is 64 lowercase hexadecimal digits.
    static func digestProblems(_ digest: String?, field: String) -> [String] {
        guard let digest else { return [] }
        let hex = digest.utf8.count == 64 && digest.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        return hex ? [] : ["\(field) \(quoted(digest)) is not a SHA-256 (64 lowercase hexadecimal digits)"]
    }

    /// A value from the file, quoted for a message, cut at 80 characters.
    public static func quoted(_ s: String) -> String {
        let cut = s.count > 80 ? String(s.prefix(80)) + "…" : s
        return "\"" + cut.unicodeScalars.map { $0.value < 0x20 || $0 == "\"" || $0 == "\\" ? $0.escaped(asASCII: false) : String($0) }.joined() + "\""
    }
}
