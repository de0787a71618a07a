import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// A matched pair moves wherever its two views sit in the tree (§6): inside an `overlay`, inside a `background`,
/// several containers deep through both, and with the two views in different branches, exactly as when they are
/// the body's own children. The pair is a bar (100×10) and a card (60×50), each centred in a 200×100 canvas by a
/// zstack, so by hand: the bar at rest is at (50, 45), the card at (70, 25). At 0.2 s `open` becomes true under a
/// linear 1 s animation; at 20 fps every frame's progress is a multiple of 1/20, and every edge of the moving frame
/// lerp(bar, card, p) is then a whole point (steps of 20·(1/20)), so the pixel grid at scale 1 leaves it unchanged.
final class NestedMatchedGeometryTests: XCTestCase {
    static let bar = #"{"type": "rect", "id": "bar", "fill": "red", "frame": {"width": 100, "height": 10}, "if": "!open", "matchedGeometry": "m"}"#
    static let card = #"{"type": "rect", "id": "card", "fill": "blue", "frame": {"width": 60, "height": 50}, "if": "open", "matchedGeometry": "m"}"#
    static let pair = #"{"type": "zstack", "children": [\#(bar), \#(card)]}"#
    /// A clear 200×100 rect, the canvas's size, carrying `key`: `content`.
    static func holder(_ key: String, _ content: String) -> String {
        #"{"type": "rect", "fill": "clear", "frame": {"width": 200, "height": 100}, "\#(key)": \#(content)}"#
    }

    static func scene(body: String, animation: String = #"{"linear": 1}"#) -> String {
        #"""
        {"scene": 1, "canvas": {"width": 200, "height": 100}, "fps": 20, "duration": 1.5, "state": {"open": false},
         "body": \#(body),
         "timeline": [{"at": 0.2, "set": {"open": true}, "animation": \#(animation)}]}
        """#
    }

    /// The reference: bar and card are the body's own children.
    static let direct = scene(body: #"{"type": "zstack", "children": [\#(bar), \#(card)]}"#)
    static let inOverlay = scene(body: holder("overlay", pair))
    static let inBackground = scene(body: holder("background", pair))
    /// body zstack → rect's overlay → vstack → rect's background → zstack → the pair.
    static let deep = scene(body: #"""
        {"type": "zstack", "frame": {"width": 200, "height": 100}, "children": [
          {"type": "rect", "fill": "clear", "overlay": {"type": "vstack", "children": [
            {"type": "rect", "fill": "clear", "background": \#(pair)}]}}]}
        """#)
    /// The bar in one sibling's background, the card in the other's overlay.
    static let branches = scene(body: #"""
        {"type": "zstack", "children": [
          \#(holder("background", #"{"type": "zstack", "children": [\#(bar)]}"#)),
          \#(holder("overlay", #"{"type": "zstack", "children": [\#(card)]}"#))]}
        """#)

    static let barRest = Rect(x: 50, y: 45, width: 100, height: 10)
    static let cardRest = Rect(x: 70, y: 25, width: 60, height: 50)

    /// Per frame: the laid-out frames of the bar and the card (nil where absent), and the pixels.
    struct Run { var bar: [Rect?] = [], card: [Rect?] = [], images: [RGBAImage] = [] }

    func run(_ json: String) throws -> Run {
        var options = FrameOptions()
        options.scale = 1
        let source = try FrameSource(try loadScene(json), options: options)
        XCTAssertEqual(source.frameCount, 30)
        let drawer = try source.drawer()
        var out = Run()
        for i in 0..<source.frameCount {
            let frames = source.layout(source.state(i))?.frames ?? [:]
            out.bar.append(frames["bar"])
            out.card.append(frames["card"])
            out.images.append(try drawer.frame(i).image)
        }
        return out
    }

    /// lerp(bar, card, p) for the linear move: p = (t − 0.2) / 1 s, within 0…1. Its edges are whole points; rounding
    /// takes away only the floating-point noise of t = i / 20 (0.15000000000000002 × 20).
    static func linearFrame(_ i: Int) -> Rect {
        let p = min(max((Double(i) / 20 - 0.2) / 1, 0), 1)
        let f = lerp(barRest, cardRest, p)
        return Rect(x: f.minX.rounded(), y: f.minY.rounded(), width: f.width.rounded(), height: f.height.rounded())
    }

    static func lerp(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
        Rect(x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
             width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
    }

    /// Checks a run against the closed form, frame by frame: the bar alone at rest before the change (frames 0–3), both
    /// views at the moving frame while the move lasts (frames 4–23, 0.2 s ≤ t < 1.2 s: the bar fades out there, the card
    /// in), and the card alone at rest from 1.2 s on.
    func assertMovesLinearly(_ r: Run, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        for i in 0..<30 {
            let expected = Self.linearFrame(i)
            if i < 24 {
                XCTAssertEqual(r.bar[i], expected, "\(name): the bar at frame \(i)", file: file, line: line)
            } else {
                XCTAssertNil(r.bar[i], "\(name): the bar is gone at frame \(i)", file: file, line: line)
            }
            if i >= 4 {
                XCTAssertEqual(r.card[i], expected, "\(name): the card at frame \(i)", file: file, line: line)
            } else {
                XCTAssertNil(r.card[i], "\(name): the card is not there yet at frame \(i)", file: file, line: line)
            }
        }
    }

    func testDirectChildrenMoveAlongTheLinearCurve() throws {
        assertMovesLinearly(try run(Self.direct), "direct children")
    }

    func testAPairInAnOverlayMovesAsDirectChildrenDo() throws {
        try assertNestedMovesLikeDirect(Self.inOverlay, "overlay")
    }

    func testAPairInABackgroundMovesAsDirectChildrenDo() throws {
        try assertNestedMovesLikeDirect(Self.inBackground, "background")
    }

    func testAPairThreeContainersDeepMovesAsDirectChildrenDo() throws {
        try assertNestedMovesLikeDirect(Self.deep, "three containers deep")
    }

    func testAPairInDifferentBranchesMovesAsDirectChildrenDo() throws {
        try assertNestedMovesLikeDirect(Self.branches, "different branches")
    }

    /// A pair in a `mask` moves too (its pixels are the holder's fill seen through it, so only frames are compared).
    func testAPairInAMaskMovesAlongTheLinearCurve() throws {
        let masked = Self.scene(body: #"{"type": "rect", "fill": "green", "frame": {"width": 200, "height": 100}, "mask": \#(Self.pair)}"#)
        assertMovesLinearly(try run(masked), "mask")
    }

    /// The closed form, and the same pixels as the reference in every frame (the holders are clear).
    func assertNestedMovesLikeDirect(_ json: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let nested = try run(json), reference = try run(Self.direct)
        assertMovesLinearly(nested, name, file: file, line: line)
        for i in 0..<30 {
            let differing = Self.differingPixels(nested.images[i], reference.images[i])
            XCTAssertEqual(differing, 0, "\(name): pixels differing from the reference in frame \(i)", file: file, line: line)
        }
        XCTAssertNotEqual(reference.images[8], reference.images[12], "the reference moves between frames 8 and 12", file: file, line: line)
    }

    /// How many pixels of two images of one size differ (all of them when the sizes differ).
    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
        return (0..<(a.width * a.height)).filter { a.pixels[4 * $0..<4 * $0 + 4] != b.pixels[4 * $0..<4 * $0 + 4] }.count
    }

    /// A critically damped spring (response 0.5 s, so ω = 2π/0.5) has the closed form p(τ) = 1 − (1 + ωτ)·e^(−ωτ):
    /// a pair in an overlay follows it within the half point of pixel snapping, and matches the direct children's frames.
    func testAPairInAnOverlayFollowsACriticallyDampedSpring() throws {
        let spring = #"{"spring": {"response": 0.5, "dampingFraction": 1}}"#
        let pairInOverlay = Self.scene(body: Self.holder("overlay", Self.pair), animation: spring)
        let direct = Self.scene(body: #"{"type": "zstack", "children": [\#(Self.bar), \#(Self.card)]}"#, animation: spring)
        let nested = try run(pairInOverlay), reference = try run(direct)
        let omega = 2 * Double.pi / 0.5
        for i in 4..<30 {
            let tau = Double(i) / 20 - 0.2
            let p = 1 - (1 + omega * tau) * exp(-omega * tau)
            let expected = Self.lerp(Self.barRest, Self.cardRest, p)
            let card = try XCTUnwrap(nested.card[i], "the card at frame \(i)")
            for (got, want) in [(card.minX, expected.minX), (card.minY, expected.minY), (card.maxX, expected.maxX), (card.maxY, expected.maxY)] {
                XCTAssertEqual(got, want, accuracy: 0.5 + 1e-9, "the card's edges at frame \(i): \(card) vs \(expected)")
            }
            XCTAssertEqual(nested.card[i], reference.card[i], "frame \(i)")
            XCTAssertEqual(nested.bar[i], reference.bar[i], "frame \(i)")
        }
        XCTAssertNotNil(nested.bar[8], "the bar is still leaving at 0.4 s, in the moving frame")
    }
}
