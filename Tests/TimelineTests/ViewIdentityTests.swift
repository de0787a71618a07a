import Foundation
import SceneModel
import XCTest
@testable import Timeline

/// A view is kept from frame to frame by `ViewSpec.identity`, not by where it is written: a front end may name
/// identities its own way. The same tree with every identity renamed must animate the same (a removal's fade, a
/// `forEach`'s copies), with the resolved views carrying the new names.
final class ViewIdentityTests: XCTestCase {
    /// A rect fading out over 1 s from 0.5 s (linear: opacity 0.5 at 1 s), beside three copies of a forEach.
    static let json = """
    {"scene": 1, "canvas": {"width": 60, "height": 30}, "fps": 10, "duration": 2, "state": {"show": true},
     "body": {"type": "hstack", "children": [
       {"type": "rect", "if": "show", "frame": {"width": 10, "height": 10},
        "transition": {"opacity": true}},
       {"type": "forEach", "count": 3, "content": {"type": "circle", "frame": {"width": 5, "height": 5}}}]},
     "timeline": [{"at": 0.5, "set": {"show": false}, "animation": {"linear": 1}}]}
    """

    /// `v` and its children again, with each identity given by `rename` (paths and everything else kept).
    func renamed(_ v: ViewSpec, _ rename: (String) -> String) -> ViewSpec {
        let children: [ChildSpec] = v.children.map {
            switch $0 {
            case .view(let c): .view(renamed(c, rename))
            case .forEach(let count, let variable, let content, let path):
                .forEach(count: count, variable: variable, content: renamed(content, rename), path: path)
            }
        }
        return ViewSpec(path: v.path, identity: rename(v.identity), location: v.location, kind: v.kind, children: children,
                        modifiers: v.modifiers, condition: v.condition, transition: v.transition,
                        matchedGeometry: v.matchedGeometry, id: v.id, gestures: v.gestures)
    }

    func testViewsAreKeptByTheirIdentityField() throws {
        let s = try scene(Self.json)
        // The JSON reader names a view's identity by its JSON path.
        XCTAssertEqual(s.body.identity, "body")
        XCTAssertEqual(s.body.path, "body")
        let other = Scene(file: s.file, directory: s.directory, name: s.name, canvas: s.canvas, fps: s.fps, duration: s.duration,
                          colors: s.colors, state: s.state, body: renamed(s.body) { "swift:" + $0 }, timeline: s.timeline,
                          input: s.input)
        let a = try SceneTimeline(scene: s, fps: 10, images: [:], geometry: NoGeometry())
        let b = try SceneTimeline(scene: other, fps: 10, images: [:], geometry: NoGeometry())
        XCTAssertEqual(a.frameCount, b.frameCount)
        for i in 0..<a.frameCount {
            let x = try XCTUnwrap(a.frame(i).root), y = try XCTUnwrap(b.frame(i).root)
            XCTAssertEqual(y.identity, "swift:body")
            XCTAssertEqual(y.children.map(\.identity), x.children.map { "swift:" + $0.identity }, "frame \(i)")
            XCTAssertEqual(y.children.map(\.modifiers.opacity), x.children.map(\.modifiers.opacity), "frame \(i)")
        }
        // The removal plays under the new name too: at 1 s (frame 10) the rect is half faded, and it is gone at 1.5 s.
        let half = try XCTUnwrap(b.frame(10).root)
        XCTAssertEqual(half.children.count, 4)
        XCTAssertEqual(half.children[0].modifiers.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(b.frame(16).root).children.count, 3)
        // The forEach's copies are named after the identity of the view that holds them.
        XCTAssertEqual(try XCTUnwrap(b.frame(0).root).children.suffix(3).map(\.identity),
                       (0..<3).map { "swift:body.children[1]#\($0)" })
    }
}
