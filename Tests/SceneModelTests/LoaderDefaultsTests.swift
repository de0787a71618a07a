import Geometry
import XCTest
@testable import SceneModel

/// What the loader fills in when a key is absent (§1, §3, §4), and the literal forms of the
/// common keys. Every expected value is the one the format documents.
final class LoaderDefaultsTests: XCTestCase {
    typealias S = LoaderTestSupport

    func testTopLevelDefaults() throws {
        let s = try S.load(S.scene(body: #"{"type": "rect"}"#), file: "some/folder/unlock-demo.json")
        XCTAssertEqual(s.name, "unlock-demo", "the name defaults to the file's stem")
        XCTAssertEqual(s.canvas.scale, 1)
        XCTAssertEqual(s.canvas.width, 100)
        XCTAssertEqual(s.canvas.height, 80)
        XCTAssertNil(s.canvas.background, "the background defaults to transparent")
        XCTAssertEqual(s.fps, 60)
        XCTAssertEqual(s.duration, .auto)
        XCTAssertTrue(s.state.isEmpty)
        XCTAssertTrue(s.timeline.isEmpty)
        XCTAssertTrue(s.input.isEmpty)
    }

    func testTopLevelValuesAndSchemaKeyIsIgnored() throws {
        let json = """
        {"$schema": "scene.schema.json", "scene": 1, "name": "demo", "fps": 30, "duration": 2.5,
         "canvas": {"width": 390, "height": 300, "scale": 2, "background": "#0E0E12"},
         "colors": {"accent": "#8A7CFF", "veil": "#00000080", "twin": "accent"},
         "state": {"progress": 0.25, "on": true, "label": "hi"},
         "body": {"type": "rect", "fill": "accent"}}
        """
        let s = try S.load(json)
        XCTAssertEqual(s.name, "demo")
        XCTAssertEqual(s.fps, 30)
        XCTAssertEqual(s.duration, .seconds(2.5))
        XCTAssertEqual(s.canvas.pixelWidth, 780)
        XCTAssertEqual(s.canvas.pixelHeight, 600)
        XCTAssertEqual(s.canvas.background?.literalColor?.bytes, [0x0E, 0x0E, 0x12, 255])
        XCTAssertEqual(s.colors["accent"]?.bytes, [0x8A, 0x7C, 0xFF, 255])
        XCTAssertEqual(s.colors["veil"]?.bytes, [0, 0, 0, 0x80])
        XCTAssertEqual(s.colors["twin"]?.bytes, [0x8A, 0x7C, 0xFF, 255], "a colour may name an earlier one")
        XCTAssertEqual(s.state.map(\.name), ["progress", "on", "label"])
        XCTAssertEqual(s.initialState, [.number(0.25), .bool(true), .string("hi")])
        guard case .shape(.rect, let shape) = s.body.kind else { return XCTFail("expected a rect") }
        XCTAssertEqual(shape.fill?.literalColor?.bytes, [0x8A, 0x7C, 0xFF, 255])
    }

    func testShapeAndTextDefaults() throws {
        let body = """
        {"type": "vstack", "children": [
          {"type": "rect"},
          {"type": "roundedRect"},
          {"type": "circle", "stroke": {"paint": "red"}},
          {"type": "text", "text": "Hi"},
          {"type": "rect", "shadows": [{"radius": 4}]}
        ]}
        """
        let s = try S.load(S.scene(body: body))
        guard case .vstack(let spacing, let alignment) = s.body.kind else { return XCTFail("expected a vstack") }
        XCTAssertNil(spacing, "spacing stays nil so layout uses the default")
        XCTAssertEqual(alignment, .center)
        let c = s.body.childViews
        XCTAssertEqual(c.count, 5)
        guard case .shape(.rect, let rect) = c[0].kind else { return XCTFail() }
        XCTAssertEqual(rect.fill?.literalColor, .white, "shapes are filled white by default")
        XCTAssertNil(rect.stroke)
        guard case .shape(.roundedRect(let radius, let style), _) = c[1].kind else { return XCTFail() }
        XCTAssertEqual(radius.literal, 0)
        XCTAssertEqual(style, .continuous)
        guard case .shape(.circle, let circle) = c[2].kind else { return XCTFail() }
        XCTAssertNil(circle.fill, "a shape with only a stroke is not filled")
        XCTAssertEqual(circle.strokeWidth.literal, 1)
        XCTAssertEqual(circle.stroke?.literalColor?.bytes, [0xFF, 0x3B, 0x30, 255])
        guard case .text(let text) = c[3].kind else { return XCTFail() }
        guard text.text.parts.count == 1, case .literal(let str)? = text.text.parts.first else { return XCTFail() }
        XCTAssertEqual(str, "Hi")
        XCTAssertEqual(text.size.literal, 17)
        XCTAssertEqual(text.weight, 400)
        XCTAssertEqual(text.design, "default")
        XCTAssertFalse(text.monospacedDigit)
        XCTAssertEqual(text.kerning.literal, 0)
        XCTAssertEqual(text.fill.literalColor, .white)
        XCTAssertEqual(text.alignment, .leading, "multilineTextAlignment defaults to leading, as in SwiftUI")
        XCTAssertNil(text.lineLimit)
        XCTAssertEqual(text.truncationMode, .tail)
        XCTAssertEqual(text.lineSpacing.literal, 0)
        XCTAssertEqual(text.fixedSize, FixedSizeAxes())
        let shadow = try XCTUnwrap(c[4].modifiers.shadows.first)
        XCTAssertEqual(shadow.color.literal, Color(r: 0, g: 0, b: 0, a: 0.33), "shadows default to black at 33 %")
        XCTAssertEqual(shadow.radius.literal, 4)
        XCTAssertEqual(shadow.x.literal, 0)
        XCTAssertEqual(shadow.y.literal, 0)
        // No modifiers unless written.
        let m = c[0].modifiers
        XCTAssertNil(m.padding); XCTAssertNil(m.frame); XCTAssertNil(m.opacity); XCTAssertNil(m.blur)
        XCTAssertNil(m.clip); XCTAssertNil(c[0].condition); XCTAssertNil(c[0].transition); XCTAssertNil(c[0].matchedGeometry)
    }

    func testFontWeightsByNameAndNumber() throws {
        let body = """
        {"type": "hstack", "children": [
          {"type": "text", "text": "a", "font": {"size": 34, "weight": "ultraLight", "design": "rounded"}, "monospacedDigit": true},
          {"type": "text", "text": "b", "font": {"weight": "black"}},
          {"type": "text", "text": "c", "font": {"weight": 650}, "kerning": 1.5, "alignment": "trailing"}
        ]}
        """
        let c = try S.load(S.scene(body: body)).body.childViews
        let specs = c.compactMap { v -> TextSpec? in if case .text(let t) = v.kind { return t } else { return nil } }
        XCTAssertEqual(specs.map(\.weight), [100, 900, 650])
        XCTAssertEqual(specs[0].size.literal, 34)
        XCTAssertEqual(specs[0].design, "rounded")
        XCTAssertTrue(specs[0].monospacedDigit)
        XCTAssertEqual(specs[2].kerning.literal, 1.5)
        XCTAssertEqual(specs[2].alignment, .trailing)
    }

    func testPaddingForms() throws {
        let body = """
        {"type": "vstack", "children": [
          {"type": "rect", "padding": 12},
          {"type": "rect", "padding": {"top": 1, "trailing": 4}},
          {"type": "rect", "padding": {"horizontal": 10, "vertical": 6}},
          {"type": "rect", "padding": {"horizontal": 10, "leading": 3}}
        ]}
        """
        let c = try S.load(S.scene(body: body)).body.childViews
        func sides(_ v: ViewSpec) -> [Double?] {
            guard let p = v.modifiers.padding else { return [] }
            return [p.top.literal, p.leading.literal, p.bottom.literal, p.trailing.literal]
        }
        XCTAssertEqual(sides(c[0]), [12, 12, 12, 12])
        XCTAssertEqual(sides(c[1]), [1, 0, 0, 4], "unnamed sides are 0")
        XCTAssertEqual(sides(c[2]), [6, 10, 6, 10])
        XCTAssertEqual(sides(c[3]), [0, 3, 0, 10], "a named side wins over horizontal")
    }

    func testFrameWithInfinityAndAlignment() throws {
        let body = #"{"type": "rect", "frame": {"maxWidth": "infinity", "minHeight": 44, "maxHeight": "infinity", "alignment": "topLeading"}}"#
        let f = try XCTUnwrap(S.load(S.scene(body: body)).body.modifiers.frame)
        XCTAssertEqual(f.maxWidth?.literal, .infinity)
        XCTAssertEqual(f.maxHeight?.literal, .infinity)
        XCTAssertEqual(f.minHeight?.literal, 44)
        XCTAssertNil(f.width)
        XCTAssertEqual(f.alignment, .topLeading)
        let plain = try XCTUnwrap(S.load(S.scene(body: #"{"type": "rect", "frame": {"width": 50}}"#)).body.modifiers.frame)
        XCTAssertEqual(plain.alignment, .center, "frame alignment defaults to centre")
        XCTAssertEqual(plain.width?.literal, 50)
    }

    func testVisualModifiers() throws {
        let body = """
        {"type": "rect", "clip": "shape", "blur": 3, "opacity": 0.5, "offset": {"x": 4}, "scale": 2,
         "rotation": 45, "anchor": [0, 1], "id": "card", "background": "blue",
         "overlay": {"type": "text", "text": "x"}, "mask": {"type": "circle"}}
        """
        let v = try S.load(S.scene(body: body)).body
        let m = v.modifiers
        XCTAssertEqual(m.clip, .shape)
        XCTAssertEqual(m.blur?.literal, 3)
        XCTAssertEqual(m.opacity?.literal, 0.5)
        XCTAssertEqual(m.offset?.literal, [4, 0], "a missing offset part is 0")
        XCTAssertEqual(m.scale?.literal, [2, 2], "a number scales both axes")
        XCTAssertEqual(m.rotation?.literal, 45)
        XCTAssertEqual(m.anchor?.literal, [0, 1])
        guard case .paint(let bg)? = m.background else { return XCTFail("a colour background is a paint") }
        XCTAssertEqual(bg.literalColor?.bytes, [0, 0x7A, 0xFF, 255])
        guard case .view(let ov)? = m.overlay, case .text = ov.kind else { return XCTFail("an object with a type is a view") }
        guard case .shape(.circle, _)? = m.mask?.kind else { return XCTFail("mask is a view") }
        XCTAssertEqual(v.id?.resolve([:]), "card")
        let clipped = try S.load(S.scene(body: #"{"type": "rect", "clip": true}"#)).body
        XCTAssertEqual(clipped.modifiers.clip, .frame)
    }
}
