import Formats
import Foundation
import Frames
import ImageIO
import Raster
import RenderKit

/// `render accept` (and `render review`'s accept keys): writes the actual frames and motion track that a failed
/// `render test` left in its report folder into the goldens that report names, without rendering again.
///
/// Only what is asked is written, and nothing unless every check passes: the report is one (`report.json`), its
/// goldens folder is there and still holds the scene the report compared, the asked frames are in the report's range
/// and failed in it, the report's actual files are those it recorded (SHA-256), and each golden to be replaced is
/// still the one the report compared with (SHA-256), so goldens changed since the report are never overwritten. The
/// files are staged beside the goldens and renamed into place, then the goldens' manifest.json is rewritten (pixel
/// and display-list hashes of the accepted frames), so the next `render test` on the same machine passes them —
/// without drawing them when the environment is the report's. Each replaced golden is kept in the report folder's
/// `replaced/`, so that `undo` can put it back.
///
/// Nothing here prints: the result says what was replaced, for the command line or a server to show.
public struct GoldenAcceptance: Sendable {
    /// The report folder, as given.
    public let report: String
    /// Its `report.json`.
    public let record: TestReportRecord
    /// The goldens folder written into: the record's, or the one given to `init` (a CI artifact made elsewhere).
    public let goldens: String

    /// The folder in the report where replaced goldens are kept for `undo`.
    public static let replacedFolder = "replaced"

    /// What report.json says it is, read before the rest: a JSON file that is no report is told apart from a report
    /// with a bad field.
    struct FileKind: Decodable {
        var format: String
        var version: Int
    }

    /// Reads the report folder `report` and checks that its goldens folder (`goldens`, else the record's) exists and
    /// still belongs to the report's scene.
    public init(report: String, goldens: String? = nil) throws(AcceptanceError) {
        self.report = report
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: report, isDirectory: &isDir), isDir.boolValue else {
            throw AcceptanceError(.notAReport, "\(report): no such folder (give the report folder of a failed render test, e.g. Output/unlock-test)")
        }
        let path = report + "/" + TestReportRecord.fileName
        guard FileManager.default.fileExists(atPath: path) else {
            throw AcceptanceError(.notAReport, "\(report) is not a render test report: it has no \(TestReportRecord.fileName) "
                + "(render test writes one into --artifacts when a frame or the motion fails)")
        }
        let kind: FileKind
        do { kind = try FormatFile.read(FileKind.self, at: path) } catch {
            throw AcceptanceError(.notAReport, "\(report) is not a render test report: \(error)")
        }
        guard kind.format == TestReportRecord.formatName, kind.version == TestReportRecord.currentVersion else {
            throw AcceptanceError(.notAReport, "\(path): not a render test report of version \(TestReportRecord.currentVersion) "
                + "(format \"\(kind.format)\", version \(kind.version))")
        }
        // A report that says it is one but has a field render test never writes (a status it does not know, a wrong
        // type) is an invalid report, as one whose fields fail the checks below.
        let record: TestReportRecord
        do { record = try FormatFile.read(TestReportRecord.self, at: path) } catch {
            throw AcceptanceError(.invalidReport, error.description)
        }
        // A report is input from whoever made it (a pull request's CI run): checked whole before anything is read
        // through it or written because of it.
        var problems = record.problems(motionFileName: MotionTest.fileName)
        if problems.isEmpty { problems = Self.folderProblems(report: report, record: record) }
        guard problems.isEmpty else {
            throw AcceptanceError(.invalidReport, problems.map { "\(path): \($0)" }.joined(separator: "\n"))
        }
        self.record = record
        self.goldens = goldens ?? record.goldens
        guard FileManager.default.fileExists(atPath: self.goldens, isDirectory: &isDir), isDir.boolValue else {
            throw AcceptanceError(.goldensGone, "the goldens folder \(self.goldens) of report \(report) is gone"
                + (goldens == nil ? " (a report from another machine: give --goldens DIR)" : ""))
        }
        try checkScene(named: goldens == nil)
    }

    /// What the report folder itself must be for the record's paths: each `actual`, `diff` and the motion track
    /// inside it, reached without a symbolic link, a regular file where there is one; `replaced/` a folder of its own.
    static func folderProblems(report: String, record: TestReportRecord) -> [String] {
        var out: [String] = []
        func check(_ relative: String?, _ field: String) {
            guard let relative else { return }
            var at = report
            var kind: mode_t = 0
            for part in relative.split(separator: "/") {
                at += "/" + part
                guard let entry = entryAt(at) else { return }  // not there: accepting it says the report lost it
                if entry.kind == S_IFLNK {
                    out.append("\(field) \(TestReportRecord.quoted(relative)) goes through a symbolic link (\(at)): not inside the report folder")
                    return
                }
                kind = entry.kind
            }
            if kind != S_IFREG {
                out.append("\(field) \(TestReportRecord.quoted(relative)) is not a file")
            }
        }
        for (i, f) in record.frames.enumerated() {
            check(f.actual, "frames[\(i)].actual")
            check(f.diff, "frames[\(i)].diff")
        }
        check(record.motion?.actual, "motion.actual")
        if let replaced = entryAt(report + "/" + replacedFolder), replaced.kind != S_IFDIR {
            out.append("\(replacedFolder)/ in the report folder is not a folder (a symbolic link or a file): it is where replaced goldens are kept")
        }
        return out
    }

    /// Reads `report` and accepts from it: see `accept(frames:motion:)`.
    public static func accept(report: String, frames: ClosedRange<Int>?, motion: Bool) throws(AcceptanceError) -> AcceptanceResult {
        try GoldenAcceptance(report: report).accept(frames: frames, motion: motion)
    }

    /// The indices of the frames that failed in the report.
    public var failingFrames: [Int] { record.frames.map(\.index) }
    /// Whether the motion failed in the report (and its actual track can be accepted).
    public var motionFailed: Bool { record.motion?.failed == true && record.motion?.actual != nil }

    /// Accepts the report's failing frames in `frames` (nil: all of them) and, with `motion`, its motion track. With
    /// neither (nil, false) everything that failed is accepted, frames and motion; `frames: nil, motion: true` is the
    /// motion track alone.
    /// - Throws: `AcceptanceError` with nothing written: frames outside the report's range or none failing in it, the
    ///   motion asked but not failed, goldens changed since the report, a report file missing or altered, a write that
    ///   fails.
    public func accept(frames: ClosedRange<Int>?, motion: Bool) throws(AcceptanceError) -> AcceptanceResult {
        let everything = frames == nil && !motion
        let chosen = frames == nil && motion ? [] : try chosenFrames(frames, required: frames != nil)
        let withMotion = motion || (everything && motionFailed)
        if motion && !motionFailed {
            throw AcceptanceError(.notFailing, "the motion did not fail in report \(report)"
                + (record.motion == nil ? " (it was not checked)" : " (\(record.motion!.status))") + ": nothing to accept")
        }
        if chosen.isEmpty && !withMotion {
            throw AcceptanceError(.notFailing, "nothing failed in report \(report): nothing to accept")
        }
        return try write(chosen, motion: withMotion)
    }

    /// Accepts one failing frame of the report, by index.
    public func accept(frame: Int) throws(AcceptanceError) -> AcceptanceResult {
        guard record.frames.contains(where: { $0.index == frame }) else {
            _ = try chosenFrames(frame...frame, required: true)
            throw AcceptanceError(.notFailing, "frame \(frame) did not fail in report \(report)")
        }
        return try accept(frames: frame...frame, motion: false)
    }

    /// Puts back the goldens an earlier `accept` from this report replaced (kept in the report's `replaced/`), for
    /// the frames in `frames` (nil: all accepted ones) and with `motion` the motion track. A golden that is no longer
    /// the report's actual file (changed again since) is refused, as in `accept`.
    public func undo(frames: ClosedRange<Int>?, motion: Bool) throws(AcceptanceError) -> AcceptanceResult {
        let everything = frames == nil && !motion
        let chosen = frames == nil && motion ? [] : try chosenFrames(frames, required: false)
        return try restore(chosen, motion: motion || (everything && motionFailed))
    }

    // MARK: - Checks

    /// The failing frames within `range` (all when nil), after checking the range against the report's.
    func chosenFrames(_ range: ClosedRange<Int>?, required: Bool) throws(AcceptanceError) -> [TestReportRecord.Frame] {
        guard let range else { return record.frames }
        let o = record.options
        guard !o.motionOnly else {
            throw AcceptanceError(.outOfRange, "report \(report) compared no frames (--motion-only): only --motion can be accepted")
        }
        guard range.lowerBound >= o.first, range.upperBound <= o.last else {
            throw AcceptanceError(.outOfRange, "frames \(Self.text(range)) are outside report \(report)'s frames \(o.first)-\(o.last)")
        }
        let inside = record.frames.filter { range.contains($0.index) }
        if inside.isEmpty && required {
            throw AcceptanceError(.notFailing, "no frame in \(Self.text(range)) failed in report \(report)"
                + (record.frames.isEmpty ? " (no frame failed in it)" : " (failing: \(Self.list(record.frames.map(\.index))))"))
        }
        return inside
    }

    /// The goldens folder must hold the report's scene: its manifest.json and motion.json name the scene. A folder
    /// the report names (`named`; not one given with --goldens) must hold at least one of them: a report cannot
    /// send goldens into a folder that holds none.
    func checkScene(named: Bool) throws(AcceptanceError) {
        let manifest = goldens + "/manifest.json"
        if named, !FileManager.default.fileExists(atPath: manifest), !FileManager.default.fileExists(atPath: goldens + "/" + MotionTest.fileName) {
            throw AcceptanceError(.invalidReport, "\(report)/\(TestReportRecord.fileName): goldens \(TestReportRecord.quoted(goldens)) holds "
                + "no goldens (no manifest.json or \(MotionTest.fileName)): give the goldens folder with --goldens DIR")
        }
        if FileManager.default.fileExists(atPath: manifest) {
            let m: Manifest
            do { m = try FormatFile.read(Manifest.self, at: manifest) } catch {
                throw AcceptanceError(.io, "\(error)")
            }
            if m.header.scene != record.sceneName {
                throw AcceptanceError(.otherScene, "the goldens \(goldens) are now of scene \"\(m.header.scene)\", "
                    + "but report \(report) is of scene \"\(record.sceneName)\"")
            }
            // One variant's frames into another's goldens would leave a manifest claiming the other's values.
            let theirs = ManifestOverrides.variant(m.header.overrides), ours = ManifestOverrides.variant(record.header.overrides)
            if theirs != ours {
                throw AcceptanceError(.otherScene, "report \(report) is of \(ours), but the goldens \(goldens) are of \(theirs): "
                    + "give the goldens folder of the report's variant")
            }
        }
        let motion = goldens + "/" + MotionTest.fileName
        if FileManager.default.fileExists(atPath: motion), let track = try? MotionTrack.read(at: motion), track.scene != record.sceneName {
            throw AcceptanceError(.otherScene, "the motion golden \(motion) is of scene \"\(track.scene)\", "
                + "but report \(report) is of scene \"\(record.sceneName)\"")
        }
    }

    /// Refuses `scene` (a scene file the user named) when it is not the report's.
    public func check(scene: String) throws(AcceptanceError) {
        let given = URL(fileURLWithPath: scene).standardizedFileURL.resolvingSymlinksInPath().path
        let recorded = URL(fileURLWithPath: record.scene).standardizedFileURL.resolvingSymlinksInPath().path
        if given == recorded { return }
        // A report from another machine names the scene by that machine's path: compare the scenes' names.
        guard let data = FileManager.default.contents(atPath: scene) else {
            throw AcceptanceError(.otherScene, "\(scene): cannot read it")
        }
        // A scene's name is its "name", else its file name without the extension (the scene format's rule).
        let stem = ((scene as NSString).lastPathComponent as NSString).deletingPathExtension
        let name = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["name"] as? String ?? stem
        guard name == record.sceneName else {
            throw AcceptanceError(.otherScene, "report \(report) is of scene \"\(record.sceneName)\" (\(record.scene)), "
                + "not of \(scene) (scene \"\(name)\")")
        }
    }

    /// The full SHA-256 of the file at `path`, nil when there is none.
    static func sha256(_ path: String) throws(AcceptanceError) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { return ContentDigest.sha256(try readFileBytes(at: path)) } catch {
            throw AcceptanceError(.io, "cannot read \(path): \(explain(error, known: path))")
        }
    }

    /// `3-7`, or `3` for a single frame.
    static func text(_ r: ClosedRange<Int>) -> String { r.count == 1 ? "\(r.lowerBound)" : "\(r.lowerBound)-\(r.upperBound)" }

    /// `0, 3-7, 12`.
    static func list(_ indices: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for i in indices.sorted() {
            if let last = runs.last, last.upperBound + 1 == i { runs[runs.count - 1] = last.lowerBound...i } else { runs.append(i...i) }
        }
        return runs.map(text).joined(separator: ", ")
    }
}

/// What an acceptance (or its undo) wrote.
public struct AcceptanceResult: Sendable, Equatable {
    /// The goldens folder written into.
    public var goldens: String
    public var changes: [Change]

    /// One golden file.
    public struct Change: Sendable, Equatable {
        public enum Action: String, Sendable {
            /// The golden was replaced by the report's actual file (or, undoing, by the golden it replaced).
            case replaced
            /// There was no golden: the actual file was added.
            case added
            /// A golden without a frame (stale), removed; or, undoing, a golden an acceptance added.
            case removed
            /// The golden already is the report's actual file: nothing written.
            case unchanged
        }
        /// The frame's index; nil for the motion track.
        public var frame: Int?
        /// `frame_00012.png` or `motion.json`.
        public var name: String
        public var action: Action
        /// The golden file's path.
        public var path: String

        public init(frame: Int?, name: String, action: Action, path: String) {
            self.frame = frame; self.name = name; self.action = action; self.path = path
        }

        /// `replaced Tests/Goldens/unlock/frame_00012.png`.
        public var line: String {
            switch action {
            case .replaced: return "replaced \(path)"
            case .added: return "added \(path)"
            case .removed: return "removed \(path)"
            case .unchanged: return "unchanged \(path) (already the report's)"
            }
        }
    }

    /// The changes that wrote something.
    public var written: [Change] { changes.filter { $0.action != .unchanged } }
}

/// Why nothing was accepted.
public struct AcceptanceError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The folder is not a report of `render test` (exit 2).
        case notAReport
        /// The report's goldens folder is not there (exit 2).
        case goldensGone
        /// Frames asked outside the report's range (exit 2).
        case outOfRange
        /// What was asked did not fail in the report (exit 2).
        case notFailing
        /// The report is of another scene than the goldens or the scene named (exit 1).
        case otherScene
        /// A golden changed since the report was made (exit 1).
        case goldensChanged
        /// A report file is missing or not the one the report recorded (exit 1).
        case reportAltered
        /// The report's record is not one `render test` writes: a field out of bounds, a path out of the report
        /// folder, a SHA-256 missing (exit 1).
        case invalidReport
        /// A file could not be read or written (exit 2).
        case io
    }
    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) { self.kind = kind; self.description = description }

    /// The command's exit status: 1 when the report and the goldens disagree, 2 for bad usage or unreadable input.
    public var exitCode: Int32 {
        switch kind {
        case .otherScene, .goldensChanged, .reportAltered, .invalidReport: return 1
        case .notAReport, .goldensGone, .outOfRange, .notFailing, .io: return 2
        }
    }
}
