import Foundation
import Geometry
import Frames
import RenderKit
import SceneModel
import XCTest

/// `itemState` on a forEach: each item's own copy of a variable, read and set by that item only (SwiftUI's
/// `@State` of each view in a `ForEach`), animating on its own.
final class ItemStateTests: XCTestCase {
    /// Three 100 pt squares in a row, each turning from black to white (linear 1 s) when tapped; taps on the
    /// third at 0.5 s and on the first at 1.0 s. Hand-worked: at 1.25 s the third is 0.75 of the way to
    /// white, the first 0.25, the second untouched.
    let scene = #"""
    {"scene": 1, "canvas": {"width": 300, "height": 100}, "duration": 2,
     "state": {"taps": 0},
     "body": {"type": "hstack", "spacing": 0, "children": [
       {"type": "forEach", "count": 3, "as": "i", "itemState": {"on": 0},
        "content": {"type": "rect", "id": "square{i}", "frame": {"width": 100, "height": 100},
                    "fill": "=mix('black', 'white', on)",
                    "gestures": [{"tap": {}, "onEnded": {"set": {"on": 1, "taps": "=taps + 1"}, "animation": {"linear": 1}}}]}}
     ]},
     "input": [{"at": 0.5, "tap": [250, 50]}, {"at": 1.0, "tap": [50, 50]}]}
    """#

    func testEachItemHasItsOwnCopyAndAnimation() throws {
        let r = try FrameSource(try loadScene(scene), options: FrameOptions())
        let names = r.loaded.scene.state.map(\.name)
        XCTAssertEqual(names.count, 4, "taps plus three copies of on: \(names)")
        // Frame 75 is 1.25 s at 60 fps.
        let img = try r.image(frame: 75)
        func red(_ x: Int) -> Double { Double(img.pixels[4 * (50 * img.width + x)]) }
        XCTAssertEqual(red(50), 255 * 0.25, accuracy: 1)
        XCTAssertEqual(red(150), 0)
        XCTAssertEqual(red(250), 255 * 0.75, accuracy: 1)
        let taps = try XCTUnwrap(names.firstIndex(of: "taps"))
        XCTAssertEqual(r.history.snapshots.last?.values[taps], .number(2))
    }

    func testItemStateErrors() throws {
        let bad = [
            (#""count": "=taps", "itemState": {"on": 0}"#, "a forEach with itemState needs a literal whole count"),
            (#""count": 3, "itemState": {"taps": 0}"#, "item state \"taps\" would hide the state variable"),
            (#""count": 3, "itemState": {"on": [1]}"#, "an item state variable holds a number, a boolean or a string"),
        ]
        for (forEach, message) in bad {
            let json = #"{"scene": 1, "canvas": {"width": 300, "height": 100}, "state": {"taps": 0}, "body": {"type": "hstack", "children": [{"type": "forEach", "as": "i", "# + forEach + #", "content": {"type": "rect"}}]}}"#
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("item-state-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let path = dir.appendingPathComponent("scene.json").path
            try Data(json.utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try LoadedScene.load(path: path), forEach) { error in
                XCTAssertTrue("\(error)".contains(message), "\(forEach): \(error)")
            }
        }
        // Outside its forEach the variable does not exist.
        let outside = #"{"scene": 1, "canvas": {"width": 300, "height": 100}, "timeline": [{"at": 0, "set": {"on": 1}}], "body": {"type": "hstack", "children": [{"type": "forEach", "count": 2, "itemState": {"on": 0}, "content": {"type": "rect"}}]}}"#
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("item-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("scene.json").path
        try Data(outside.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try LoadedScene.load(path: path)) { error in
            XCTAssertTrue("\(error)".contains("timeline[0].set.on: \"on\" is not a state variable"), "\(error)")
        }
    }
}
