import Formats
import Foundation
import Frames
import ImageIO

/// The steps of `render test` for one golden of any kind (`GoldenStrategy`), written once: the record-mode table
/// (`GoldenRecordMode.step`) decides whether the actual is recorded, compared, or fails for want of a golden; what is
/// recorded is staged in `recording` until the run completes; a failure keeps the actual's file and the strategy's
/// evidence in the report folder, where `render accept` takes them from; `failed` replaces a failing golden instead.
struct GoldenCheck: Sendable {
    /// The golden folder, the record mode and the report folder (`--artifacts`).
    var golden: String
    var mode: GoldenRecordMode
    var artifacts: String
    /// Where recorded and replaced goldens wait until the run is complete.
    var recording: GoldenRecording

    /// What became of one golden.
    struct Verdict<Difference: GoldenDifference> {
        var status: GoldenStatus
        /// How the actual differs from the golden when they were compared; kept when the golden was replaced after a
        /// failure (`failed`), so the report can still say what changed.
        var difference: Difference?
        /// The actual's file kept in the report folder (a failure, or no golden to compare with).
        var actualPath: String?
        /// The failure's evidence written into the report folder (`GoldenDifference.evidence`).
        var evidencePaths: [String] = []
    }

    /// Records or compares `actual` with the golden `name` (which exists: `hasGolden`), keeping the actual as
    /// `keepAs` in the report folder when it fails. `bytes` are the actual's file when the caller encoded it already.
    func check<S: GoldenStrategy>(_ strategy: S, _ actual: S.Value, bytes: [UInt8]? = nil, name: String, hasGolden: Bool,
                                  keepAs: String) throws(GoldenTest.Failure) -> Verdict<S.Difference> {
        var encoded = bytes
        func actualBytes() throws(GoldenTest.Failure) -> [UInt8] {
            if let encoded { return encoded }
            let made = try strategy.encode(actual)
            encoded = made
            return made
        }
        let path = recording.goldenPath(name)
        switch mode.step(hasGolden: hasGolden) {
        case .record:
            let bytes = try actualBytes()
            // A golden recorded again to the same bytes is not an update: "updated N" counts files that changed.
            if hasGolden, (try? readFileBytes(at: path)) == bytes { return Verdict(status: .same) }
            try recording.write(bytes, as: name)
            return Verdict(status: hasGolden ? .updated : .recorded)
        case .noGolden:
            // Kept in the report, so that `render accept` can record it without running again.
            return Verdict(status: .noGolden, actualPath: try keep(try actualBytes(), as: keepAs))
        case .compare:
            break
        }
        let goldenBytes: [UInt8]
        do { goldenBytes = try readFileBytes(at: path) } catch { throw .input("cannot read \(path): \(explain(error, known: path))") }
        let difference: S.Difference
        if strategy.comparesAsWritten {
            let bytes = try actualBytes()
            if bytes == goldenBytes { return Verdict(status: .same) }
            difference = try strategy.compare(golden: try strategy.decode(goldenBytes, path: path),
                                              actual: try strategy.decode(bytes, path: artifacts + "/" + keepAs))
        } else {
            difference = try strategy.compare(golden: try strategy.decode(goldenBytes, path: path), actual: actual)
        }
        guard difference.status.failed else { return Verdict(status: difference.status, difference: difference) }
        if mode.replacesFailures {
            try recording.write(try actualBytes(), as: name)
            return Verdict(status: .updated, difference: difference)
        }
        var verdict = Verdict(status: difference.status, difference: difference, actualPath: try keep(try actualBytes(), as: keepAs))
        for file in try difference.evidence(for: name) { verdict.evidencePaths.append(try keep(file.bytes, as: file.path)) }
        return verdict
    }

    /// Writes `bytes` into the report folder as `relative`, making its folder; returns the file's path.
    private func keep(_ bytes: [UInt8], as relative: String) throws(GoldenTest.Failure) -> String {
        let path = artifacts + "/" + relative
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try writeFileAtomically(bytes, to: path)
        } catch {
            throw .input("cannot keep \(path): \(explain(error, known: path))")
        }
        return path
    }
}
