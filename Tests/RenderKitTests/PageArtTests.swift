import DisplayList
import Frames
import Geometry
import XCTest

/// The landscape pages of `Scenes/peek-edges.json` and `Scenes/connect-dots.json` (drawn by
/// `Scenes/assets/make-pages.py`) are pictures made for the size they are shown at, with anti-aliased edges:
/// a page enlarged from a smaller picture, or drawn without anti-aliasing, shows stair-stepped hills at scale 2.
final class PageArtTests: XCTestCase {
    /// The full-page pictures drawn in frame 0 (image commands at least a page wide) and the scene's scale.
    func pages(_ scene: String) throws -> (pictures: [ImageCommand], scale: Double) {
        let r = try loadReferenceScene(scene)
        let pictures: [ImageCommand] = r.displayList(frame: 0).commands.compactMap {
            if case .image(let im) = $0, im.rect.width >= 389 { return im }
            return nil
        }
        return (pictures, r.scale)
    }

    /// Each page picture has at least as many pixels as the rectangle it fills (points × canvas scale), so the
    /// renderer never enlarges it.
    func testPagesAreMadeAtTheSizeTheyAreShown() throws {
        for scene in ["peek-edges.json", "connect-dots.json"] {
            let (pictures, scale) = try pages(scene)
            XCTAssertFalse(pictures.isEmpty, "\(scene): no page picture drawn")
            for p in pictures {
                XCTAssertGreaterThanOrEqual(Double(p.image.width), p.rect.width * scale - 0.5, "\(scene): picture width")
                XCTAssertGreaterThanOrEqual(Double(p.image.height), p.rect.height * scale - 1, "\(scene): picture height")
            }
        }
    }

    /// Edges are anti-aliased: where the colour changes sharply across three neighbouring pixels (a hill's edge,
    /// the sun's rim), the middle pixel is a blend of the two sides more often than not. A picture drawn without
    /// anti-aliasing has no such blends: the middle pixel is one side's colour (the fraction is about 0).
    func testEdgesAreAntiAliased() throws {
        let (pictures, _) = try pages("peek-edges.json")
        let image = try XCTUnwrap(pictures.first).image
        func rgb(_ x: Int, _ y: Int) -> [Int] {
            let i = 4 * (y * image.width + x)
            return (0..<3).map { Int(image.pixels[i + $0]) }
        }
        func distance(_ a: [Int], _ b: [Int]) -> Int { zip(a, b).map { abs($0 - $1) }.reduce(0, +) }
        var edges = 0, blended = 0
        func look(_ before: [Int], _ middle: [Int], _ after: [Int]) {
            guard distance(before, after) > 60 else { return }
            edges += 1
            if distance(middle, before) > 4 && distance(middle, after) > 4 { blended += 1 }
        }
        for y in stride(from: image.height / 2, to: image.height - 1, by: 3) {
            for x in 1..<(image.width - 1) { look(rgb(x - 1, y), rgb(x, y), rgb(x + 1, y)) }
        }
        for x in stride(from: 1, to: image.width - 1, by: 3) {
            for y in 1..<(image.height - 1) { look(rgb(x, y - 1), rgb(x, y), rgb(x, y + 1)) }
        }
        XCTAssertGreaterThan(edges, 100, "the page has edges to look at")
        XCTAssertGreaterThan(Double(blended) / Double(edges), 0.5, "\(blended) of \(edges) sharp edges are blended")
    }
}
