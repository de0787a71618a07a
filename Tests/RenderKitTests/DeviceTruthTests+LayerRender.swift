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
