import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// `rotation3D` (scene-format §3 item 9) end to end: scene → layout → display list → pixels,
/// checked against the spec's formula worked out here, independently of the renderer's code:
/// 4×4 matrices multiplied out step by step, and pre-images found by solving the 2×2 system.
final class Rotation3DSceneTests: XCTestCase {
    /// Canvas 200×200 pt at 2 px/pt; the rect is 100×80 pt, centred: its frame starts at (50, 60) pt.
    static let scale = 2.0, rectW = 100.0, rectH = 80.0, origin = (x: 50.0, y: 60.0)

    struct Params {
        var angle: Double
        var axis: [Double]
        var anchor: [Double] = [0.5, 0.5]
        var anchorZ = 0.0
        var perspective = 1.0
        var json: String {
            "{\"angle\": \(angle), \"axis\": [\(axis.map { "\($0)" }.joined(separator: ", "))], \"anchor\": [\(anchor[0]), \(anchor[1])], "
                + "\"anchorZ\": \(anchorZ), \"perspective\": \(perspective)}"
        }
    }

    func scene(_ rotation: String, extra: String = "") -> String {
        """
        {"scene": 1, "canvas": {"width": 200, "height": 200}, "duration": 1, "fps": 10,
         "body": {"type": "zstack", "frame": {"width": 200, "height": 200}, "children": [
           {"type": "rect", "fill": "#3060FF", "frame": {"width": \(Self.rectW), "height": \(Self.rectH)},
            \(extra) "rotation3D": \(rotation)}]}}
        """
    }

    func render(_ json: String, frame: Int = 0) throws -> RGBAImage {
        var o = FrameOptions()
        o.scale = Self.scale
        return try FrameSource(try loadScene(json), options: o).image(frame: frame)
    }

    // MARK: - The formula, written out

    typealias M4 = [[Double]]

    static func product(_ a: M4, _ b: M4) -> M4 {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    /// T(−a)·R·P·T(a) as a 4×4 matrix, row vectors, straight from the spec's text.
    static func spec(_ p: Params, w: Double, h: Double) -> M4 {
        let n = (p.axis[0] * p.axis[0] + p.axis[1] * p.axis[1] + p.axis[2] * p.axis[2]).squareRoot()
        let (x, y, z) = (p.axis[0] / n, p.axis[1] / n, p.axis[2] / n)
        let th = p.angle * Double.pi / 180, c = cos(th), s = sin(th), t = 1 - c
        let r: M4 = [[t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0],
                     [t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0],
                     [t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0],
                     [0, 0, 0, 1]]
        let a = [p.anchor[0] * w, p.anchor[1] * h, p.anchorZ]
        func translate(_ v: [Double]) -> M4 { [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [v[0], v[1], v[2], 1]] }
        var persp: M4 = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
        if p.perspective != 0 { persp[2][3] = -1 / (max(w, h) / p.perspective) }
        return product(product(product(translate(a.map { -$0 }), r), persp), translate(a))
    }

    /// Where the view point (x, y) (points, from the frame's top-left) lands on the canvas, in pixels.
    static func project(_ m: M4, _ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let v = [x, y, 0, 1]
        let out = (0..<4).map { j in (0..<4).reduce(0) { $0 + v[$1] * m[$1][j] } }
        return ((out[0] / out[3] + origin.x) * scale, (out[1] / out[3] + origin.y) * scale, out[3])
    }

    /// Whether the device pixel centre (px, py) has a pre-image inside the rect with W > 0:
    /// [x, y, 0, 1]·M ∝ [qx, qy, ·, 1] solved for x and y as a 2×2 linear system.
    static func covers(_ m: M4, _ px: Double, _ py: Double) -> Bool {
        let qx = px / scale - origin.x, qy = py / scale - origin.y
        // x·(m00 − qx·m03) + y·(m10 − qx·m13) = qx·m33 − m30, and the same with column 1 for qy.
        let a = m[0][0] - qx * m[0][3], b = m[1][0] - qx * m[1][3], e = qx * m[3][3] - m[3][0]
        let c = m[0][1] - qy * m[0][3], d = m[1][1] - qy * m[1][3], f = qy * m[3][3] - m[3][1]
        let det = a * d - b * c
        guard det != 0 else { return false }
        let x = (e * d - b * f) / det, y = (a * f - e * c) / det
        let w = x * m[0][3] + y * m[1][3] + m[3][3]
        return w > 0 && x >= 0 && x <= rectW && y >= 0 && y <= rectH
    }

    // MARK: - Measuring the picture

    static func alpha(_ img: RGBAImage, _ x: Int, _ y: Int) -> Double {
        guard x >= 0, y >= 0, x < img.width, y < img.height else { return 0 }
        return Double(img.pixels[4 * (y * img.width + x) + 3]) / 255
    }

    /// Where the drawn region's boundary crosses the centre of pixel row `row` (or column):
    /// from an inside pixel `inside`, the coverage summed outwards is the distance to the edge.
    static func crossing(_ img: RGBAImage, row: Int, inside: Int, towardsLower: Bool, vertical: Bool) -> Double {
        func a(_ k: Int) -> Double { vertical ? alpha(img, row, k) : alpha(img, k, row) }
        var sum = 0.0
        if towardsLower {
            var k = inside - 1
            while k >= 0 && a(k) > 0 { sum += a(k); k -= 1 }
            return Double(inside) - sum
        }
        var k = inside + 1
        while k < (vertical ? img.height : img.width) && a(k) > 0 { sum += a(k); k += 1 }
        return Double(inside + 1) + sum
    }

    /// The drawn corners: each edge of the predicted quad is measured at two places (30 % and 70 %
    /// of the way along, on the pixel rows or columns that cross it most squarely), the two
    /// points give its line, and neighbouring lines meet at the corners.
    static func drawnCorners(_ img: RGBAImage, predicted q: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        let cx = q.map(\.x).reduce(0, +) / 4, cy = q.map(\.y).reduce(0, +) / 4
        var lines: [(p: (Double, Double), d: (Double, Double))] = []
        for i in 0..<4 {
            let a = q[i], b = q[(i + 1) % 4]
            let steep = abs(b.x - a.x) < abs(b.y - a.y)
            var pts: [(Double, Double)] = []
            for f in [0.3, 0.7] {
                let ex = a.x + f * (b.x - a.x), ey = a.y + f * (b.y - a.y)
                if steep {
                    let row = Int(ey.rounded(.down))
                    let lower = ex < cx
                    // An inside pixel: a few pixels from the edge towards the centre.
                    let inside = Int((ex + (lower ? 3 : -3)).rounded(.down))
                    pts.append((crossing(img, row: row, inside: inside, towardsLower: lower, vertical: false), Double(row) + 0.5))
                } else {
                    let col = Int(ex.rounded(.down))
                    let lower = ey < cy
                    let inside = Int((ey + (lower ? 3 : -3)).rounded(.down))
                    pts.append((Double(col) + 0.5, crossing(img, row: col, inside: inside, towardsLower: lower, vertical: true)))
                }
            }
            lines.append((pts[0], (pts[1].0 - pts[0].0, pts[1].1 - pts[0].1)))
        }
        // Corner i is where the edges into and out of it (i − 1 and i) meet.
        return (0..<4).map { i in
            let l1 = lines[(i + 3) % 4], l2 = lines[i]
            let den = l1.d.0 * l2.d.1 - l1.d.1 * l2.d.0
            let t = ((l2.p.0 - l1.p.0) * l2.d.1 - (l2.p.1 - l1.p.1) * l2.d.0) / den
            return (l1.p.0 + t * l1.d.0, l1.p.1 + t * l1.d.1)
        }
    }

    // MARK: - Tests

    func cornerError(_ p: Params) throws -> Double {
        let img = try render(scene(p.json))
        let m = Self.spec(p, w: Self.rectW, h: Self.rectH)
        let corners = [(0.0, 0.0), (Self.rectW, 0.0), (Self.rectW, Self.rectH), (0.0, Self.rectH)].map { Self.project(m, $0.0, $0.1) }
        XCTAssertTrue(corners.allSatisfy { $0.w > 0 }, "the whole rect is in front of the eye")
        let predicted = corners.map { (x: $0.x, y: $0.y) }
        let drawn = Self.drawnCorners(img, predicted: predicted)
        return zip(predicted, drawn).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? .infinity
    }

    func testDrawnCornersFollowTheFormula() throws {
        let cases = [
            Params(angle: 30, axis: [0, 1, 0]), Params(angle: 60, axis: [0, 1, 0]), Params(angle: -45, axis: [0, 1, 0]),
            Params(angle: 40, axis: [1, 0, 0]), Params(angle: 35, axis: [1, 1, 0], anchor: [0, 0.5]),
            Params(angle: 50, axis: [0, 2, 0], anchorZ: 20, perspective: 0.7),
        ]
        var report: [String] = []
        for p in cases {
            let e = try cornerError(p)
            report.append("\(p.angle)° \(p.axis) anchor \(p.anchor): \(String(format: "%.3f", e)) px")
            XCTAssertLessThan(e, 0.5, "\(p.json): corners \(e) px from the formula")
        }
        print("rotation3D corner errors (device px at scale 2):\n" + report.joined(separator: "\n"))
    }

    func testMaskMatchesThePreImagesOfPixelCentres() throws {
        for p in [Params(angle: 60, axis: [0, 1, 0]), Params(angle: 35, axis: [1, 1, 0], anchor: [0, 0.5]),
                  Params(angle: 120, axis: [1, 0, 0.3], perspective: 0.5),
                  // The eye 33 pt away: the near part of the rect passes behind it (W ≤ 0) and is not drawn,
                  // the part just in front stretches off the canvas.
                  Params(angle: 60, axis: [0, 1, 0], perspective: 3),
                  Params(angle: 270, axis: [0, 1, 0], anchorZ: 30)] {
            let img = try render(scene(p.json))
            let m = Self.spec(p, w: Self.rectW, h: Self.rectH)
            var both = 0, either = 0
            for y in 0..<img.height {
                for x in 0..<img.width {
                    let drawn = img.pixels[4 * (y * img.width + x) + 3] >= 128
                    let expected = Self.covers(m, Double(x) + 0.5, Double(y) + 0.5)
                    if drawn && expected { both += 1 }
                    if drawn || expected { either += 1 }
                }
            }
            let iou = Double(both) / Double(max(1, either))
            print("rotation3D \(p.json): IoU \(String(format: "%.4f", iou)) over \(either) px")
            XCTAssertGreaterThan(both, 1000, "something is drawn")
            XCTAssertGreaterThanOrEqual(iou, 0.99, p.json)
        }
    }

    func testEdgeOnDrawsAtMostALine() throws {
        for p in [Params(angle: 90, axis: [0, 1, 0]), Params(angle: -90, axis: [1, 0, 0]), Params(angle: 90, axis: [0, 1, 0], perspective: 0)] {
            let img = try render(scene(p.json))
            if let b = opaqueBounds(img, threshold: 1) {
                XCTAssertLessThanOrEqual(min(b.maxX - b.minX, b.maxY - b.minY), 2, "\(p.json): at most a line")
            }
        }
    }

    func testHostileNumbersDrawSomethingOrNothingWithoutTrapping() throws {
        let hostile = [
            #"{"angle": 1e308, "axis": [0, 1, 0]}"#, #"{"angle": 30, "axis": [1e-300, 0, 0]}"#,
            #"{"angle": 30, "axis": [1e300, 1e300, 1e300]}"#, #"{"angle": 30, "axis": [0, 1, 0], "anchorZ": 1e308}"#,
            #"{"angle": 30, "axis": [0, 1, 0], "perspective": 1e300}"#, #"{"angle": 30, "axis": [0, 1, 0], "perspective": -1e-300}"#,
            #"{"angle": 30, "axis": [0, 1, 0], "anchor": [1e300, -1e300]}"#,
        ]
        for h in hostile {
            let img = try render(scene(h))
            XCTAssertEqual(img.width, 400, h)
        }
        // An axis an expression makes zero draws the rect unturned (documented), not nothing.
        let zero = try render(scene(#"{"angle": 30, "axis": [0, "=0 * t", 0]}"#))
        XCTAssertEqual(opaqueBounds(zero).map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }, [100, 120, 299, 279])
    }

    func testHalfTurnAboutTheVerticalMirrors() throws {
        // Left half red, right half blue; turned 180° about y (W = 1 everywhere) it reads blue | red.
        let halves = """
        {"scene": 1, "canvas": {"width": 200, "height": 200}, "duration": 1,
         "body": {"type": "zstack", "frame": {"width": 200, "height": 200}, "children": [
           {"type": "hstack", "spacing": 0, "ROT" "children": [
             {"type": "rect", "fill": "#FF0000", "frame": {"width": 50, "height": 80}},
             {"type": "rect", "fill": "#0000FF", "frame": {"width": 50, "height": 80}}]}]}}
        """
        let plain = try render(halves.replacingOccurrences(of: "\"ROT\"", with: ""))
        let turned = try render(halves.replacingOccurrences(of: "\"ROT\"", with: #""rotation3D": {"angle": 180, "axis": [0, 1, 0]},"#))
        var worst = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let a = plain[plain.width - 1 - x, y], b = turned[x, y]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "the half turn is the mirror image")
        // Device pixels: the stack spans 100…300, so 250 is in its right half.
        XCTAssertEqual(turned[250, 200].b, 0, "red now on the right")
        XCTAssertEqual(turned[250, 200].r, 255)
        XCTAssertEqual(plain[250, 200].b, 255, "blue on the right before the turn")
    }

    func testTurningToEdgeOnShrinksSmoothly() throws {
        // 0…90° over 0.9 s at 10 fps; the drawn area (summed alpha) against the projected quad's area.
        let img = { (i: Int) in try self.render(self.scene(#"{"angle": "=t * 100", "axis": [0, 1, 0]}"#), frame: i) }
        var areas: [Double] = [], expectedAreas: [Double] = []
        for i in 0...9 {
            let angle = Double(i) * 10
            let pic = try img(i)
            let drawn = Double(totalAlpha(pic)) / 255
            let m = Self.spec(Params(angle: angle, axis: [0, 1, 0]), w: Self.rectW, h: Self.rectH)
            let c = [(0.0, 0.0), (Self.rectW, 0.0), (Self.rectW, Self.rectH), (0.0, Self.rectH)].map { Self.project(m, $0.0, $0.1) }
            // Shoelace area of the projected quad, device pixels.
            let expected = abs((0..<4).reduce(0.0) { $0 + c[$1].x * c[($1 + 1) % 4].y - c[($1 + 1) % 4].x * c[$1].y }) / 2
            XCTAssertEqual(drawn, expected, accuracy: max(30, expected * 0.01), "frame \(i) at \(angle)°")
            areas.append(drawn)
            expectedAreas.append(expected)
        }
        for i in 1..<areas.count {
            XCTAssertLessThan(areas[i], areas[i - 1], "the area shrinks at every step (\(areas))")
            // No jumps: each step is the formula's step, within 1 % of the full area.
            XCTAssertEqual(areas[i - 1] - areas[i], expectedAreas[i - 1] - expectedAreas[i], accuracy: areas[0] / 100, "step \(i)")
        }
        XCTAssertLessThan(areas[9], 1, "edge-on at 90°")
    }
}
