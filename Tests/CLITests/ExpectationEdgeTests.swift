import Foundation
import XCTest

/// Expectations at the edges of what they accept (issue 36 item 7), on a scene simple enough to work out by hand: a
/// 20 pt box centred on a 400 pt canvas (x 190) that moves 100 pt right linearly over 1 s from 0.5 s, and fades from
/// 0.9 to 0.5 linearly over 0.5 s from then, at 10 fps: x(t) = 190 + 100·(t − 0.5) until 1.5 s, then 290;
/// opacity(t) = 0.9 − 0.8·(t − 0.5) until 1.0 s, then 0.5. Frame 14 (1.4 s, x 280) is the last that moves; frame 15
/// (1.5 s) the first at rest. A soft haptic fires at 0.5 s, a rigid one at 1.0 s.
final class ExpectationEdgeTests: CLITestCase {
    let scene = """
        {"scene": 1, "canvas": {"width": 400, "height": 60, "scale": 1, "background": "#000000"}, "fps": 10, "duration": 3,
         "state": {"on": false, "dim": false},
         "body": {"type": "rect", "id": "box", "fill": "#FFFFFF", "frame": {"width": 20, "height": 20},
                  "opacity": "=dim ? 0.5 : 0.9", "offset": {"x": "=on ? 100 : 0", "y": 0}},
         "timeline": [{"at": 0.5, "set": {"on": true}, "haptic": "soft", "animation": {"linear": 1}},
                      {"at": 0.5, "set": {"dim": true}, "animation": {"linear": 0.5}},
                      {"at": 1.0, "haptic": "rigid"}]}
        """

    /// Checks `entries` (`box.test.json`) without drawing.
    /// - Returns: each expectation's pass, and its line (`expect[i]: message`).
    func check(_ entries: [String]) throws -> (passed: [Bool], lines: [String]) {
        let run = try render.run(["test", try writeScene(scene, expecting: entries), "--json"])
        XCTAssertEqual(run.stderr, "")
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
        let results = try XCTUnwrap(summary["expectations"] as? [[String: Any]])
        XCTAssertEqual(run.status, results.allSatisfy { $0["passed"] as? Bool == true } ? 0 : 1)
        return (results.map { $0["passed"] as? Bool ?? false }, results.map { "\($0["path"] ?? ""): \($0["message"] ?? "")" })
    }

    /// A window's both ends are inclusive: a haptic exactly on `from`, one exactly on `to`; a window a millisecond
    /// inside them counts neither.
    func testHapticsExactlyOnTheWindowsEndsCount() throws {
        let r = try check([
            #"{"from": 0.5, "to": 1.0, "haptics": {"soft": 1, "rigid": 1}}"#,
            #"{"from": 0.5, "to": 0.9, "haptics": {"soft": 1, "rigid": 0}}"#,
            #"{"from": 0.6, "to": 1.0, "haptics": {"soft": 0, "rigid": 1}}"#,
            #"{"from": 0.501, "to": 0.999, "haptics": {"soft": 0, "rigid": 0}}"#,
        ])
        XCTAssertEqual(r.passed, [true, true, true, true], r.lines.joined(separator: "\n"))
    }

    /// The default tolerances (0.01 pt, 0.001 for opacity) at 2.9 s, where the box rests at x 290, opacity 0.5.
    func testValuesJustInsideTheDefaultTolerancePassAndJustOutsideFail() throws {
        let r = try check([
            #"{"at": 2.9, "view": "box", "frame": {"x": 290.009}}"#,
            #"{"at": 2.9, "view": "box", "frame": {"x": 290.011}}"#,
            #"{"at": 2.9, "view": "box", "frame": {"x": 289.991}}"#,
            #"{"at": 2.9, "view": "box", "frame": {"x": 289.989}}"#,
            #"{"at": 2.9, "view": "box", "opacity": 0.5009}"#,
            #"{"at": 2.9, "view": "box", "opacity": 0.5011}"#,
            #"{"at": 2.9, "view": "box", "opacity": 0.4991}"#,
            #"{"at": 2.9, "view": "box", "opacity": 0.4989}"#,
        ])
        XCTAssertEqual(r.passed, [true, false, true, false, true, false, true, false], r.lines.joined(separator: "\n"))
    }

    /// settledBy around the first frame at rest (1.5 s): with no time tolerance, 1.5 holds and 1.4 (one frame early)
    /// fails; with the default tolerance of one frame, 1.4 holds and 1.3 fails. A failure names x, the value still
    /// moving then (the opacity rests from 1.0 s), and 1.500 s, the end of its last moving frame.
    func testSettledByHoldsFromTheFirstFrameAtRestAndNotOneFrameEarlier() throws {
        let r = try check([
            #"{"view": "box", "settledBy": 1.5, "tolerance": 0}"#,
            #"{"view": "box", "settledBy": 1.4, "tolerance": 0}"#,
            #"{"view": "box", "settledBy": 1.4}"#,
            #"{"view": "box", "settledBy": 1.3}"#,
        ])
        XCTAssertEqual(r.passed, [true, false, true, false], r.lines.joined(separator: "\n"))
        for (line, by) in [(r.lines[1], "1.4 ± 0 s"), (r.lines[3], "1.3 ± 0.1 s")] {
            XCTAssertTrue(line.contains(": box.x is off its final value 290 ") && line.hasSuffix(" until 1.500 s, expected settled by \(by)"),
                          line)
        }
    }
}
