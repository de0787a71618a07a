import DisplayList
import Geometry
import SceneModel
import XCTest
@testable import Layout

/// Deterministic text metrics for tests: each character is half the font size wide,
/// the line is 1.2 × the font size tall.
struct FakeMeasurer: TextMeasurer {
    func measure(_ text: String, style: TextStyle) -> Size {
        Size(0.5 * style.size * Double(text.count), 1.2 * style.size)
    }
}

func view(_ id: String, _ kind: ResolvedKind, _ children: [ResolvedView] = [],
          _ modifiers: ResolvedModifiers = ResolvedModifiers()) -> ResolvedView {
    ResolvedView(identity: id, kind: kind, children: children, modifiers: modifiers)
}

/// A white rectangle with a fixed frame.
func box(_ id: String, _ w: Double, _ h: Double) -> ResolvedView {
    view(id, .shape(.rect, ShapeStyle()), [], ResolvedModifiers(frame: FrameSpec(width: w, height: h)))
}

func text(_ id: String, _ s: String, size: Double, _ m: ResolvedModifiers = ResolvedModifiers()) -> ResolvedView {
    view(id, .text(s, TextStyleSpec(size: size), fill: .color(.white)), [], m)
}

func lay(_ root: ResolvedView, _ w: Double, _ h: Double, scale: Double = 1) -> LayoutResult {
    layout(root, canvas: Size(w, h), scale: scale, measurer: FakeMeasurer())
}

/// Asserts a frame by identity, printing the whole layout dump on failure.
func assertFrame(_ r: LayoutResult, _ id: String, _ expected: Rect, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(r.frame(of: id), expected, "\(id)\n\(r.dump)", file: file, line: line)
}

func assertClose(_ p: Point, _ q: Point, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(p.x, q.x, accuracy: 1e-9, "x of \(p) vs \(q)", file: file, line: line)
    XCTAssertEqual(p.y, q.y, accuracy: 1e-9, "y of \(p) vs \(q)", file: file, line: line)
}

extension LayoutResult {
    func view(_ id: String) -> LaidOutView? { root.allViews.first { $0.identity == id } }
}
