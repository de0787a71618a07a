import Foundation
import XCTest

/// Expectations name any value the motion track records (`fill.red`, `shadows[0].radius`…), with the motion golden's
/// tolerances, and `settledBy` waits for all of them: a box whose colour and shadow animate linearly over 1 s from
/// 0.5 s while it stays in place, the values worked by hand (halfway at 1.0 s).
final class ExpectationValueTests: CLITestCase {
    let scene = """
        {"scene": 1, "canvas": {"width": 100, "height": 60, "scale": 1, "background": "#000000"}, "fps": 60, "duration": 2,
         "state": {"on": false},
         "body": {"type": "rect", "id": "box", "fill": "=on ? '#FFFFFF' : '#000000'", "frame": {"width": 20, "height": 20},
                  "shadows": [{"color": "#000000", "radius": "=on ? 20 : 4"}]},
         "timeline": [{"at": 0.5, "set": {"on": true}, "animation": {"linear": 1}}]}
        """

    func write(_ entries: [String]) throws -> String { try writeScene(scene, expecting: entries) }

    /// The lines `render test SCENE` prints when some expectation fails (exit status 1), each without the path of
    /// `box.test.json` before its `line:column`.
    func failingLines(_ scene: String) throws -> [String] {
        let run = try expect(1, ["test", scene])
        let file = path("box.test.json") + ":"
        return run.stdout.split(separator: "\n").map { $0.hasPrefix(file) ? String($0.dropFirst(file.count)) : String($0) }
    }

    func testPaintAndShadowValuesPassWhereTheyHold() throws {
        let scene = try write([
            #"{"from": 0.5, "to": 1.5, "view": "box", "property": "fill.red", "follows": {"linear": 1}}"#,
            #"{"at": 1.0, "view": "box", "property": "shadows[0].radius", "value": 12}"#,
            #"{"at": 1.0, "view": "box", "property": "fill.blue", "value": 0.5}"#,
            #"{"view": "box", "settledBy": 1.5}"#,
        ])
        try expect(0, ["test", scene])
    }

    func testPaintValuesFailWithTheirToleranceAndSettledByWaitsForTheColour() throws {
        let scene = try write([
            #"{"at": 1.0, "view": "box", "property": "fill.red", "value": 0.502}"#,
            #"{"at": 1.0, "view": "box", "property": "fill.red", "value": 0.5009}"#,
            #"{"view": "box", "settledBy": 1.2}"#,
        ])
        let run = try expect(1, ["test", scene])
        let file = path("box.test.json")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // 0.002 off is beyond a colour channel's 0.001; 0.0009 is within it.
        XCTAssertTrue(lines.contains("\(file):3:5: expect[0]: at 1.000 s box.fill.red = 0.5, expected 0.502 ± 0.001"), run.stdout)
        XCTAssertFalse(lines.contains { $0.contains("expect[1]") }, run.stdout)
        // The box never moves, but its colour changes until 1.5 s: the last frame off its final value is 1.483 s.
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(file):5:5: expect[2]: box.") && $0.contains("until 1.500 s") }, run.stdout)
    }

    func testAnUnknownPropertyIsALocatedLineWithTheNearestName() throws {
        let scene = try write([#"{"at": 1.0, "view": "box", "property": "fill.redd", "value": 1}"#,
                               #"{"at": 1.0, "view": "box", "property": "shadows[01].radius", "value": 1}"#])
        let run = try expect(1, ["test", scene])
        let problems = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(problems.count, 2, run.stderr)
        XCTAssertTrue(problems[0].contains("expect[0].property: unknown property \"fill.redd\"; did you mean \"fill.red\"?"), run.stderr)
        XCTAssertTrue(problems[1].contains("expect[1].property: unknown property \"shadows[01].radius\""), run.stderr)
    }

    /// A background or overlay is named after its view (`box.overlay`), with a suggestion for a near miss; two views'
    /// paint overlays are two views (they once shared the name `overlay`, so only the first was tracked).
    func testOverlaysAreNamedAfterTheirView() throws {
        let scene = """
            {"scene": 1, "canvas": {"width": 100, "height": 60, "scale": 1}, "fps": 10, "duration": 1, "state": {"on": false},
             "body": {"type": "hstack", "children": [
               {"type": "rect", "id": "a", "frame": {"width": 20, "height": 20}, "overlay": "=on ? '#FFFFFF' : '#000000'"},
               {"type": "rect", "id": "b", "frame": {"width": 20, "height": 20}, "overlay": "=on ? '#000000' : '#FFFFFF'"}]},
             "timeline": [{"at": 0, "set": {"on": true}, "animation": {"linear": 0.5}}]}
            """
        let path = try writeScene(scene, expecting: [
            #"{"at": 0.5, "view": "a.overlay", "property": "fill.red", "value": 1}"#,
            #"{"at": 0.5, "view": "b.overlay", "property": "fill.red", "value": 0}"#,
        ])
        try expect(0, ["test", path])
        try writeScene(scene, expecting: [#"{"at": 0.5, "view": "a.ovrlay", "property": "fill.red", "value": 1}"#])
        let run = try expect(1, ["test", path])
        XCTAssertTrue(run.stderr.contains("expect[0].view: the scene has no view \"a.ovrlay\"; did you mean \"a.overlay\"?"), run.stderr)
    }

    /// `settledBy` and the motion report's "settles at" are one meaning: a linear 100 pt move from 0.5 s to 1.5 s at
    /// 10 fps is 10 pt a frame, so with the default band (1 % of the move: 1 pt) the last frame off is 1.4 s (90 pt)
    /// and the view is settled from 1.5 s; with `within: 15` the last frame off is 1.3 s (80 pt).
    func testSettledByUsesTheMotionReportsBandOrWithin() throws {
        let ramp = """
            {"scene": 1, "canvas": {"width": 200, "height": 60, "scale": 1}, "fps": 10, "duration": 2, "state": {"on": false},
             "body": {"type": "rect", "id": "box", "frame": {"width": 20, "height": 20}, "offset": {"x": "=on ? 100 : 0", "y": 0}},
             "timeline": [{"at": 0.5, "set": {"on": true}, "animation": {"linear": 1}}]}
            """
        let path = try writeScene(ramp, expecting: [
            #"{"view": "box", "settledBy": 1.5, "tolerance": 0}"#,
            #"{"view": "box", "settledBy": 1.4, "tolerance": 0}"#,
            #"{"view": "box", "settledBy": 1.4, "tolerance": 0, "within": 15}"#,
            #"{"view": "box", "settledBy": 1.3, "tolerance": 0, "within": 15}"#,
        ])
        XCTAssertEqual(try failingLines(path), [
            "4:5: expect[1]: box.x is off its final value 190 by more than 1 until 1.500 s, expected settled by 1.4 ± 0 s",
            "6:5: expect[3]: box.x is off its final value 190 by more than 15 until 1.400 s, expected settled by 1.3 ± 0 s",
            "expectations: 4 expectations, 2 failing",
        ])
    }

    /// `follows` on a curve that repeats a number of times compares each repeat with the curve (a sawtooth of 0.5 s
    /// three times from 0.5 s at 10 fps, from x 140 by 100 pt). Against a 0.6 s curve the end of a cycle b is read
    /// from the window's frame of most progress, the last of 1.0 s and 1.6 s (5/6 of a cycle): at 1.6 s the box is
    /// at 160, so b = 140 + 20 / (5/6) = 164. The first frame off is then 0.6 s (frame 6): 160 where the curve has
    /// 140 + 24 · 1/6 = 144; the worst is 1.9 s: 220 where it has 140 + 24 · 2/6 = 148.
    func testFollowsARepeatingCurveAndNamesTheFirstFrameOff() throws {
        let saw = """
            {"scene": 1, "canvas": {"width": 300, "height": 60, "scale": 1}, "fps": 10, "duration": 3, "state": {"on": false},
             "body": {"type": "rect", "id": "box", "frame": {"width": 20, "height": 20}, "offset": {"x": "=on ? 100 : 0", "y": 0}},
             "timeline": [{"at": 0.5, "set": {"on": true}, "animation": {"linear": 0.5, "repeat": 3, "autoreverses": false}}]}
            """
        let path = try writeScene(saw, expecting: [
            #"{"from": 0.5, "to": 1.9, "view": "box", "property": "x", "follows": {"linear": 0.5, "repeat": 3, "autoreverses": false}}"#,
            #"{"from": 0.5, "to": 1.9, "view": "box", "property": "x", "follows": {"linear": 0.6, "repeat": 3, "autoreverses": false}}"#,
        ])
        let run = try expect(1, ["test", path])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, run.stdout)
        XCTAssertEqual(lines[0], "\(self.path("box.test.json")):4:5: expect[1]: at 1.900 s box.x = 220, expected 148 ± 0.01 "
                       + "on the curve from 140 to 164 a cycle from 0.500 s; first off the curve at 0.600 s (frame 6): 160, expected 144")
    }

    /// A drag's release velocity is in `events.json` (and the motion golden's events): a 300 pt drag over 0.5 s from
    /// 0.5 s at 10 fps follows s(u) = (3u² − u³)/2, so the finger is at 211.2 pt 0.1 s before release and the
    /// velocity over the last 100 ms is (300 − 211.2) / 0.1 = 888 pt/s. A faster flick is named in the motion report.
    func testReleaseVelocityIsRecorded() throws {
        func scene(_ to: Int) -> String {
            """
            {"scene": 1, "canvas": {"width": 400, "height": 100, "scale": 1}, "fps": 10, "duration": 2, "state": {"x": 0},
             "body": {"type": "rect", "id": "pad", "frame": {"width": 400, "height": 100},
                      "gestures": [{"drag": {"minimumDistance": 0}, "onEnded": {"set": {"x": "=gesture.velocity.x"}}}]},
             "input": [{"at": 0.5, "drag": {"from": [0, 50], "to": [\(to), 50], "duration": 0.5}}]}
            """
        }
        let path = try writeScene(scene(300), named: "pad.json")
        try expect(0, ["pad.json", "--out", self.path("out")].map { $0 == "pad.json" ? path : $0 })
        let events = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: self.path("out/events.json")))) as? [String: Any])
        let ended = try XCTUnwrap((events["events"] as? [[String: Any]])?.first { $0["detail"] as? String == "drag.ended" })
        let velocity = try XCTUnwrap(ended["velocity"] as? [Double])
        XCTAssertEqual(velocity[0], 888, accuracy: 0.001)
        XCTAssertEqual(velocity[1], 0)
        // The handler read the same velocity.
        try expect(0, ["test", path, "--golden", self.path("golden"), "--motion-only"])
        try writeScene(scene(400), named: "pad.json")
        let run = try expect(1, ["test", path, "--golden", self.path("golden"), "--motion-only", "--artifacts", self.path("report")])
        // 400 pt: the finger is at 281.6 pt 0.1 s before release, (400 − 281.6) / 0.1 = 1184 pt/s.
        XCTAssertTrue(run.stdout.contains("gesture pad drag.ended released at (888, 0) → (1184, 0) pt/s"), run.stdout)
        XCTAssertTrue(run.stdout.contains("state.x: "), run.stdout)
    }

    /// Events without an `id` are named by their place in the timeline or by kind and index in firing order.
    func testEventsWithoutAnIdAreNamedByPlaceOrKindAndIndex() throws {
        let scene = """
            {"scene": 1, "canvas": {"width": 100, "height": 60, "scale": 1}, "fps": 10, "duration": 2, "state": {"on": false},
             "body": {"type": "rect", "frame": {"width": 20, "height": 20}},
             "timeline": [{"at": 0.5, "set": {"on": true}, "haptic": "soft"}, {"at": 1.0, "haptic": "rigid"}]}
            """
        let path = try writeScene(scene, expecting: [
            #"{"event": "timeline[0]", "at": 0.5}"#,
            #"{"event": {"kind": "haptic", "index": 1}, "at": 1.0}"#,
            #"{"event": {"kind": "haptic", "index": 2}, "at": 1.0}"#,
            #"{"event": "timeline[1]", "at": 0.5}"#,
        ])
        XCTAssertEqual(try failingLines(path), [
            "5:5: expect[2]: event haptic #2 never fires, expected at 1 ± 0.1 s",
            "6:5: expect[3]: event timeline[1] fires at 1.000 s, expected at 0.5 ± 0.1 s",
            "expectations: 4 expectations, 2 failing",
        ])
        try writeScene(scene, expecting: [#"{"event": "timelin[1]", "at": 1.0}"#, #"{"event": {"kind": "haptc", "index": 0}, "at": 1.0}"#])
        let bad = try expect(1, ["test", path])
        XCTAssertTrue(bad.stderr.contains("expect[0].event: the scene has no event \"timelin[1]\"; did you mean \"timeline[1]\"?"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("expect[1].event.kind: unknown value \"haptc\"; did you mean \"haptic\"?"), bad.stderr)
    }
}
