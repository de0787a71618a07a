import Geometry

/// The pixel grid of the canvas: positions and sizes of laid-out views snap to it (§6), so that
/// edges and hairlines fall on whole pixels. Drawing effects (offset, scale, rotation) do not snap.
///
/// Each edge is rounded to the nearest pixel on its own and the size is what lies between them,
/// size = round(maxX) − round(minX), not round(size): two views that touch before rounding still
/// touch after it, and a view keeps its place when only its neighbour moves. This is Apple's
/// documented edge rule for pixel-aligned frames, `backingAlignedRect(_:options:)` with
/// `alignAllEdgesNearest` ("aligns all edges to the nearest value", developer.apple.com/documentation/
/// foundation/alignmentoptions/alignalledgesnearest); SwiftUI does not document its own rounding.
struct PixelGrid {
    /// Pixels per point; a grid with a scale that is not a positive finite number leaves values as they are.
    let scale: Double

    /// `x` (points) rounded to the nearest pixel boundary, a tie (an edge through a pixel's centre) upwards:
    /// then moving a view by whole pixels never changes its size in pixels, wherever it is (−12.5 and 62.5
    /// round to −12 and 63, 75 pt apart as before; rounding ties away from zero would make them 76 apart).
    func snap(_ x: Double) -> Double {
        guard scale > 0, scale.isFinite, x.isFinite else { return x }
        return (x * scale + 0.5).rounded(.down) / scale
    }

    /// The rectangle (points) whose four edges are this one's rounded to the nearest pixel boundary.
    func snap(_ r: Rect) -> Rect {
        let x0 = snap(r.minX), y0 = snap(r.minY)
        return Rect(x: x0, y: y0, width: max(0, snap(r.maxX) - x0), height: max(0, snap(r.maxY) - y0))
    }
}
