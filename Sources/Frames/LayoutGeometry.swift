import DisplayList
import Geometry
import Layout
import Raster
import SceneModel
import Timeline

/// Lays out view trees for the timeline and for drawing: frames for matched geometry, drawn regions for hit
/// testing scripted input, and the layout a frame is drawn from. Stateless and thread-safe (the text measurer is).
struct LayoutGeometry: GeometryProvider, HitTester, Sendable {
    /// Canvas size in points and pixels per point.
    let canvas: Size
    let scale: Double
    /// The scene's own `canvas.scale`, which sets images' natural size whatever `scale` the frames are drawn at.
    let imageScale: Double
    let measurer = PangoTextMeasurer()

    /// The laid-out tree: one code path for matched geometry, hit testing and the drawn frame.
    func laidOut(_ root: ResolvedView) -> LayoutResult {
        layout(root, canvas: canvas, scale: scale, imageScale: imageScale, measurer: measurer)
    }

    func frames(of root: ResolvedView) -> [String: Rect] {
        laidOut(root).frames
    }

    func contentFrames(of root: ResolvedView) -> [String: Rect] {
        laidOut(root).contentFrames
    }

    func hitRegions(of root: ResolvedView) -> [HitRegion] {
        laidOut(root).hitRegions()
    }
}
