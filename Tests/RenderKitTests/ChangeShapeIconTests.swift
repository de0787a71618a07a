import Foundation
import Frames
import Geometry
import XCTest

/// The tab icons of `Scenes/change-shape.json` show a faint ghost of their glyph from the first frame; once the
/// glyph is whole, nothing of the ghost may show around it. The profile icon's head was a stroked ghost circle
/// whose stroke reached a point outside the filled head: a faint ring stayed around the finished head.
final class ChangeShapeIconTests: XCTestCase {
    /// The last frame of `Scenes/assets/icon-profile.json` drawn 96 pt square at scale 2 (4 px per Lottie unit)
    /// over the Profile tab's orange.
    func finishedProfileIcon() throws -> RGBAImage {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-icon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let icon = referenceScenePath("assets/icon-profile.json")
        let scene = #"""
        {"scene": 1, "canvas": {"width": 96, "height": 96, "scale": 2, "background": "#FF9F0A"}, "duration": 0.1,
         "body": {"type": "lottie", "src": "\#(icon)", "progress": 1, "frame": {"width": 96, "height": 96}}}
        """#
        let path = dir.appendingPathComponent("icon.json").path
        try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
        let source = try FrameSource(try LoadedScene.load(path: path, allowExternalImages: true), options: FrameOptions())
        return try source.image(frame: 0)
    }

    func testNoRingAroundTheFinishedHead() throws {
        let img = try finishedProfileIcon()
        XCTAssertEqual(img.width, 192)
        // The head: a disc of diameter 13 units centred at (24, 17) units, so radius 26 px about (96, 68) px.
        let cx = 96.0, cy = 68.0
        let centre = img[Int(cx), Int(cy)]
        XCTAssertGreaterThan(Int(centre.g), 240, "the head is white")
        // 2 px outside the head's edge (radius 28 px) only the background may show (the shoulders' top is 7 px
        // below the head). A ghost stroke of width 2 units reached 30 px: 28 % white, about +28 in blue.
        var worst = 0
        for k in 0..<72 {
            let a = Double(k) * .pi / 36
            let p = img[Int((cx + 28 * cos(a)).rounded()), Int((cy + 28 * sin(a)).rounded())]
            worst = max(worst, abs(Int(p.b) - 0x0A))
        }
        XCTAssertLessThanOrEqual(worst, 3, "a ring shows around the head (blue off the background by \(worst))")
    }
}
