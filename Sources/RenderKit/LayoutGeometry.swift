import DisplayList
import Geometry
import Layout
import Raster
import SceneModel
import Timeline

/// Lays out view trees for the timeline: frames for matched geometry, drawn regions for hit testing
/// scripted input. Stateless and thread-safe (the text measurer is).
struct LayoutGeometry: GeometryProvider, HitTester, Sendable {
    /// Canvas size in points and pixels per point.
    let canvas: Size
    let scale: Double
    let measurer = PangoTextMeasurer()

    func frames(of root: ResolvedView) -> [String: Rect] {
        layout(root, canvas: canvas, scale: scale, measurer: measurer).frames
    }

    func hitRegions(of root: ResolvedView) -> [HitRegion] {
        layout(root, canvas: canvas, scale: scale, measurer: measurer).hitRegions()
    }
}

extension FramePipeline: GeometryProvider {
    func frames(of root: ResolvedView) -> [String: Rect] {
        layout(root, canvas: canvas, scale: scale, measurer: measurer).frames
    }
}
