import Formats
import Frames
@testable import GoldenTesting
import RenderKit
import XCTest

/// Every presented value that can animate is in the motion track (testing.md §1), checked against values worked by
/// hand from a linear animation, and a change of timing of any of them fails the motion comparison with a line that
/// names the view, the property and the shift.
final class MotionValuesTests: XCTestCase {
    /// At 0.5 s `on` turns true with a linear animation of 1 s (`timing`), at 10 fps: every animated value is
    /// halfway at frame 10 (1.0 s) and at its end from frame 15 (1.5 s).
    private func scene(timing: String = #""linear": 1"#, onText: String = "On") -> String {
        """
        {"scene": 1, "canvas": {"width": 200, "height": 200, "scale": 1, "background": "#000000"}, "fps": 10, "duration": 2,
         "state": {"on": false},
         "body": {"type": "zstack", "children": [
           {"type": "rect", "id": "swatch", "fill": "=on ? '#FFFFFF' : '#000000'", "frame": {"width": 40, "height": 40},
            "stroke": {"paint": "=on ? '#FF0000' : '#0000FF'", "width": "=on ? 6 : 2"}, "trim": {"from": 0, "to": "=on ? 1 : 0.5"},
            "shadows": [{"color": "=on ? '#FF0000' : '#000000'", "radius": "=on ? 20 : 4", "x": 0, "y": "=on ? 10 : 0"}],
            "rotation3D": {"angle": "=on ? 60 : 0", "axis": [0, 1, 0]}},
           {"type": "rect", "id": "sheen", "frame": {"width": 100, "height": 20},
            "fill": {"linear": {"stops": ["#000000", "#FFFFFF"], "start": ["=on ? 1 : 0", 0.5], "end": [1, 0.5]}}},
           {"type": "text", "id": "label", "text": "=on ? '\(onText)' : 'Off'", "font": {"size": "=on ? 30 : 20"},
            "fill": "=on ? '#FFFFFF' : '#808080'"}
         ]},
         "timeline": [{"at": 0.5, "set": {"on": true}, "animation": {\(timing)}}]}
        """
    }

    private func track(_ json: String) throws -> MotionTrack {
        let source = try FrameSource(try loadScene(json), options: FrameOptions())
        return MotionTrack(try MotionSamples(FramePump(source: source, jobs: 2)))
    }

    private func frames(_ track: MotionTrack, _ name: String) throws -> [Double?] {
        try XCTUnwrap(track.series.first { $0.name == name }, "no \(name) in \(track.series.map(\.name))").frames
    }

    /// (name, value at rest before, halfway at frame 10, at the end).
    private let expected: [(String, Double, Double, Double)] = [
        ("swatch.fill.red", 0, 0.5, 1), ("swatch.fill.blue", 0, 0.5, 1),
        ("swatch.stroke.red", 0, 0.5, 1), ("swatch.stroke.blue", 1, 0.5, 0), ("swatch.strokeWidth", 2, 4, 6),
        ("swatch.trimTo", 0.5, 0.75, 1),
        ("swatch.shadows[0].red", 0, 0.5, 1), ("swatch.shadows[0].radius", 4, 12, 20), ("swatch.shadows[0].y", 0, 5, 10),
        ("swatch.rotation3D.angle", 0, 30, 60),
        ("sheen.fill.startX", 0, 0.5, 1),
        ("label.fontSize", 20, 25, 30), ("label.fill.red", 0.502, 0.751, 1),
    ]

    func testEveryAnimatedValueIsTrackedWithItsHandWorkedValues() throws {
        let track = try track(scene())
        for (name, before, half, end) in expected {
            let values = try frames(track, name)
            XCTAssertEqual(values[0] ?? .nan, before, accuracy: 0.001, name)
            XCTAssertEqual(values[10] ?? .nan, half, accuracy: 0.001, name)
            XCTAssertEqual(values[15] ?? .nan, end, accuracy: 0.001, name)
            XCTAssertEqual(values[19] ?? .nan, end, accuracy: 0.001, name)
        }
        // Values that never change cost nothing: the swatch's x, its shadow's x, the sheen's end.
        for still in ["swatch.x", "swatch.shadows[0].x", "sheen.fill.endX", "swatch.trimFrom", "sheen.fill.stops[0].red"] {
            XCTAssertFalse(track.series.contains { $0.name == still }, still)
        }
        // But a colour with a moving channel is kept whole, its still channels included.
        XCTAssertEqual(try frames(track, "swatch.fill.alpha"), Array(repeating: 1, count: 20))
        XCTAssertEqual(try frames(track, "swatch.stroke.green"), Array(repeating: 0, count: 20))
        // The words jump with the state (at 0.5 s, frame 5) and are kept as text.
        let label = try XCTUnwrap(track.text.first { $0.name == "label" })
        XCTAssertEqual(label.changes.map(\.value), ["Off", "On"])
        XCTAssertEqual(label.changes[1].time.seconds, 0.5, accuracy: 1e-9)
    }

    func testALaterStartOfAnyValueIsNamedWithItsShift() throws {
        let golden = try track(scene())
        let actual = try track(scene(timing: #""linear": 1, "delay": 0.2"#, onText: "On!"))
        let findings = MotionComparison(golden: golden, actual: actual).findings
        let colours = Set(expected.compactMap { MotionColour.colourName(of: $0.0) })
        for (name, _, _, _) in expected where MotionColour.colourName(of: name) == nil {
            let finding = try XCTUnwrap(findings.first { $0.name == name }, "\(name) not in \(findings.map(\.line))")
            XCTAssertTrue(finding.words.hasPrefix("starts 200 ms later (0.600 s → 0.800 s), settles 200 ms later"), finding.line)
        }
        // A colour is one finding, in the words of its hex value, timed to the frame it shows the colour it ends on.
        let ends = ["swatch.fill": "#FFFFFF", "swatch.stroke": "#FF0000", "swatch.shadows[0]": "#FF0000", "label.fill": "#FFFFFF"]
        XCTAssertEqual(colours, Set(ends.keys))
        for (colour, hex) in ends {
            let finding = try XCTUnwrap(findings.first { $0.name == colour }, "\(colour) not in \(findings.map(\.line))")
            XCTAssertTrue(finding.words.hasPrefix("reaches \(hex) 200 ms later (1.500 s → 1.700 s), starts 200 ms later (0.600 s → 0.800 s)"),
                          finding.line)
            XCTAssertFalse(findings.contains { $0.name.hasPrefix(colour + ".") && MotionColour.colourName(of: $0.name) != nil })
        }
        let text = try XCTUnwrap(findings.first { $0.name == "label.text" })
        XCTAssertEqual(text.words, "first differs at change 1: On at 0.500 s → On! at 0.500 s")
    }

    /// A sawtooth of 2.55 s (153 frames at 60 fps, a non-whole number of frames per repeat at 7 fps) and a triangle
    /// repeat; a damped spring and a one-way ramp do not.
    func testPeriodOfRepeatingValues() throws {
        func saw(period: Double, fps: Double, count: Int) -> [Double] {
            (0..<count).map { i in (Double(i) / fps).truncatingRemainder(dividingBy: period) / period }
        }
        XCTAssertEqual(MotionCharacter.period(saw(period: 2.55, fps: 60, count: 400)), 153)
        let sevenFps = try XCTUnwrap(MotionCharacter.period(saw(period: 2.55, fps: 7, count: 60)))
        XCTAssertTrue([17, 18].contains(sevenFps), "\(sevenFps) frames for 17.85")
        let triangle = (0..<200).map { i in Double(abs((i % 40) - 20)) }
        XCTAssertEqual(MotionCharacter.period(triangle), 40)
        let spring = (0..<200).map { i in 1 - exp(-Double(i) / 10) * cos(Double(i) / 3) }
        XCTAssertNil(MotionCharacter.period(spring))
        XCTAssertNil(MotionCharacter.period((0..<100).map(Double.init)))
        // Through the character: a sweep that repeats every 2 s from 1 s, at 60 fps, says so.
        let sweep: [Double?] = (0..<400).map { i in i <= 60 ? 0 : saw(period: 2, fps: 60, count: i - 59).last! }
        let character = try XCTUnwrap(MotionCharacter(sweep, fps: 60, property: "fill.startX"))
        XCTAssertEqual(try XCTUnwrap(character.period), 2, accuracy: 1e-9)
    }

    /// A window's move seen on its three subviews is one finding, at the window, naming the subviews; a subview that
    /// also moves on its own keeps its own finding.
    func testAParentsChangeIsReportedOnceAtTheParent() throws {
        func scene(_ timing: String) -> String {
            """
            {"scene": 1, "canvas": {"width": 300, "height": 100, "scale": 1}, "fps": 10, "duration": 2, "state": {"on": false},
             "body": {"type": "zstack", "id": "window", "offset": {"x": "=on ? 100 : 0", "y": 0}, "children": [
               {"type": "rect", "id": "a", "frame": {"width": 10, "height": 10}},
               {"type": "rect", "id": "b", "frame": {"width": 20, "height": 10}},
               {"type": "rect", "id": "c", "frame": {"width": 30, "height": 10}, "offset": {"x": "=on ? 50 : 0", "y": 0}}]},
             "timeline": [{"at": 0.2, "set": {"on": true}, "animation": {\(timing)}}]}
            """
        }
        let findings = MotionComparison(golden: try track(scene(#""linear": 1"#)), actual: try track(scene(#""linear": 0.5"#))).findings
        XCTAssertEqual(findings.map(\.name), ["window.x", "c.x"], findings.map(\.line).joined(separator: "\n"))
        XCTAssertEqual(findings[0].alsoOn, ["a.x", "b.x"])
        XCTAssertTrue(findings[0].words.hasSuffix("; the same change on a.x, b.x"), findings[0].line)
        XCTAssertEqual(findings[1].alsoOn, [])
    }

    /// A value that moved, rested and now ends elsewhere ends elsewhere: its first move is not an overshoot.
    func testAMoveThatNowEndsElsewhereIsNotAnOvershoot() throws {
        func track(_ frames: [Double?]) -> MotionTrack {
            MotionTrack(scene: "s", fps: 10, frameCount: frames.count,
                        series: [MotionSeries(view: "card", property: "x", frames: frames)], state: [], events: [])
        }
        let golden = track([0, 0, 0, 50, 100, 100, 100, 100, 100, 100, 100, 100])
        let actual = track([0, 0, 0, 50, 100, 100, 100, 100, 86, 72, 72, 72])
        let finding = try XCTUnwrap(MotionComparison(golden: golden, actual: actual).findings.first)
        XCTAssertEqual(finding.actual?.overshoot, 0)
        XCTAssertTrue(finding.words.contains("no overshoot; ends at 100.0 pt → 72.0 pt"), finding.line)
        // A spring past its final value is still an overshoot, measured from the final value: 104 against 100.
        let spring = try XCTUnwrap(MotionCharacter([0, 0, 0, 60, 104, 101, 100, 100], fps: 10, property: "x"))
        XCTAssertEqual(spring.overshoot, 4, accuracy: 1e-9)
        // The report's settle is the last frame off the band, as settledBy's (ExpectationValueTests): a 10 pt-a-frame
        // ramp from 90 to 190 at 10 fps is last more than 1 pt (1 % of 100) from 190 at frame 14, 1.4 s.
        let ramp = try XCTUnwrap(MotionCharacter((0..<20).map { Double?(90 + 10 * Double(min(10, max(0, $0 - 5)))) }, fps: 10, property: "x"))
        XCTAssertEqual(try XCTUnwrap(ramp.settle), 1.4, accuracy: 1e-9)
        XCTAssertEqual(MotionWords.value(-0.00001, unit: "pt"), "0.0 pt")
        XCTAssertEqual(MotionWords.value(-0.0004, unit: ""), "0.000")
    }
}
