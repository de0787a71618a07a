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
}
