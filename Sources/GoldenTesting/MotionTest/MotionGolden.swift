import Formats
import Foundation

/// The motion golden as a `GoldenStrategy`: the scene's motion track, kept as `motion.json` and compared value by
/// value within `tolerance` (`MotionComparison`), its findings in a motion designer's words. A track is compared as
/// written: a file with the same bytes is the same track, and otherwise both sides carry the file's rounding (times on
/// the microsecond grid). Its evidence is its findings: the HTML report and the review page plot each changed series
/// from them (`MotionPlot`).
struct MotionGolden: GoldenStrategy {
    /// `--motion-tolerance`: points (or degrees) a value may differ by; ratios a tenth of it.
    var tolerance: Double

    func encode(_ track: MotionTrack) throws(GoldenTest.Failure) -> [UInt8] {
        do { return try OrderedJSONEncoder().encodeBytes(track) } catch { throw .input("cannot write the motion track: \(error)") }
    }

    func decode(_ bytes: [UInt8], path: String) throws(GoldenTest.Failure) -> MotionTrack {
        do { return try MotionTrack.decode(Data(bytes), path: path) } catch { throw .input(error.description) }
    }

    func compare(golden: MotionTrack, actual: MotionTrack) -> MotionDifference {
        MotionDifference(findings: MotionComparison(golden: golden, actual: actual, tolerance: tolerance).findings)
    }

    var comparesAsWritten: Bool { true }
}

/// What `MotionGolden` found: one finding per view property, state variable or the events that moved differently.
struct MotionDifference: GoldenDifference {
    var motionFindings: [MotionFinding]

    init(findings: [MotionFinding]) { motionFindings = findings }

    var status: GoldenStatus { motionFindings.isEmpty ? .same : .different }
    var findings: [String] { motionFindings.map(\.line) }

    /// None beside the actual track: the plots are drawn from the findings where they are shown.
    func evidence(for name: String) -> [GoldenEvidence] { [] }
}
