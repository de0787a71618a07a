import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// Reference interaction 1, items 1 and 5, checked on rendered pixels of `Scenes/unlock.json`: the glow
/// spreads around the bar and fades with distance with no edge anywhere (nothing clips it to the bar's
/// rectangle), the fill never shows outside the track's rounded ends, and the PIN uses the monospaced design.
final class ReferenceSceneUnlockGlowTests: XCTestCase {
    let fill = "body.children[0].children[0].children[1]"
    let background: [Int] = [0x0E, 0x0E, 0x12]
    let accent: [Int] = [0x8A, 0x7C, 0xFF]

    /// RGB of the pixel under canvas point (x, y).
    func rgb(_ img: RGBAImage, _ x: Double, _ y: Double, scale: Double = 2) -> [Int] {
        let px = Int((x * scale).rounded(.down)), py = Int((y * scale).rounded(.down))
        let o = 4 * (py * img.width + px)
        return (0..<3).map { Int(img.pixels[o + $0]) }
    }

    /// Mid-charge (frame 268, progress ≈ 0.5): light above the fill and past the bar's leading end,
    /// brighter than the background and fading monotonically with distance.
    func testLightSpreadsPastTheBarAndFadesWithDistance() throws {
        let r = try loadReferenceScene("unlock.json")
        let frames = r.viewFrames(frame: 268)
        let bar = try XCTUnwrap(frames["glowBar"]), fillFrame = try XCTUnwrap(frames[fill])
        XCTAssertGreaterThan(fillFrame.width, 100)
        let img = try r.image(frame: 268)
        // Blue carries the accent's light best (#8A7CFF over #0E0E12).
        let x = bar.minX + fillFrame.width / 2
        let above = stride(from: 1.0, through: 40, by: 1).map { rgb(img, x, bar.minY - $0)[2] }
        let beyond = stride(from: 1.0, through: 40, by: 1).map { rgb(img, bar.minX - $0, bar.midY)[2] }
        for (name, profile) in [("above", above), ("before the leading end", beyond)] {
            XCTAssertGreaterThanOrEqual(profile[9] - background[2], 20, "\(name): 10 pt out the light must show: \(profile)")
            XCTAssertGreaterThanOrEqual(profile[29] - background[2], 3, "\(name): 30 pt out it still shows: \(profile)")
            for k in 1..<profile.count {
                XCTAssertLessThanOrEqual(profile[k], profile[k - 1], "\(name): light must fade with distance: \(profile)")
            }
        }
    }

    /// Across the place where a clip to the bar's rectangle would cut the light (its leading edge, beside
    /// the rounded end), neighbouring pixels differ by a few levels at most: no edge.
    func testNoEdgeAroundTheRoundedEnds() throws {
        let r = try loadReferenceScene("unlock.json")
        let bar = try XCTUnwrap(r.viewFrames(frame: 268)["glowBar"])
        let img = try r.image(frame: 268)
        for y in [bar.minY + 2, bar.minY + 4, bar.maxY - 4] {
            var previous: [Int]?
            var px = bar.minX - 20
            while px <= bar.minX + 1.5 {
                let c = rgb(img, px, y)
                if let p = previous {
                    let step = zip(c, p).map { abs($0 - $1) }.max() ?? 0
                    XCTAssertLessThanOrEqual(step, 4, "at (\(px), \(y)) pt the light has an edge: \(p) → \(c)")
                }
                previous = c
                px += 0.5
            }
        }
    }

    /// While the fill is narrower than the track's height (the charge starting, the reset after an early
    /// release), it stays inside the track's rounded end: the point 1 pt in from the bar's leading edge and
    /// 4 pt below its top lies outside the track's continuous corner (radius 12) and must not show the fill,
    /// while the point 1 pt in on the centre line lies inside both and shows it.
    func testFillStaysInsideTheTracksRoundedEnds() throws {
        let r = try loadReferenceScene("unlock.json")
        var checked = 0
        for i in stride(from: 126, through: 240, by: 2) {
            let frames = r.viewFrames(frame: i)
            guard let bar = frames["glowBar"], let f = frames[fill], f.width >= 4, f.width <= 20 else { continue }
            let img = try r.image(frame: i)
            let outside = rgb(img, bar.minX + 1, bar.minY + 4)
            let inside = rgb(img, bar.minX + 1.25, bar.midY)
            XCTAssertGreaterThanOrEqual(zip(outside, accent).map { abs($0 - $1) }.max() ?? 0, 30,
                                        "frame \(i) (fill \(f.width) pt): the fill shows outside the track: \(outside)")
            XCTAssertLessThanOrEqual(zip(inside, accent).map { abs($0 - $1) }.max() ?? 0, 2,
                                     "frame \(i): the fill must show inside the track: \(inside)")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 6, "frames with a narrow fill")
    }

    /// Item 5: `.font(.system(size: 13).weight(.bold).monospaced())` is the monospaced design (a monospaced
    /// face), not the default face with tabular digits. In a monospaced face every glyph has one advance,
    /// so the PIN "483920" measures exactly six advances plus six kernings of 20 pt (Core Text's kerning
    /// follows the last digit too), and the advance is that of the face's "W" as much as its digits.
    func testPINUsesTheMonospacedDesign() throws {
        let loaded = try LoadedScene.load(path: referenceScenePath("unlock.json"))
        let dump = SceneDump.text(try FrameSource(loaded, options: FrameOptions()), at: 8.0)
        let line = try XCTUnwrap(dump.split(separator: "\n").first { $0.contains("text \"483920\"") && $0.contains("weight") },
                                 "the PIN's text command at 8 s:\n\(dump)")
        XCTAssertTrue(line.contains("monospaced"), String(line))
        let measured = try XCTUnwrap(dump.split(separator: "\n").first { $0.contains("text \"483920\" [") })
        // "… text "483920" [x, y, w×h]": six glyphs of the same advance a, each followed by 20 pt.
        let size = try XCTUnwrap(measured.split(separator: "[").last?.split(separator: ",").last?.split(separator: "×").first)
        let width = try XCTUnwrap(Double(size.trimmingCharacters(in: .whitespaces)))
        let advance = (width - 6 * 20) / 6
        // DejaVu Sans Mono: every advance is 1233/2048 em (0.6021 em), 7.827 pt at 13 pt.
        XCTAssertEqual(advance, 13 * 1233 / 2048, accuracy: 0.01, "PIN width \(width)")
    }

    /// The PIN sits in the middle of its well. Its text box ends with the kerning after the last digit (Core
    /// Text's, kept by the measurer), which is blank: the digits span the box less 20 pt, and the well shows
    /// as much of itself before the first digit as after the last one.
    func testPINIsCentredInItsWellWithItsTrailingKerning() throws {
        let loaded = try LoadedScene.load(path: referenceScenePath("unlock.json"))
        let dump = SceneDump.text(try FrameSource(loaded, options: FrameOptions()), at: 8.0)
        // "… marker x, y, w×h] …" → (x, w); `marker` ends with the "[" that opens the view's frame.
        func box(_ marker: String) throws -> (x: Double, w: Double) {
            let line = try XCTUnwrap(dump.split(separator: "\n").first { $0.contains(marker) }, "\(marker) in:\n\(dump)")
            let after = try XCTUnwrap(line.range(of: marker)).upperBound
            let inside = try XCTUnwrap(line[after...].split(separator: "]").first)
            let parts = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let size = try XCTUnwrap(parts.last?.split(separator: "×").first, "no size in \(line)")
            return (try XCTUnwrap(Double(parts.first ?? ""), String(line)), try XCTUnwrap(Double(size), String(line)))
        }
        let well = try box("pinField zstack ["), pin = try box("text \"483920\" [")
        let digitsEnd = pin.x + pin.w - 20
        XCTAssertEqual(pin.x - well.x, well.x + well.w - digitsEnd, accuracy: 0.5,
                       "before the first digit \(pin.x - well.x) pt, after the last \(well.x + well.w - digitsEnd) pt")
        XCTAssertEqual(pin.w, 6 * (13 * 1233 / 2048 + 20), accuracy: 0.6, "the box keeps the trailing kerning")
    }
}
