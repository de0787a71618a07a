import Foundation
import Geometry
import XCTest

/// The `layer.render(in:)` pictures: shapes, corners, colours and gradients (their shadows are Core Graphics'
/// kernel, not the screen's, so a shadow's halo is reported, never held to).
extension DeviceTruthTests {
    /// Gradient stops are written as 8-bit hex, each up to 0.5/255 from the device's exact mix; interpolating
    /// between two of them and rounding the result once more stays within 2/255 on any pixel, and rounding
    /// both ways evens out to well under 0.5/255 on average.
    static let rampMean = 0.5, rampMax = 2.0

    /// Coverage (0…1) of a red-on-white or black-on-white pixel, read from its green channel (white 255, fill 0).
    static func coverage(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double { (255 - Double(p.g)) / 255 }

    /// The intersection over the union of two pictures' coverage, Σ min / Σ max, over the four corner squares of
    /// 16 pt (48 px; the curve reaches 15.6 pt) of a square of `side` px whose top-left pixel is `origin`.
    static func cornerIoU(side: Int, origin: (x: Int, y: Int), _ a: (Int, Int) -> Double, _ b: (Int, Int) -> Double) -> Double {
        var both = 0.0, either = 0.0
        for j in 0..<side where j < 48 || j >= side - 48 {
            for i in 0..<side where i < 48 || i >= side - 48 {
                let (x, y) = (origin.x + i, origin.y + j)
                both += min(a(x, y), b(x, y)); either += max(a(x, y), b(x, y))
            }
        }
        return both / either
    }

    /// CALayer's continuous corner against its two device pictures, radius 10 at 3x: on the 50 pt square (r = 0.4 of
    /// half the side) the fitted curve (SwiftUI's published one gives 0.9946 there), on the 200 pt square of the shadow
    /// picture (r = 0.1 of it) the published curve (the fitted one gives 0.9949 there).
    func testLayerContinuousCornersCoverTheDevicesCorners() throws {
        let device = try DeviceReferences.picture("calayer-continuous-corner.png")
        let got = try render(DeviceScenes.continuousCorner)
        // The square is 150 px from (75, 75).
        let iou = Self.cornerIoU(side: 150, origin: (75, 75), { Self.coverage(got[$0, $1]) }, { Self.coverage(device[$0, $1]) })
        print("calayer-continuous-corner.png: corner IoU \(String(format: "%.5f", iou))")
        XCTAssertGreaterThanOrEqual(iou, Self.layerCornerIoU, "calayer-continuous-corner.png: corner IoU \(iou)")

        let shadowDevice = try DeviceReferences.picture("calayer-shadow.png")
        let square = try render(DeviceScenes.layerSquare)
        // #FF3B30 over white darkened by the shadow: red − green is 196 × coverage whatever the shadow's light. The
        // device draws the square from pixel (263, 918) (87.67, 306 pt); the scene without its shadow from (75, 75).
        func cover(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double { min(1, max(0, (Double(p.r) - Double(p.g)) / 196)) }
        let shadowIoU = Self.cornerIoU(side: 600, origin: (263, 918), { cover(square[$0 - 188, $1 - 843]) },
                                       { cover(shadowDevice[$0, $1]) })
        print("calayer-shadow.png: corner IoU \(String(format: "%.5f", shadowIoU))")
        XCTAssertGreaterThanOrEqual(shadowIoU, Self.layerCornerIoU, "calayer-shadow.png: corner IoU \(shadowIoU)")
    }

    /// SwiftUI's continuous corner at radius 20 on a 50 pt square, where 1.528665 r does not fit in half the side,
    /// drawn at 3x: each device-pixel row's inset of the boundary (the uncovered width of the row's half, in points,
    /// averaged over the four sides, as the device figures were measured) within a third of a device pixel of the
    /// device's on every row.
    func testSwiftUIContinuousCornerAtRadius20FollowsTheDeviceRowByRow() throws {
        guard let figures = try DeviceReferences.figures("swiftui-corner-r20-insets.json") as? [String: Any],
              let device = figures["inset_pt_by_row"] as? [Double], device.count == 150 else {
            return XCTFail("swiftui-corner-r20-insets.json: no inset_pt_by_row of 150 rows")
        }
        let got = try render(DeviceScenes.swiftUICorner(radius: 20))
        // The square covers pixels 15..<165; side k reads row i of the square from one edge inward.
        func uncovered(_ side: Int, _ i: Int) -> Double {
            (0..<75).reduce(0.0) { sum, j in
                let (x, y) = [(15 + j, 15 + i), (164 - j, 15 + i), (15 + i, 15 + j), (15 + i, 164 - j)][side]
                return sum + 1 - Self.coverage(got[x, y])
            }
        }
        var worst = (row: 0, error: 0.0)
        for i in 0..<150 {
            let inset = (0..<4).map { uncovered($0, i) }.reduce(0, +) / 4 / 3
            let error = abs(inset - device[i])
            if error > worst.error { worst = (i, error) }
            XCTAssertLessThanOrEqual(error, Self.cornerRowError, "row \(i): inset \(inset) pt, device \(device[i]) pt")
        }
        print("swiftui-corner-r20-insets.json: largest row error \(RegionErrors.fmt(worst.error * 3)) device px (row \(worst.row))")
    }

    /// The same figures held to the outline itself (exact area, no rasteriser): each row's mean inset of the
    /// top-left corner's boundary of `Path.roundedRect` (every cubic at 256 steps, the inset read at 64 heights per
    /// row), against the device's row and its mirror row from the bottom.
    func testSwiftUIContinuousCornerOutlineAtRadius20FollowsTheDeviceRowByRow() throws {
        guard let figures = try DeviceReferences.figures("swiftui-corner-r20-insets.json") as? [String: Any],
              let device = figures["inset_pt_by_row"] as? [Double], device.count == 150 else {
            return XCTFail("swiftui-corner-r20-insets.json: no inset_pt_by_row of 150 rows")
        }
        let path = Path.roundedRect(Rect(x: 0, y: 0, width: 50, height: 50), cornerRadius: 20, style: .continuous)
        var boundary: [Point] = [], last = Point(0, 0)
        for e in path.elements {
            switch e {
            case .move(let a), .line(let a): last = a
            case .cubic(let a, let b, let c):
                for i in 0...256 {
                    let t = Double(i) / 256, u = 1 - t
                    let q = last * (u * u * u) + a * (3 * u * u * t) + b * (3 * u * t * t) + c * (t * t * t)
                    if q.x <= 25, q.y <= 25 { boundary.append(q) }
                }
                last = c
            case .close: break
            }
        }
        boundary.sort { $0.y < $1.y }
        // The boundary's x at height y: linear between the samples around it.
        func x(at y: Double) -> Double {
            guard let k = boundary.firstIndex(where: { $0.y >= y }) else { return 0 }
            guard k > 0 else { return boundary[0].x }
            let a = boundary[k - 1], b = boundary[k]
            return b.y == a.y ? min(a.x, b.x) : a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y)
        }
        var worst = 0.0
        for i in 0..<75 {
            let inset = (0..<64).map { x(at: (Double(i) + (Double($0) + 0.5) / 64) / 3) }.reduce(0, +) / 64
            for row in [i, 149 - i] {
                worst = max(worst, abs(inset - device[row]))
                XCTAssertLessThanOrEqual(abs(inset - device[row]), Self.cornerRowError, "row \(row): \(inset) pt, device \(device[row]) pt")
            }
        }
        print("swiftui-corner-r20-insets.json: the outline's largest row error \(RegionErrors.fmt(worst * 3)) device px")
    }

    func testContinuousCornersMatchTheDevice() throws {
        let device = try DeviceReferences.picture("calayer-continuous-corner.png")
        let got = try render(DeviceScenes.continuousCorner)
        // The outline is wherever either picture has a pixel that is neither the red nor the white.
        func plain(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r == 255 && (p.g == p.b) && (p.g == 0 || p.g == 255) }
        let e = RegionErrors(got, device) { x, y in plain(got[x, y]) && plain(device[x, y]) ? .flat : .edge }
        print(e.summary("calayer-continuous-corner.png"))
        XCTAssertEqual(e[.flat].max, 0, "calayer-continuous-corner.png: a flat pixel differs")
        XCTAssertLessThanOrEqual(e[.edge].mean, Self.cornerEdgeMean, "calayer-continuous-corner.png: corner mean \(e[.edge].mean)/255")
    }

    func testLayerShadowSquareMatchesTheDeviceOutsideTheHalo() throws {
        let device = try DeviceReferences.picture("calayer-shadow.png")
        let got = try render(DeviceScenes.layerShadow)
        // The square in points: 200 pt centred on the 375×812 pt screen. Core Graphics' kernel is cut at
        // 2σ = 20 pt and ours fades by 3σ = 28.5 pt (plus the 1 pt offset): beyond 40 pt both are white.
        let square = Rect(x: 87.5, y: 306, width: 200, height: 200)
        let e = RegionErrors(got, device) { x, y in
            let px = (Double(x) + 0.5) / 3, py = (Double(y) + 0.5) / 3
            let out = max(square.minX - px, px - square.maxX, square.minY - py, py - square.maxY)
            // The corners' 16 pt (the continuous curve's reach) hold the curve and light cast into its cut.
            let corner = min(px - square.minX, square.maxX - px) < 16 && min(py - square.minY, square.maxY - py) < 16
            if out < -1 { return corner ? .edge : .flat }
            return out <= 1 ? .edge : out < 40 ? .halo : .flat
        }
        print(e.summary("calayer-shadow.png") + " (halo: Core Graphics' kernel, not held to)")
        XCTAssertLessThanOrEqual(e[.flat].max, Self.flatMax, "calayer-shadow.png: flat max \(e[.flat].max)/255")
        XCTAssertLessThanOrEqual(e[.edge].mean, Self.squareEdgeMean, "calayer-shadow.png: edge mean \(e[.edge].mean)/255")
    }

    func testSmoothGradientsMatchTheDevice() throws {
        let green = DeviceScenes.components(DeviceScenes.green), blue = DeviceScenes.components(DeviceScenes.blue)
        let red = DeviceScenes.components(DeviceScenes.red)
        let cases: [(String, String, (Int, Int) -> RegionErrors.Region)] = [
            ("gradient-green-blue.png", DeviceScenes.smoothGradient(green, blue, start: "leading", end: "trailing"), { _, _ in .ramp }),
            ("gradient-alpha-eased.png", DeviceScenes.smoothGradient([0, 0, 0, 1], [0, 0, 0, 0], start: "top", end: "bottom"),
             { _, _ in .ramp }),
            // Green above 0.2 of the height, red below 0.4, the ramp between (768 px at 3x).
            ("gradient-stops.png", DeviceScenes.smoothGradient(green, red, from: 0.2, to: 0.4, start: "top", end: "bottom"),
             { _, y in y < 153 || y > 308 ? .flat : .ramp }),
        ]
        for (name, scene, region) in cases {
            let device = try DeviceReferences.picture(name)
            let e = RegionErrors(try render(scene), device, region: region)
            print(e.summary(name))
            XCTAssertLessThanOrEqual(e[.ramp].mean, Self.rampMean, "\(name): ramp mean \(e[.ramp].mean)/255")
            XCTAssertLessThanOrEqual(e[.ramp].max, Self.rampMax, "\(name): ramp max \(e[.ramp].max)/255")
            XCTAssertLessThanOrEqual(e[.flat].max, Self.flatMax, "\(name): flat max \(e[.flat].max)/255")
        }
    }
}
