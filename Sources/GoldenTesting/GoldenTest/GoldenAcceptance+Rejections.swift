import Formats
import Foundation
import Frames
import ImageIO
import RenderKit

/// The frames a reviewer rejected on `render review`'s page, kept in the report folder (`review-state.json`) so that a
/// reload, or another `render review` of the same report, shows them rejected again. A rejection writes no golden:
/// it is a mark on the report, saying "this change was not meant". The next `render test` into the same folder
/// removes the file with the rest of the old report.
///
/// Bounded by the report: only its failing frames can be rejected, so the file holds at most one number per failing
/// frame; a file larger than `maxStateBytes`, or not one of ours, is read as no rejection at all.
extension GoldenAcceptance {
    /// The file's name in the report folder.
    public static let reviewStateName = "review-state.json"
    static let reviewStateFormat = "render-review-state"
    static let maxStateBytes = 1 << 20

    struct ReviewState: Codable {
        var format: String
        var rejected: [Int]
    }

    /// The failing frames marked rejected in the report folder (none when there is no readable state file).
    public var rejectedFrames: Set<Int> {
        let path = report + "/" + Self.reviewStateName
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= Self.maxStateBytes,
              let bytes = try? readFileBytes(at: path),
              let state = try? JSONDecoder().decode(ReviewState.self, from: Data(bytes)),
              state.format == Self.reviewStateFormat else { return [] }
        return Set(state.rejected).intersection(failingFrames)
    }

    /// Marks failing frame `frame` rejected (or, `rejected: false`, no longer), rewriting the state file atomically.
    /// - Returns: the frames rejected now.
    /// - Throws: `AcceptanceError` with nothing written: a frame outside the report's range or that did not fail in
    ///   it, a file that cannot be written.
    @discardableResult
    public func mark(frame: Int, rejected: Bool) throws(AcceptanceError) -> Set<Int> {
        guard record.frames.contains(where: { $0.index == frame }) else {
            _ = try chosenFrames(frame...frame, required: true)
            throw AcceptanceError(.notFailing, "frame \(frame) did not fail in report \(report)")
        }
        Self.writing.lock()
        defer { Self.writing.unlock() }
        var now = rejectedFrames
        if rejected { now.insert(frame) } else { now.remove(frame) }
        let path = report + "/" + Self.reviewStateName
        do {
            if now.isEmpty {
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            } else {
                let state = ReviewState(format: Self.reviewStateFormat, rejected: now.sorted())
                try writeFileAtomically(try OrderedJSONEncoder().encodeBytes(state), to: path)
            }
        } catch {
            throw AcceptanceError(.io, "cannot write \(path): \(explain(error, known: path))")
        }
        return now
    }

    /// The page's "accept the scene": everything the report failed but the frames the reviewer rejected (a rejection
    /// says "this change was not meant"; only accepting that frame by itself overrides it).
    /// - Throws: `AcceptanceError` with nothing written, as `accept(frames:motion:)`; `notFailing` when every failing
    ///   frame is rejected and the motion did not fail.
    public func acceptAllButRejected() throws(AcceptanceError) -> AcceptanceResult {
        let rejected = rejectedFrames
        guard !rejected.isEmpty else { return try accept(frames: nil, motion: false) }
        let frames = record.frames.filter { !rejected.contains($0.index) }
        if frames.isEmpty && !motionFailed {
            throw AcceptanceError(.notFailing, "every failing frame of report \(report) is rejected (\(Self.list(Array(rejected)))) "
                + "and its motion did not fail: nothing to accept")
        }
        return try write(frames, motion: motionFailed)
    }
}
