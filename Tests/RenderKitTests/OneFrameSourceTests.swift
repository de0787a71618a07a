import Foundation
import XCTest

/// Keeps the frame source the only way to a frame: no other file of RenderKit or the CLI builds a timeline or asks
/// one for a frame, so no output can resolve a frame without the layout geometry that matched views need (strips
/// and previews once did, and cross-faded what the frames moved).
final class OneFrameSourceTests: XCTestCase {
    func testOnlyTheFrameSourceTouchesTheTimeline() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var offenders: [String] = []
        for folder in ["Sources/RenderKit", "Sources/RenderCLI"] {
            let dir = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".swift") && name != "FrameSource.swift" {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                for needle in ["SceneTimeline(", "timeline.frame(", "timeline.state(", ": SceneTimeline"] where text.contains(needle) {
                    offenders.append("\(folder)/\(name): \(needle)")
                }
            }
        }
        XCTAssertEqual(offenders, [], "frames come from FrameSource only")
    }
}
