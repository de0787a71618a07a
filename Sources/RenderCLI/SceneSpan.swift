import ArgumentParser
import Frames
import Geometry
import GoldenTesting
import RenderKit

/// The one rule for frames and times given on the command line: they must lie within the scene.
/// A frame range or a time past the scene's end is a usage error (exit status 2) whose message
/// names the scene's length; nothing is clamped silently.
struct SceneSpan {
    /// The frame source, which alone decides which frame shows a time.
    let source: FrameSource
    var frameCount: Int { source.frameCount }
    var fps: Double { source.fps }
    var duration: Double { source.duration }

    init(_ source: FrameSource) {
        self.source = source
    }

    /// "5 s, 300 frames at 60 fps (0-299)".
    var length: String {
        "\(fmt(duration)) s, \(frameCount) frame\(frameCount == 1 ? "" : "s") at \(fmt(fps)) fps (0-\(frameCount - 1))"
    }

    /// `range` itself, or a usage error when it reaches past the last frame.
    func check(frames range: ClosedRange<Int>, option: String = "--frames") throws -> ClosedRange<Int> {
        guard range.upperBound < frameCount else {
            throw UsageError("\(option) \(range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)") "
                + "is past the end of the scene (\(length))")
        }
        return range
    }

    /// The frame that shows time `t`, or a usage error when `t` is past the scene's duration.
    func frame(at t: Double, option: String = "--at") throws -> Int {
        guard t <= duration else { throw UsageError("\(option) \(fmt(t)) is past the end of the scene (\(length))") }
        return min(frameCount - 1, source.frameIndex(at: t))
    }
}

/// A usage error found after the scene was read: printed as one line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
