import Geometry
import SceneModel

/// A stand-in for the layout stage: no view has a frame and none takes a touch. Enough for the timeline's own tests,
/// which involve no matched geometry or scripted input (`GestureTests` brings its own hit tester).
struct NoGeometry: GeometryProvider, HitTester, Sendable {
    func frames(of root: ResolvedView) -> [String: Rect] { [:] }
    func hitRegions(of root: ResolvedView) -> [HitRegion] { [] }
}
