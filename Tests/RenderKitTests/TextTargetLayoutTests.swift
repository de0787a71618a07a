import DisplayList
import Foundation
import Frames
import Geometry
@testable import Raster
import RenderKit
import XCTest

/// A text is laid out for the target state of an animated change, and the animation moves the laid-out text
/// (§6, docs/scene-format.md "Text"): while its frame springs through sizes smaller than its target, a label
/// never wraps differently or shows an ellipsis. The reference for every in-between frame is the target state laid
/// out at rest, in a scene that never animates: the lines its text commands break into are what every frame of the
/// animation must show.
final class TextTargetLayoutTests: XCTestCase {
    /// What a reader sees of each text command of a display list: its lines as Pango breaks them (the same shaping
    /// the rasterizer draws with) and "…" after the last when text is left out behind an ellipsis.
    func textLines(_ list: DisplayList) -> [[String]] {
        list.commands.compactMap { c -> [String]? in
            guard case .text(let t) = c else { return nil }
            let shown = PangoTextMeasurer().lines(t.text, style: t.style, layout: t.layout)
            return shown.lines + (shown.ellipsized ? ["…"] : [])
        }
    }

    static let spring = #"{"spring": {"response": 0.4, "dampingFraction": 0.5}}"#

    /// Two labels in a padded pill (as `Scenes/fluid-rotation.json`'s readout): `a` with `lineLimit` 1 (too narrow
    /// a frame would end it in an ellipsis) and `b` without (too narrow a frame would wrap it), both changing from
    /// long to short at t = 0.5 s and back at t = 1.5 s under an underdamped spring (damping fraction 0.5, response
    /// 0.4 s: it overshoots by e^(−πζ/√(1−ζ²)) ≈ 16 % of the travel), so each label's frame springs from wide to
    /// narrow, past its target into sizes narrower than the text, and back. A third label `c` keeps its string but
    /// is given a width that springs from 260 to 120 pt and back (≈ 98 pt at the overshoot). With `timeline` false
    /// and `long` fixed, the same scene at rest in one state: the reference, laid out without any animation.
    func scene(long: Bool = true, timeline: Bool = true) -> String {
        let expr = { (yes: String, no: String) in timeline ? "=long ? \(yes) : \(no)" : (long ? yes : no) }
        let str = { (yes: String, no: String) in timeline ? "\"=long ? '\(yes)' : '\(no)'\"" : "\"\(long ? yes : no)\"" }
        let width = timeline ? "\"\(expr("260", "120"))\"" : expr("260", "120")
        return """
        {"scene": 1, "canvas": {"width": 320, "height": 240, "scale": 2}, "duration": 3, "fps": 60,
         "state": {"long": \(long)},
         "body": {"type": "zstack", "frame": {"width": 320, "height": 240}, "children": [
           {"type": "vstack", "spacing": 4, "padding": {"horizontal": 16, "vertical": 10},
            "background": {"type": "roundedRect", "cornerRadius": 12, "fill": "#FFFFFF20"},
            "children": [
              {"type": "text", "id": "a", "lineLimit": 1, "font": {"size": 15, "weight": "semibold"},
               "text": \(str("angle 270° · following the finger", "snaps to 270°"))},
              {"type": "text", "id": "b", "font": {"size": 12},
               "text": \(str("let go: it snaps to a multiple of 90°", "lands at 270°"))},
              {"type": "text", "id": "c", "font": {"size": 13}, "multilineTextAlignment": "center",
               "frame": {"width": \(width)}, "text": "a label that wraps at its narrow width"}]}]},
         "timeline": \(timeline ? """
            [{"at": 0.5, "set": {"long": false}, "animation": \(Self.spring)},
             {"at": 1.5, "set": {"long": true}, "animation": \(Self.spring)}]
            """ : "[]")}
        """
    }

    func testLabelsKeepTheirTargetLinesWhileTheirFramesSpring() throws {
        let r = try FrameSource(try loadScene(scene()), options: FrameOptions())
        // The targets, laid out at rest in scenes that never animate.
        let longLines = textLines(try FrameSource(try loadScene(scene(long: true, timeline: false)), options: FrameOptions())
            .displayList(frame: 0))
        let shortLines = textLines(try FrameSource(try loadScene(scene(long: false, timeline: false)), options: FrameOptions())
            .displayList(frame: 0))
        XCTAssertEqual(shortLines[0], ["snaps to 270°"], "a fits on one line at rest")
        XCTAssertEqual(shortLines[1], ["lands at 270°"], "b fits on one line at rest")
        XCTAssertEqual(longLines[1], ["let go: it snaps to a multiple of 90°"])
        XCTAssertGreaterThan(shortLines[2].count, longLines[2].count, "c wraps into more lines at 120 pt than at 260 pt")
        XCTAssertEqual(textLines(r.displayList(frame: 29)), longLines, "before the first change")

        // The frames really do pass through sizes smaller than the target's (else this test could not fail).
        let restA = try XCTUnwrap(r.viewFrames(frame: 89)["a"]), restC = try XCTUnwrap(r.viewFrames(frame: 89)["c"])
        var narrowerA = 0, narrowerC = 0
        for i in 30...88 {
            let f = r.viewFrames(frame: i)
            if try XCTUnwrap(f["a"]).width < restA.width - 1 { narrowerA += 1 }
            if try XCTUnwrap(f["c"]).width < restC.width - 1 { narrowerC += 1 }
        }
        XCTAssertGreaterThan(narrowerA, 3, "a's frame springs past its target")
        XCTAssertGreaterThan(narrowerC, 3, "c's frame springs past its target")

        // Every frame of each animation shows the target's lines: same breaks, no ellipsis that the target lacks.
        for i in 30...89 {
            XCTAssertEqual(textLines(r.displayList(frame: i)), shortLines, "frame \(i) (wide → narrow)")
        }
        for i in 90...179 {
            XCTAssertEqual(textLines(r.displayList(frame: i)), longLines, "frame \(i) (narrow → wide)")
        }
    }

    /// A label of 15 pt `text` in the view `view(width)` (JSON, the width an expression or a number) whose width springs
    /// from 300 pt to 2 pt more than the text's one line (measured here with the shaping the rasterizer uses) at
    /// t = 0.5 s and back at 1.5 s, with the spring of `scene` overshooting by ≈ 16 % of the 100-odd points of travel:
    /// the view identified `squeezed` passes through widths well under the text's, yet every frame shows the text on
    /// one line, as the same scene does at rest. Returns the frame source for further checks.
    @discardableResult
    func assertOneLineWhileSpringing(_ text: String, squeezed: String, file: StaticString = #filePath, line: UInt = #line,
                                     view: (String) -> String) throws -> FrameSource {
        let ideal = PangoTextMeasurer().measure(text, style: TextStyle(size: 15, weight: 400))
        let narrow = (ideal.width + 2).rounded(.up)
        func json(_ width: String, timeline: String) -> String {
            """
            {"scene": 1, "canvas": {"width": 320, "height": 120, "scale": 2}, "duration": 3, "fps": 60,
             "state": {"narrow": false},
             "body": {"type": "zstack", "frame": {"width": 320, "height": 120}, "children": [\(view(width))]},
             "timeline": \(timeline)}
            """
        }
        let r = try FrameSource(try loadScene(json("\"=narrow ? \(fmt(narrow)) : 300\"", timeline: """
            [{"at": 0.5, "set": {"narrow": true}, "animation": \(Self.spring)},
             {"at": 1.5, "set": {"narrow": false}, "animation": \(Self.spring)}]
            """)), options: FrameOptions())
        let target = textLines(try FrameSource(try loadScene(json(fmt(narrow), timeline: "[]")), options: FrameOptions())
            .displayList(frame: 0))
        XCTAssertEqual(target, [[text]], "one line at rest", file: file, line: line)
        var narrower = 0
        for i in 30...179 {
            XCTAssertEqual(textLines(r.displayList(frame: i)), target, "frame \(i)", file: file, line: line)
            if let f = r.viewFrames(frame: i)[squeezed], f.width < ideal.width - 1 { narrower += 1 }
        }
        XCTAssertGreaterThan(narrower, 3, "\(squeezed) springs narrower than the text", file: file, line: line)
        return r
    }

    /// A text carried along by a moving parent, its own frame the same before and after (one line, centred): it has
    /// no move of its own; it is placed where the layout of each instant puts it in the springing stack, and laid out
    /// for its frame in the target state.
    func testTextCarriedByASpringingParentKeepsItsTargetLines() throws {
        let text = "one line in a springing stack"
        let r = try assertOneLineWhileSpringing(text, squeezed: "stack") { width in
            """
            {"type": "vstack", "id": "stack", "frame": {"width": \(width)}, "background": {"type": "rect", "fill": "#FFFFFF20"},
             "children": [{"type": "text", "id": "t", "font": {"size": 15}, "text": "\(text)"}]}
            """
        }
        XCTAssertEqual(try XCTUnwrap(r.viewFrames(frame: 29)["t"]), try XCTUnwrap(r.viewFrames(frame: 89)["t"]),
                       "the text's own frame is the same at rest in both states")
    }

    /// A text in the `overlay` of a capsule whose width springs (a decoration is laid out in its view's presented frame).
    func testTextInTheOverlayOfASpringingViewKeepsItsTargetLines() throws {
        let text = "a label over a springing pill"
        try assertOneLineWhileSpringing(text, squeezed: "pill") { width in
            """
            {"type": "capsule", "id": "pill", "fill": "#FFFFFF20", "frame": {"width": \(width), "height": 40},
             "overlay": {"type": "text", "font": {"size": 15}, "text": "\(text)"}}
            """
        }
    }

    /// The laid-out text sits in its animated frame as a text sits in any frame larger or smaller than itself:
    /// centred (the frame's default alignment), at its own size, never scaled. Checked on `a` at frames where its
    /// frame is narrower than its text: the text command's transform is the identity (no scale), and the text's
    /// centre is the frame's centre.
    func testLaidOutTextIsCentredInItsAnimatedFrameUnscaled() throws {
        let r = try FrameSource(try loadScene(scene()), options: FrameOptions())
        let restWidth = try XCTUnwrap(r.viewFrames(frame: 89)["a"]).width
        var checked = 0
        for i in 30...88 {
            guard let layout = r.layout(r.state(i)) else { continue }
            let a = try XCTUnwrap(layout.root.allViews.first { $0.identity == "a" }, "frame \(i)")
            XCTAssertEqual(a.contentFrame.width, restWidth, accuracy: 0.5, "frame \(i): the text keeps its target width")
            XCTAssertEqual(a.contentFrame.midX, a.frame.midX, accuracy: 0.5, "frame \(i): centred in the animated frame")
            if a.frame.width < restWidth - 1 { checked += 1 }
        }
        XCTAssertGreaterThan(checked, 3)
        for c in r.displayList(frame: 40).commands {
            if case .text(let t) = c { XCTAssertEqual(t.transform, .identity, "text is moved, never scaled") }
        }
    }

    /// `Scenes/fluid-rotation.json` (issue 28): after the flick at t = 2.2 s the readout changes from "angle … ·
    /// following the finger" to "snaps to 270°" while its pill springs narrower; frames 156–162 at 60 fps used to
    /// read "snaps to 27…". Every one of them must draw "snaps to 270°" whole: on one line (no wrapping width) and
    /// uncut (no height), exactly as the frame at rest draws it.
    func testFluidRotationReadoutIsWholeWhileItsPillSprings() throws {
        let r = try loadReferenceScene("fluid-rotation.json")
        func readout(_ i: Int) throws -> TextCommand {
            let texts = r.displayList(frame: i).commands.compactMap { c -> TextCommand? in
                if case .text(let t) = c, t.text.hasPrefix("snaps to") { return t } else { return nil }
            }
            return try XCTUnwrap(texts.first, "frame \(i) shows the readout \"snaps to …\"")
        }
        let rest = try readout(200)
        XCTAssertEqual(rest.text, "snaps to 270°")
        XCTAssertNil(rest.layout.width); XCTAssertNil(rest.layout.height)
        for i in 150...170 {
            let t = try readout(i)
            XCTAssertEqual(t.text, "snaps to 270°", "frame \(i)")
            XCTAssertEqual(t.layout, rest.layout, "frame \(i): laid out as at rest (one line, no ellipsis)")
            // Every label of the scene is one line at rest, the reason under the readout included.
            for lines in textLines(r.displayList(frame: i)) {
                XCTAssertEqual(lines.count, 1, "frame \(i): \(lines) is one whole line")
            }
        }
    }
}
