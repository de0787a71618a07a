import DisplayList
import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// A text drawn in a frame: where its box lands on the canvas (points), the product of the
/// opacities of the layers around it, and its style.
struct DrawnText {
    var box: Rect
    var alpha: Double
    var style: TextStyle
}

/// Every draw of `text` in the display list, with its canvas box and effective opacity.
func drawnTexts(_ text: String, in list: DisplayList) -> [DrawnText] {
    var alphas = [1.0], out: [DrawnText] = []
    for c in list.commands {
        switch c {
        case .beginLayer(let l): alphas.append((alphas.last ?? 1) * l.opacity)
        case .endLayer: if alphas.count > 1 { alphas.removeLast() }
        case .text(let t) where t.text == text: out.append(DrawnText(box: t.transform.apply(t.paintBounds), alpha: alphas.last ?? 1, style: t.style))
        default: break
        }
    }
    return out
}

/// Reference interaction 4: phantoms. The title travels as one picture scaled from its list frame to
/// its detail frame; the close button, only in the detail, fades in as the move ends and out as the
/// dismissal starts.
final class DiveDeeperPhantomTests: XCTestCase {
    let listTitle = "body.children[2].children[2].children[0].children[1].children[0]"
    let detailTitle = "body.children[3].children[1].children[0]"

    /// The open spring's closed form (see `ReferenceSceneDiveDeeperTests.openFraction`).
    func openFraction(_ t: Double) -> Double { diveDeeperSpring(t) }

    /// Frames 31…59 (the open move, t = 0.5 s + 0.017…0.483 s; UIKit's spring is over at 0.5 s): exactly one "Northern Lights" is drawn,
    /// fully opaque, and its box is the list title's rest frame interpolated towards the detail
    /// title's by the spring's fraction: a picture that grows, never two text sizes cross-fading.
    func testTitleTravelsAsOnePictureThatGrows() throws {
        let r = try loadReferenceScene("dive-deeper.json")
        let from = try XCTUnwrap(r.viewFrames(frame: 0)[listTitle])
        let to = try XCTUnwrap(r.viewFrames(frame: 100)[detailTitle])
        XCTAssertGreaterThan(to.height, from.height * 1.4, "the detail title is the larger one")
        for i in 31...59 {
            let f = openFraction(Double(i) / 60 - 0.5)
            let drawn = drawnTexts("Northern Lights", in: r.displayList(frame: i)).filter { $0.alpha > 0 }
            XCTAssertEqual(drawn.count, 1, "frame \(i): one title picture")
            guard let title = drawn.first else { continue }
            XCTAssertEqual(title.alpha, 1, accuracy: 1e-9, "frame \(i): the picture is not faded")
            let expected = Rect(x: from.minX + (to.minX - from.minX) * f, y: from.minY + (to.minY - from.minY) * f,
                                width: from.width + (to.width - from.width) * f, height: from.height + (to.height - from.height) * f)
            XCTAssertEqual(title.box.minX, expected.minX, accuracy: 0.05, "x at frame \(i)")
            XCTAssertEqual(title.box.minY, expected.minY, accuracy: 0.05, "y at frame \(i)")
            XCTAssertEqual(title.box.width, expected.width, accuracy: 0.05, "width at frame \(i)")
            XCTAssertEqual(title.box.height, expected.height, accuracy: 0.05, "height at frame \(i)")
        }
        // The picture is the list's 17 pt text while opening and the detail's 28 pt text while closing
        // (the side on screen when the move starts); at rest, the real text of the side shown.
        func sizes(_ i: Int) throws -> [Double] {
            textStyles("Northern Lights", in: r.displayList(frame: i)).map(\.size)
        }
        XCTAssertEqual(try sizes(40), [17])
        XCTAssertEqual(try sizes(100), [28])
        for i in [128, 140, 154] { XCTAssertEqual(try sizes(i), [28], "closing, frame \(i)") }
        XCTAssertEqual(try sizes(190), [17])
    }

    /// The styles of the draws of `text` that are not fully transparent.
    func textStyles(_ text: String, in list: DisplayList) -> [TextStyle] {
        drawnTexts(text, in: list).filter { $0.alpha > 0 }.map(\.style)
    }

    /// The close button's opacity (its "✕"): 0 until the move is 85 % done, then rising to 1 by frame
    /// 100; after the close event (t = 2.1 s, frame 126) it is gone five frames later, while the hero still
    /// covers its corner; no frame steps by more than 0.25 (nothing pops: 0.08 s linear is 0.21 a frame).
    func testCloseButtonFadesWithoutPopping() throws {
        let r = try loadReferenceScene("dive-deeper.json")
        var previous = 0.0
        for i in 0..<r.frameCount {
            let alpha = drawnTexts("✕", in: r.displayList(frame: i)).map(\.alpha).max() ?? 0
            XCTAssertLessThanOrEqual(abs(alpha - previous), 0.25, "the close button jumps at frame \(i): \(previous) → \(alpha)")
            if i <= 30 || (i < 126 && openFraction(Double(i) / 60 - 0.5) < 0.85) {
                XCTAssertEqual(alpha, 0, "frame \(i): the close button waits for the move to end")
            }
            if (100...126).contains(i) { XCTAssertEqual(alpha, 1, accuracy: 1e-3, "frame \(i): shown in the detail") }
            if i == 127 { XCTAssertLessThan(alpha, 1, "the fade starts with the dismissal") }
            if i >= 131 { XCTAssertEqual(alpha, 0, "frame \(i): gone five frames into the dismissal") }
            previous = alpha
        }
    }

    /// The body text belongs to the detail too: on closing it is gone five frames after the close event, before
    /// the fade view has cleared enough for the returning list cells to show through it (fade opacity still
    /// above 0.5), so the two never lie over each other; and it never steps by more than 0.25.
    func testBodyTextLeavesBeforeTheCellsReturn() throws {
        let r = try loadReferenceScene("dive-deeper.json")
        var previous = 1.0
        for i in 126...160 {
            let alpha = drawnTexts("Above the Arctic Circle the winter sky", in: r.displayList(frame: i)).map(\.alpha).max() ?? 0
            XCTAssertLessThanOrEqual(abs(alpha - previous), 0.25, "the body text jumps at frame \(i)")
            if i >= 131 { XCTAssertEqual(alpha, 0, "frame \(i): the body text lingers over the returning cells") }
            previous = alpha
        }
    }

    /// Interactive (UIPercentDrivenInteractiveTransition scrubs the transition's time): during the second
    /// pan (1.5 s, 220 pt up in 0.6 s, the script's (3u² − u³)/2 easing) and after its release at 2.1 s
    /// (progress 220/600, then 2 per second to 1), one title picture is drawn whose box is the list
    /// title's frame interpolated towards the detail title's by the spring at progress × 0.5 s; the motion
    /// carries on along the same curve across the release. The close button, part of the detail, is
    /// absent while the transition is early, fades with the transition and never steps by more than 0.25.
    func testInteractiveTitleFollowsTheSpringAtScrubbedTime() throws {
        let closed = try loadReferenceScene("dive-deeper.json")
        let from = try XCTUnwrap(closed.viewFrames(frame: 0)[listTitle])
        let to = try XCTUnwrap(closed.viewFrames(frame: 100)[detailTitle])
        let r = try loadReferenceScene("dive-deeper-interactive.json")
        func progress(frame i: Int) -> Double {
            let t = Double(i) / 60
            if t <= 2.1 {
                let u = min(max((t - 1.5) / 0.6, 0), 1)
                return min(220 * (3 * u * u - u * u * u) / 2 / 600, 0.9)
            }
            return min(220.0 / 600 + 2 * (t - 2.1), 1)
        }
        var previousX: Double?
        for i in 100...150 {
            let f = openFraction(progress(frame: i) * 0.5)
            let drawn = drawnTexts("Northern Lights", in: r.displayList(frame: i)).filter { $0.alpha > 0 }
            guard progress(frame: i) < 1 else { continue }
            XCTAssertEqual(drawn.count, 1, "frame \(i): one title picture")
            let box = try XCTUnwrap(drawn.first).box
            XCTAssertEqual(box.minX, from.minX + (to.minX - from.minX) * f, accuracy: 0.05, "x at frame \(i)")
            XCTAssertEqual(box.minY, from.minY + (to.minY - from.minY) * f, accuracy: 0.05, "y at frame \(i)")
            XCTAssertEqual(box.width, from.width + (to.width - from.width) * f, accuracy: 0.05, "width at frame \(i)")
            XCTAssertEqual(box.height, from.height + (to.height - from.height) * f, accuracy: 0.05, "height at frame \(i)")
            // Continuity: no frame-to-frame jump larger than the spring's steepest step. After the release
            // the transition's time runs at 1 s per second (progress at 2 per second, × 0.5 s), during the
            // drag slower; the critically damped curve's slope is at most about ω/e ≈ 6.8 of the travel per
            // second, under 0.12 of the travel in a 60 fps frame.
            if let x = previousX { XCTAssertLessThan(abs(box.minX - x), 0.12 * abs(to.minX - from.minX), "jump at frame \(i)") }
            previousX = box.minX
        }
        // Ahead of the finger: at the release the title is past the finger's fraction of the way.
        XCTAssertGreaterThan(openFraction(220.0 / 600 * 0.5), 220.0 / 600 + 0.3)
        var previous = 0.0
        for i in 0..<r.frameCount {
            let alpha = drawnTexts("✕", in: r.displayList(frame: i)).map(\.alpha).max() ?? 0
            XCTAssertLessThanOrEqual(abs(alpha - previous), 0.25, "the close button jumps at frame \(i): \(previous) → \(alpha)")
            if i <= 126 { XCTAssertEqual(alpha, 0, "frame \(i): no close button before the detail has opened") }
            if (150...227).contains(i) { XCTAssertEqual(alpha, 1, accuracy: 1e-9, "frame \(i): shown in the detail") }
            // The tap at 3.8 s (frame 228) dismisses: the button has faded out five frames later, while the hero
            // still covers its corner (a grey disc left over the list for longer reads as a leftover).
            if i >= 233 { XCTAssertEqual(alpha, 0, "frame \(i): gone with the detail") }
            previous = alpha
        }
    }
}
