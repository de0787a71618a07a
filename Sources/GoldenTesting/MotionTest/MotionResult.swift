import Formats

/// The verdict on `motion.json`: whether the scene still moves as its motion golden says, and how not.
public struct MotionResult: Sendable {
    /// `same`, `different` (`findings` say how), `noGolden`, `recorded` or `updated`.
    public var status: GoldenStatus
    /// What differs from the golden; also kept when the golden was replaced after a difference (`failed`).
    public var findings: [MotionFinding]
    /// `DIR/motion.json`.
    public var goldenPath: String
    /// The actual track, written beside the report when the motion differs.
    public var actualPath: String?
    /// The size of the track in bytes, and of the PNG goldens in the same folder (filled in after the pixel test).
    public var bytes: Int
    public var pngGoldenBytes = 0
    public var pngGoldenCount = 0
    /// How many view properties and events the track holds.
    /// The track's frame rate (the scene's).
    public var fps: Double
    public var seriesCount: Int
    public var eventCount: Int

    public var failed: Bool { status.failed }

    /// One line for the terminal, e.g. `motion unchanged (motion.json: 14 values, 6 events)`.
    public var message: String {
        let what = "\(seriesCount) moving values, \(eventCount) events, \(bytes) bytes" + sizeAgainstPNGs
        // A track always has an actual and no pixel size: it is never `missing` or `sizeMismatch`, and a track without
        // its golden is `noGolden`; the frames' words for those read as the motion's nearest.
        switch status {
        case .same: return "motion unchanged (\(goldenPath): \(what))"
        case .different, .sizeMismatch, .missing:
            let views = Set(findings.compactMap(\.view))
            var parts = views.isEmpty ? [] : ["\(views.count) view\(views.count == 1 ? "" : "s")"]
            if findings.contains(where: { $0.name.hasPrefix("state.") }) { parts.append("state") }
            if findings.contains(where: { $0.name == "events" }) { parts.append("events") }
            return "motion differs from \(goldenPath) (\(parts.isEmpty ? "length" : parts.joined(separator: ", ")))"
        case .noGolden, .extra: return "no motion golden \(goldenPath); record it with --record missing"
        case .recorded: return "recorded the motion golden \(goldenPath) (\(what))"
        case .updated: return "updated the motion golden \(goldenPath) (\(what))"
        }
    }

    /// `; 1.2 % of the 20 PNG goldens (1 204 511 bytes)`, when the folder has PNG goldens.
    var sizeAgainstPNGs: String {
        guard pngGoldenBytes > 0 else { return "" }
        let percent = Double(bytes) / Double(pngGoldenBytes) * 100
        return "; " + (percent < 0.1 ? "under 0.1" : String(Double((percent * 10).rounded()) / 10)) + " % of the \(pngGoldenCount) PNG goldens (\(pngGoldenBytes) bytes)"
    }
}
