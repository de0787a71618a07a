import DisplayList
import Geometry
import SceneModel
import XCTest
@testable import Layout

/// A container's shadows and opacity go to each drawn child unless it is a compositing group
/// (scene-format §3 item 8, §4), and a view's shadow mode reaches its layer.
final class ContainerEffectsTests: XCTestCase {
    /// The list as tokens: `[o0.5 s1]` opens a layer (opacity, shadow count), `fill`, `]` closes.
    func outline(_ root: ResolvedView) -> [String] {
        lay(root, 100, 100).displayList().commands.map { c in
            switch c {
            case .beginLayer(let l): return "[o\(l.opacity) s\(l.shadows.count)"
            case .endLayer: return "]"
            case .fill: return "fill"
            default: return "other"
            }
        }
    }

    func stack(_ m: ResolvedModifiers, _ children: [ResolvedView]? = nil) -> ResolvedView {
        view("z", .zstack(alignment: .center), children ?? [box("back", 40, 40), box("front", 20, 20)], m)
    }

    func testContainerOpacityWrapsEachChildUnlessItIsACompositingGroup() {
        let m = ResolvedModifiers(opacity: 0.5)
        XCTAssertEqual(outline(stack(m)), ["[o0.5 s0", "fill", "]", "[o0.5 s0", "fill", "]"])
        var group = m
        group.compositingGroup = true
        XCTAssertEqual(outline(stack(group)), ["[o0.5 s0", "fill", "fill", "]"])
    }

    func testContainerShadowIsCastByEachChildUnlessItIsACompositingGroup() {
        let m = ResolvedModifiers(shadows: [ShadowSpec(color: .black, radius: 4)])
        XCTAssertEqual(outline(stack(m)), ["[o1.0 s1", "fill", "]", "[o1.0 s1", "fill", "]"])
        var group = m
        group.compositingGroup = true
        XCTAssertEqual(outline(stack(group)), ["[o1.0 s1", "fill", "fill", "]"])
    }

    /// Effects pass through plain containers down to the views that draw, outermost layer first;
    /// the background and overlay are drawn parts too.
    func testEffectsReachTheDrawingViewsThroughNestedContainers() {
        var inner = ResolvedModifiers(opacity: 0.8)
        inner.background = Box(view("bg", .paint(.color(.white))))
        let nested = view("inner", .zstack(alignment: .center), [box("a", 10, 10)], inner)
        let plain = view("plain", .vstack(spacing: 0, alignment: .center), [box("b", 10, 10)])
        let outer = stack(ResolvedModifiers(opacity: 0.5), [nested, plain])
        XCTAssertEqual(outline(outer), [
            "[o0.5 s0", "[o0.8 s0", "fill", "]", "]",   // inner's background
            "[o0.5 s0", "[o0.8 s0", "fill", "]", "]",   // a
            "[o0.5 s0", "fill", "]",                     // b
        ])
    }

    /// A clip, mask or blur needs the container's pixels together: it is flattened, and its
    /// opacity and shadows apply once, as do an enclosing container's.
    func testClipMaskAndBlurFlattenTheContainer() {
        var clipped = ResolvedModifiers(clip: .frame, opacity: 0.5)
        clipped.frame = FrameSpec(width: 30, height: 30)
        XCTAssertEqual(outline(stack(clipped)), ["[o0.5 s0", "fill", "fill", "]"])
        let blurred = ResolvedModifiers(blur: 2, opacity: 0.5)
        XCTAssertEqual(outline(stack(blurred)), ["[o0.5 s0", "fill", "fill", "]"])
        let masked = ResolvedModifiers(mask: Box(box("m", 5, 5)), opacity: 0.5)
        XCTAssertEqual(outline(stack(masked)), ["[o0.5 s0", "fill", "fill", "]"])
        let outer = stack(ResolvedModifiers(opacity: 0.5), [stack(ResolvedModifiers(blur: 2)), box("c", 5, 5)])
        XCTAssertEqual(outline(outer), ["[o0.5 s0", "[o1.0 s0", "fill", "fill", "]", "]", "[o0.5 s0", "fill", "]"])
    }

    func testShapesAndTextAreDrawnWholeAndCarryTheShadowMode() {
        var m = ResolvedModifiers(frame: FrameSpec(width: 40, height: 20), shadows: [ShadowSpec(color: .black, radius: 4)], opacity: 0.5)
        m.background = Box(view("bg", .paint(.color(.white))))
        m.shadowMode = .independent
        let cmds = lay(view("r", .shape(.rect, ShapeStyle()), [], m), 100, 100).displayList().commands
        guard cmds.count == 4, case .beginLayer(let l) = cmds[0] else { return XCTFail(dump(DisplayList(cmds))) }
        XCTAssertEqual(l.shadowMode, .independent)
        XCTAssertTrue(dump(DisplayList(cmds)).contains("independent shadow"), dump(DisplayList(cmds)))
    }
}
