import Frames
@testable import RenderKit
import XCTest

/// Which scenes keep an alpha channel in video: all but those whose background surely covers the canvas opaquely.
final class VideoAlphaRuleTests: XCTestCase {
    func testOnlyAConstantOpaqueBackgroundDropsAlpha() throws {
        let cases: [(background: String, transparent: Bool)] = [
            ("", true),
            (##", "background": "#101018""##, false),
            (##", "background": "#10101880""##, true),
            (##", "background": "=t > 1 ? 'red' : 'blue'""##, true),
            (##", "background": {"linear": {"stops": ["#000000", "#FFFFFF"], "start": "leading", "end": "trailing"}}"##, false),
            (##", "background": {"linear": {"stops": ["#000000", "#FFFFFF00"], "start": "leading", "end": "trailing"}}"##, true),
        ]
        for c in cases {
            let loaded = try loadScene(#"{"scene": 1, "canvas": {"width": 10, "height": 10"# + c.background + #"}, "body": {"type": "rect"}}"#)
            XCTAssertEqual(sceneHasTransparency(loaded.scene.canvas.background), c.transparent, c.background)
            // mp4 never keeps alpha; the others follow the background.
            let source = try FrameSource(loaded, options: FrameOptions())
            XCTAssertFalse(VideoWriter(source: source, format: .mp4).alpha)
            XCTAssertEqual(VideoWriter(source: source, format: .webm).alpha, c.transparent, c.background)
        }
    }
}
