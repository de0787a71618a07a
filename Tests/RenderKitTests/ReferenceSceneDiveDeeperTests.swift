import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

final class ReferenceSceneDiveDeeperTests: XCTestCase {
    /// Thumbnail frames at rest (points), from the scene's layout: list cell and detail hero.
    let listThumb = Rect(x: 28, y: 212.8291, width: 60, height: 60)
    let detailThumb = Rect(x: 0, y: 0, width: 390, height: 260)
    let hero = "body.children[3].children[0]"

    /// The open move: UIKit's duration spring (0.5 s, damping ratio 1, relative initial velocity 0.5),
    /// x(t) = 1 − (1 + (ω − v₀)·t)·e^(−ωt), ω such that 1 − x(0.5) = 0.001 (settled at its duration):
    /// the closed form, written here.
    func openFraction(_ t: Double) -> Double { diveDeeperSpring(t) }

    /// The open move is over at 0.5 s: the hero is within 0.1 % of its travel from the detail frame
    /// from frame 60 (t = 0.5 s after the event at 0.5 s) on, and had not arrived at 0.4 s.
    func testHeroSettlesAtHalfASecond() throws {
        let r = try loadReferenceScene("dive-deeper.json")
        let travel = detailThumb.width - listThumb.width
        for i in [60, 62, 66] {
            let frame = try XCTUnwrap(r.viewFrames(frame: i)[hero])
            // Within 0.1 % of the travel, plus the pixel-grid rounding of both edges.
            XCTAssertLessThanOrEqual(abs(frame.width - detailThumb.width), 0.001 * travel + 1 / scale + 1e-9, "frame \(i)")
        }
        let early = try XCTUnwrap(r.viewFrames(frame: 54)[hero])
        XCTAssertGreaterThan(detailThumb.width - early.width, 0.002 * travel + 1 / scale, "still moving at 0.4 s")
    }

    /// The canvas scale of both dive-deeper scenes (pixels per point).
    let scale = 2.0

    /// Checks one edge quantity of a laid-out frame against its closed form `exact` (points): layout puts
    /// the edges `lo` and `hi` (exact values) on the pixel grid, each rounded to the nearest 1/scale point
    /// (a tie upwards, §6), so the frame must equal the rounded closed form. The closed form itself is trusted to 0.01 pt,
    /// so where it lies within 0.01 pt of a rounding boundary the other neighbouring pixel is accepted too.
    func assertSnapped(_ actual: Double, lo: Double, hi: Double, length: Bool, _ what: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        func snap(_ x: Double) -> Double { (x * scale + 0.5).rounded(.down) / scale }
        func nearBoundary(_ x: Double) -> Bool { abs((x * scale - (x * scale).rounded(.down)) - 0.5) * 1 / scale < 0.01 }
        let expected = length ? snap(hi) - snap(lo) : snap(lo)
        XCTAssertEqual((actual * scale).rounded(), actual * scale, accuracy: 1e-9, "\(what) on the pixel grid", file: file, line: line)
        let ambiguous = nearBoundary(lo) || (length && nearBoundary(hi))
        XCTAssertEqual(actual, expected, accuracy: ambiguous ? (length ? 2 : 1) / scale + 1e-9 : 1e-9, what, file: file, line: line)
    }

    func assertSnapped(_ frame: Rect, _ exact: Rect, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        assertSnapped(frame.minX, lo: exact.minX, hi: exact.maxX, length: false, "x \(what)", file: file, line: line)
        assertSnapped(frame.minY, lo: exact.minY, hi: exact.maxY, length: false, "y \(what)", file: file, line: line)
        assertSnapped(frame.width, lo: exact.minX, hi: exact.maxX, length: true, "width \(what)", file: file, line: line)
        assertSnapped(frame.height, lo: exact.minY, hi: exact.maxY, length: true, "height \(what)", file: file, line: line)
    }

    /// `r` with each edge rounded to the nearest 1/scale point, as layout places views at rest (§6).
    func onGrid(_ r: Rect) -> Rect {
        func snap(_ x: Double) -> Double { (x * scale + 0.5).rounded(.down) / scale }
        return Rect(x: snap(r.minX), y: snap(r.minY), width: snap(r.maxX) - snap(r.minX), height: snap(r.maxY) - snap(r.minY))
    }

    func mix(_ a: Rect, _ b: Rect, _ f: Double) -> Rect {
        Rect(x: a.minX + (b.minX - a.minX) * f, y: a.minY + (b.minY - a.minY) * f,
             width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f)
    }

    func testThumbnailTravelsBetweenListAndDetailFrames() throws {
        let r = try loadReferenceScene("dive-deeper.json")
        let closed = try XCTUnwrap(r.viewFrames(frame: 0)["body.children[2].children[2].children[0].children[0]"])
        let open = try XCTUnwrap(r.viewFrames(frame: 100)[hero])
        assertSnapped(closed, listThumb, "list thumbnail")
        assertSnapped(open, detailThumb, "detail hero")
        // Frames 31…40 cover the move up to and past its midpoint (open at t = 0.5 s).
        var sawMidpoint = false
        for i in 31...40 {
            let f = openFraction(Double(i) / 60 - 0.5)
            let frame = try XCTUnwrap(r.viewFrames(frame: i)[hero], "frame \(i)")
            // The move starts from the list thumbnail as it rests on screen, on the pixel grid.
            let expected = mix(onGrid(listThumb), detailThumb, f)
            // The animated frame goes through layout, which puts it on the pixel grid (§6).
            assertSnapped(frame, expected, "at frame \(i)")
            if f > 0.35 && f < 0.65 {
                sawMidpoint = true
                XCTAssertTrue(frame.minX < listThumb.minX && frame.minX > detailThumb.minX)
                XCTAssertTrue(frame.minY < listThumb.minY && frame.minY > detailThumb.minY)
                XCTAssertTrue(frame.width > listThumb.width && frame.width < detailThumb.width)
                XCTAssertTrue(frame.height > listThumb.height && frame.height < detailThumb.height)
            }
        }
        XCTAssertTrue(sawMidpoint)
    }

    /// The fade view over the list goes from transparent to opaque white, monotonically, following the
    /// same spring: read on an empty patch of the #F2F2F7 background at (195, 580) pt.
    func testFadeViewOpacityRisesMonotonically() throws {
        let r = try loadReferenceScene("dive-deeper.json")
        func grey(_ i: Int) throws -> Double {
            let img = try r.image(frame: i)
            return Double(img.pixels[4 * (580 * 2 * img.width + 195 * 2)])
        }
        XCTAssertEqual(try grey(0), 0xF2)
        var previous = 0.0
        for i in stride(from: 30, through: 80, by: 2) {
            let g = try grey(i)
            XCTAssertGreaterThanOrEqual(g, previous, "frame \(i)")
            XCTAssertEqual(g, 242 + 13 * openFraction(Double(i) / 60 - 0.5), accuracy: 1, "frame \(i)")
            previous = g
        }
        XCTAssertEqual(try grey(100), 255)
    }

    /// Interactive (UIPercentDrivenInteractiveTransition): progress scrubs the transition's time, so the
    /// thumbnail is where the 0.5 s UIKit spring puts it at progress × 0.5 s. The first pan (45 pt up,
    /// progress 0.075) cancels back to the list, the spring run backwards from where it is over the
    /// remaining 0.075 × 0.5 s; the second (220 pt up, progress 220/600) finishes over (1 − 220/600) × 0.5 s.
    func testPanCancelsBelowOneTenthAndFinishesAbove() throws {
        let r = try loadReferenceScene("dive-deeper-interactive.json")
        func thumb(_ i: Int) throws -> Rect { try XCTUnwrap(r.viewFrames(frame: i)["thumb"]) }
        // The thumbnail's edges are on the pixel grid (§6) and its x is not known here: a width is then
        // within one pixel (1/scale pt) of its closed form.
        let pixel = 1 / scale + 1e-9
        func width(progress p: Double) -> Double { 60 + 330 * openFraction(min(max(p, 0), 1) * 0.5) }
        XCTAssertEqual(try thumb(0).width, 60, accuracy: 1e-9)
        // Ahead of the finger: 45/600 of the drag puts the thumbnail where the spring is at 0.0375 s.
        XCTAssertEqual(try thumb(54).width, width(progress: 45.0 / 600), accuracy: pixel, "end of the first pan")
        XCTAssertGreaterThan(try thumb(54).width, 60 + 330 * 45.0 / 600 + 2, "ahead of the finger")
        // Released at 0.9 s: progress runs back at 2 per second (time at 1 s per second), so the cancel
        // takes 0.0375 s and frames 55 and 56 lie on the same curve.
        for i in [55, 56, 57, 60] {
            let p = 45.0 / 600 - 2 * (Double(i) / 60 - 0.9)
            XCTAssertEqual(try thumb(i).width, width(progress: p), accuracy: pixel, "cancelling, frame \(i)")
        }
        XCTAssertEqual(try thumb(126).width, width(progress: 220.0 / 600), accuracy: pixel, "end of the second pan")
        XCTAssertEqual(try thumb(126).height, 60 + 200 * openFraction(220.0 / 600 * 0.5), accuracy: pixel)
        XCTAssertEqual(try thumb(200).width, 390, accuracy: 0.1, "finished")
        XCTAssertEqual(try thumb(200).height, 260, accuracy: 0.1)
        // Progress never passes 0.9 while dragging, and the fade view's opacity is the progress.
        let p = r.loaded.scene.state.firstIndex { $0.name == "p" } ?? 0
        let dragging = r.history.snapshots.filter { $0.animation == nil && $0.time > 0 }
        XCTAssertFalse(dragging.isEmpty)
        for s in dragging { XCTAssertLessThanOrEqual(s.values[p].number ?? 2, 0.9) }
    }
}

/// UIKit's duration spring of Dive Deeper (0.5 s, damping ratio 1, relative initial velocity 0.5) in closed
/// form, x(t) = 1 − (1 + (ω − v₀)·t)·e^(−ωt), with ω found here by bisection so that 1 − x(0.5) = 0.001:
/// UIKit's animation is over at its duration. Independent of Motion's solver.
func diveDeeperSpring(_ t: Double) -> Double {
    let v0 = 0.5, d = 0.5
    func rest(_ w: Double) -> Double { (1 + (w - v0) * d) * exp(-w * d) }
    var lo = 1.0, hi = 200.0
    for _ in 0..<200 { let mid = (lo + hi) / 2; if rest(mid) > 0.001 { lo = mid } else { hi = mid } }
    let w = (lo + hi) / 2
    return t <= 0 ? 0 : 1 - (1 + (w - v0) * t) * exp(-w * t)
}
