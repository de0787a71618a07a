import Geometry
import Layout
import SceneModel
import Timeline

/// Gives the timeline the frames of a view tree, laid out as the frames will be, so matched
/// geometry can move views between them.
extension FramePipeline: GeometryProvider {
    func frames(of root: ResolvedView) -> [String: Rect] {
        layout(root, canvas: canvas, scale: scale, measurer: measurer).frames
    }
}
