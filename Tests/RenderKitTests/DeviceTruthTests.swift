import Foundation
import Frames
import Geometry
import XCTest

/// Every picture in `../shared/device-refs/` rebuilt as a scene (`DeviceScenes`), rendered, and compared
/// with the device in its flat areas, on its edges and in its halo (`RegionErrors`).
///
/// The device is the truth. Where it and a closed form disagree — σ = r for `.shadow(radius: r)`, CALayer's
/// nominal shadowRadius, or an exact Gaussian convolution — the device wins: the tolerances below are the
/// device's own noise plus the renderer's stated accuracy, and the renderer is changed to meet them, not the
/// tolerances to meet the renderer. Two recordings of one view on two Macs differ by 0.09/255 on average
/// over the halo (`chained-shadows-1x*.png`), and the renderer's blur is within 1/255 on average of an exact
/// Gaussian (scene-format §4). With σ = r the chained-shadow halo is 2.1–2.6/255 off and 3.8–4.8/255 too
/// bright, and its half-light point 0.8–1 pt too far out: these tests fail then.
///
/// `layer.render(in:)` pictures (`calayer-*`, `gradient-*`) are Core Graphics redrawing the layer tree, whose
/// shadow kernel is not the screen's: they are held to for shapes, corners, colours and gradients only.
final class DeviceTruthTests: XCTestCase {
    /// The two 1x recordings of one view differ by this much (mean over the halo, 1/255).
    static let deviceNoise = 0.09
    /// Halo: the renderer's stated accuracy against an exact Gaussian (1/255) plus the device's noise.
    static let haloMean = 1 + deviceNoise
    /// Light: too much or too little alpha on average over the halo, same reasoning.
    static let haloLight = 1 + deviceNoise
    /// Half-light distance (points): the two 1x recordings agree to 0.04 pt and the crossing is read between
    /// pixel centres to about a tenth of a 1x pixel; a quarter point leaves room for both, and σ = r is 0.8 pt
    /// or more out.
    static let halfLight = 0.25
    /// Flat areas carry one sRGB colour in both pictures: only 8-bit rounding may differ.
    static let flatMax = 1.0
    /// Known disagreement, the device wins: Apple draws a curved outline about 0.2 device pixels inside where
    /// exact area coverage puts it (the circle's top pixel at 1x is 0.82 covered on screen, 1.0 here; the
    /// continuous corner's outline pixels are 0.2 lighter on average). Until the renderer's outline coverage
    /// follows, the edges are held to what they are now, so that they cannot get worse: the chained circle's
    /// edge band at 2.1/255 (1x) and 0.5/255 (3x), CALayer's continuous corner's outline at 4.7/255 (SwiftUI's
    /// published curve gives 16/255 there, circular corners 30/255).
    static let circleEdgeMean = 2.5
    static let cornerEdgeMean = 6.0
    /// CALayer's continuous corner covers the device's: intersection over union of the coverage in the corners.
    static let layerCornerIoU = 0.998
    /// A boundary row's inset: within a third of a device pixel at 3x (in points).
    static let cornerRowError = 1.0 / 9
    /// The layer-shadow square's straight sides fall on whole pixels in both pictures; its corners carry the
    /// same 0.2 px difference over a longer band, 0.11/255 now.
    static let squareEdgeMean = 0.5

    func render(_ json: String) throws -> RGBAImage {
        try FrameSource(try loadScene(json), options: FrameOptions()).image(frame: 0)
    }

    /// The chained-shadow circle by distance from its outline: flat inside, the outline from 2.5 pt in to 1 pt out
    /// (on screen at 1x the fill overshoots by up to 3 levels two pixels inside the outline, as a resampling
    /// filter rings), the halo beyond.
    func circleRegions(side: Int, scale: Int) -> (Int, Int) -> RegionErrors.Region? {
        { x, y in
            let c = Double(side) / 2, s = Double(scale)
            let d = hypot((Double(x) + 0.5) / s - c, (Double(y) + 0.5) / s - c) - 50
            return d < -2.5 ? .flat : d <= 1 ? .edge : .halo
        }
    }

    /// Points beyond the circle's outline where the alpha falls through one half, averaged over the four
    /// axis directions from the centre (linear between the pixel centres on either side).
    func halfLightDistance(_ img: RGBAImage, scale: Int) -> Double {
        let c = img.width / 2
        var sum = 0.0
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            // Pixel k steps out from the centre: its centre is k + 0.5 pixels from it.
            func alpha(_ k: Int) -> Double {
                let x = dx > 0 ? c + k : dx < 0 ? c - 1 - k : c, y = dy > 0 ? c + k : dy < 0 ? c - 1 - k : c
                return Double(img[x, y].a)
            }
            var k = 50 * scale
            while k < c - 1 && alpha(k) >= 127.5 { k += 1 }
            let f = (alpha(k - 1) - 127.5) / (alpha(k - 1) - alpha(k))
            sum += (Double(k) - 0.5 + f) / Double(scale) - 50
        }
        return sum / 4
    }

    func testChainedShadowsMatchTheScreenInTheHaloAndOnTheEdge() throws {
        for (name, padding, scale) in [("chained-shadows-1x.png", 50, 1), ("chained-shadows-1x-second-mac.png", 50, 1),
                                       ("chained-shadows-3x.png", 30, 3)] {
            let device = try DeviceReferences.picture(name)
            let got = try render(DeviceScenes.chainedShadows(padding: padding, scale: scale))
            let e = RegionErrors(got, device, region: circleRegions(side: 100 + 2 * padding, scale: scale))
            let half = (got: halfLightDistance(got, scale: scale), device: halfLightDistance(device, scale: scale))
            print(e.summary(name) + "\n\(name) half-light: \(RegionErrors.fmt(half.got)) pt, device \(RegionErrors.fmt(half.device)) pt")
            XCTAssertLessThanOrEqual(e[.halo].mean, Self.haloMean, "\(name): halo mean \(e[.halo].mean)/255")
            XCTAssertLessThanOrEqual(abs(e[.halo].light), Self.haloLight, "\(name): halo light \(e[.halo].light)/255")
            XCTAssertEqual(half.got, half.device, accuracy: Self.halfLight, "\(name): half-light distance")
            XCTAssertLessThanOrEqual(e[.flat].max, Self.flatMax, "\(name): flat max \(e[.flat].max)/255")
            XCTAssertLessThanOrEqual(e[.edge].mean, Self.circleEdgeMean, "\(name): edge mean \(e[.edge].mean)/255")
        }
    }

    func testTwoRecordingsOfOneViewDifferByTheNoiseTheTolerancesAssume() throws {
        let a = try DeviceReferences.picture("chained-shadows-1x.png")
        let b = try DeviceReferences.picture("chained-shadows-1x-second-mac.png")
        let e = RegionErrors(a, b, region: circleRegions(side: 200, scale: 1))
        XCTAssertEqual(e[.halo].mean, Self.deviceNoise, accuracy: 0.01, "the noise the halo tolerance is built on")
        XCTAssertEqual(halfLightDistance(a, scale: 1), halfLightDistance(b, scale: 1), accuracy: 0.05)
    }
}
