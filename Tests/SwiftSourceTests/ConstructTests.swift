import SceneJSON
import SceneModel
import SwiftSource
import XCTest

/// One test per construct of `SwiftSubset.entries` (named `test_<id>`): a small SwiftUI snippet and the scene JSON
/// it must become, written by hand from docs/scene-format.md and SwiftUI's meaning (iOS 17, light appearance unless
/// said otherwise); refusals and warnings as their exact located line.
final class ConstructTests: XCTestCase {
    // MARK: The table against this file

    func testEveryConstructHasATest() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let missing = SwiftSubset.entries.map(\.id).filter { !source.contains("func test_\($0)(") }
        XCTAssertEqual(missing, [], "constructs of SwiftSubset.entries without a test_<id> in ConstructTests.swift")
        XCTAssertEqual(Set(SwiftSubset.entries.map(\.id)).count, SwiftSubset.entries.count, "ids are unique")
    }

    // MARK: Views

    func test_rectangle() {
        // Shapes take the foreground style, .primary: black in the light appearance.
        assertJSON(body(swiftView("ZStack { Rectangle(); Capsule(); Circle(); Ellipse() }")), """
        {"type": "zstack", "children": [
          {"type": "rect", "fill": "#000000"}, {"type": "capsule", "fill": "#000000"},
          {"type": "circle", "fill": "#000000"}, {"type": "ellipse", "fill": "#000000"}]}
        """)
    }

    func test_roundedRectangle() {
        // SwiftUI's RoundedRectangle defaults to .circular corners; the scene format's default is continuous.
        assertJSON(body(swiftView("VStack { RoundedRectangle(cornerRadius: 12); RoundedRectangle(cornerRadius: 8, style: .continuous) }")), """
        {"type": "vstack", "children": [
          {"type": "roundedRect", "cornerRadius": 12, "style": "circular", "fill": "#000000"},
          {"type": "roundedRect", "cornerRadius": 8, "style": "continuous", "fill": "#000000"}]}
        """)
        // The scene format's layerContinuous is CALayer's curve, which SwiftUI's RoundedCornerStyle does not have.
        XCTAssertEqual(problems(swiftView("RoundedRectangle(cornerRadius: 8, style: .layerContinuous)")),
                       ["T.swift:4:50: V.body › RoundedRectangle: style: expected .circular or .continuous"])
    }

    func test_text() {
        // Text is 17 pt (.body) in the primary colour; an interpolated state variable is read at every frame.
        assertJSON(body(swiftView(#"VStack { Text("Hello"); Text("Count \(count)!") }"#, members: "    @State var count = 0")), """
        {"type": "vstack", "children": [
          {"type": "text", "text": "Hello", "font": {"size": 17}, "fill": "#000000"},
          {"type": "text", "text": "Count {=count}!", "font": {"size": 17}, "fill": "#000000"}]}
        """)
    }

    func test_image() {
        assertJSON(body(swiftView(#"Image("landscape")"#)), ##"{"type": "image", "src": "landscape.png"}"##)
    }

    func test_sfSymbol() {
        // Columns count characters: ü, ß (2 UTF-8 bytes each) and 🎉 (4) are one column each, so "star" is at
        // column 53 (it would be 58 in bytes).
        let src = """
        import SwiftUI
        struct V: View {
            var body: some View {
                HStack { Text("Grüße 🎉"); Image(systemName: "star") }
            }
        }
        """
        XCTAssertEqual(problems(src), [
            #"T.swift:4:53: V.body › HStack › Image(systemName:): SF Symbols cannot be drawn here (Apple's symbol font is not on this machine); use an image file beside the scene: Image("name") reads name.png"#,
        ])
    }

    func test_colorView() {
        // Color as a view fills what it is offered: a rect. 0.5 × 255 = 127.5 rounds to 0x80.
        assertJSON(body(swiftView("VStack { Color.red; Color(red: 1, green: 0.5, blue: 0) }")), """
        {"type": "vstack", "children": [{"type": "rect", "fill": "#FF3B30"}, {"type": "rect", "fill": "#FF8000"}]}
        """)
    }

    func test_stacks() {
        assertJSON(body(swiftView("""
        VStack(alignment: .leading, spacing: 4) {
                    Text("a")
                    HStack(alignment: .top, spacing: 2) { Rectangle() }
                    ZStack(alignment: .topLeading) { Circle() }
                    Group { Capsule(); Ellipse() }
                }
        """)), """
        {"type": "vstack", "alignment": "leading", "spacing": 4, "children": [
          {"type": "text", "text": "a", "font": {"size": 17}, "fill": "#000000"},
          {"type": "hstack", "alignment": "top", "spacing": 2, "children": [{"type": "rect", "fill": "#000000"}]},
          {"type": "zstack", "alignment": [0, 0], "children": [{"type": "circle", "fill": "#000000"}]},
          {"type": "capsule", "fill": "#000000"}, {"type": "ellipse", "fill": "#000000"}]}
        """)
    }

    func test_spacer() {
        // In a VStack a Divider is a horizontal hairline in the separator colour (rgba(60, 60, 67, 0.29)).
        assertJSON(body(swiftView("VStack { Spacer(minLength: 10); Divider(); Spacer() }")), """
        {"type": "vstack", "children": [
          {"type": "spacer", "minLength": 10},
          {"type": "rect", "fill": "#3C3C434A", "frame": {"height": 0.5, "maxWidth": "infinity"}},
          {"type": "spacer"}]}
        """)
    }

    func test_forEachRange() {
        // 1..<4 is three views; i runs 1, 2, 3: the loop variable (from 0) plus 1.
        let b = body(swiftView("HStack { ForEach(1..<4) { i in Circle().opacity(Double(i) / 4) } }"))
        let loop = b?.at("children.0")
        let name = loop?["as"]?.string ?? "?"
        assertJSON(loop, """
        {"type": "forEach", "count": 3, "as": "\(name)",
         "content": {"type": "circle", "fill": "#000000", "opacity": "=(\(name) + 1) / 4"}}
        """)
        // And the closed range: 0...2 is three views too.
        XCTAssertEqual(body(swiftView("HStack { ForEach(0...2) { i in Circle() } }"))?.at("children.0.count")?.number, 3)
    }

    func test_forEachData() {
        // A collection built by code (or kept in state, which is refused where it is declared) is refused, with what
        // is supported.
        let src = """
        import SwiftUI
        struct V: View {
            let items = [1, 2]
            var body: some View {
                VStack { ForEach(items.filter { $0 > 1 }, id: \\.self) { n in Text("\\(n)") } }
            }
        }
        """
        XCTAssertEqual(problems(src).first?.contains("V.body › VStack › ForEach: only ranges and constant arrays (of numbers, strings, colours, enum cases, the file's structs or tuples) are supported; a collection in state is not"), true)
    }

    func test_forEachRecords() {
        // A constant array of the file's structs (memberwise, defaults kept) or of tuples (labels from the declared
        // type) is written out item by item; a view of the file used in each item has a @State of its own per item.
        let src = """
        import SwiftUI
        struct Item { var name: String; var size: CGFloat = 10 }
        struct V: View {
            let items = [Item(name: "a"), Item(name: "b", size: 20)]
            let pairs: [(label: String, tint: Color)] = [("x", .red)]
            var body: some View {
                VStack {
                    ForEach(items, id: \\.name) { item in Row(item: item) }
                    ForEach(pairs, id: \\.label) { p in Text(p.label).foregroundColor(p.tint) }
                }
            }
        }
        struct Row: View {
            let item: Item
            @State var on = false
            var body: some View { Text(item.name).frame(width: item.size).opacity(on ? 1 : 0.5) }
        }
        """
        let scene = translated(src)
        let kids = scene?["body"]?["children"]?.elements ?? []
        XCTAssertEqual(kids.map { $0["text"]?.string ?? "?" }, ["a", "b", "x"])
        XCTAssertEqual(kids.map { $0.at("frame.width")?.number ?? -1 }, [10, 20, -1])
        XCTAssertEqual(kids.last?["fill"]?.string, "#FF3B30")
        XCTAssertEqual((scene?["state"]?.members ?? []).map(\.key), ["Row_on_0", "Row_on_1"])
    }

    func test_forEachConstant() {
        // A constant array (a literal, a `let`, an enum's allCases) is written out item by item, each with its value.
        let src = """
        import SwiftUI
        enum Tab: String, CaseIterable { case home, search = "find" }
        struct V: View {
            let items = ["a", "b"]
            @State var tab: Tab = .home
            var body: some View {
                VStack {
                    ForEach(items, id: \\.self) { item in Text(item) }
                    ForEach([Color.red, .blue], id: \\.self) { c in Circle().fill(c) }
                    ForEach(Tab.allCases, id: \\.self) { t in Text(t.rawValue).opacity(tab == t ? 1 : 0.5) }
                }
            }
        }
        """
        let kids = body(src)?["children"]?.elements ?? []
        XCTAssertEqual(kids.map { $0["text"]?.string ?? $0["fill"]?.string ?? "?" }, ["a", "b", "#FF3B30", "#007AFF", "home", "find"])
        XCTAssertEqual(kids.last?["opacity"]?.string, "=tab == 'find' ? 1 : 0.5")
        // A modifier on the ForEach (or a Group) goes to each of its views, which stay the stack's children.
        let padded = body(swiftView(#"HStack { ForEach(["a", "b"], id: \.self) { x in Text(x) }.padding(4); Group { Circle(); Rectangle() }.opacity(0.5) }"#))
        XCTAssertEqual(padded?["children"]?.elements?.map { $0["type"]?.string ?? "?" }, ["text", "text", "circle", "rect"])
        XCTAssertEqual(padded?["children"]?.elements?.map { $0["padding"]?.number ?? $0["opacity"]?.number ?? -1 }, [4, 4, 0.5, 0.5])
    }

    func test_geometryReader() throws {
        let src = swiftView("GeometryReader { proxy in Rectangle().frame(width: proxy.size.width * 0.5, height: proxy.size.height) }")
        try failUnlessLoads(src, "the scene model has no `geometry` view (contract §3), so a GeometryReader's scene does not load")
        assertJSON(body(src), """
        {"type": "geometry", "children": [
          {"type": "rect", "fill": "#000000", "frame": {"width": "=geometry.width * 0.5", "height": "=geometry.height"}}]}
        """)
    }

    func test_geometryInAppear() {
        // An onAppear inside a GeometryReader reads its size: the event names the container (given an id), also when
        // the read is in a later phase (a withAnimation block, whose value is taken when the handler runs).
        let src = swiftView("""
        GeometryReader { proxy in
                    Rectangle().offset(x: x).onAppear {
                        x = -proxy.size.width
                        withAnimation(.linear(duration: 1)) { x = proxy.size.width }
                    }
                }
        """, members: "    @State var x: CGFloat = 0")
        let scene = translated(src)
        XCTAssertEqual(scene?["body"]?["type"]?.string, "geometry")
        let id = scene?["body"]?["id"]?.string
        XCTAssertNotNil(id)
        let reading = scene?["timeline"]?.elements?.filter { $0["geometry"] != nil } ?? []
        XCTAssertEqual(reading.count, 1)
        XCTAssertEqual(reading.first?["geometry"]?.string, id)
        XCTAssertEqual(reading.first?["set"]?["x"]?.string, "=-geometry.width")
        // Its own `.id` would hide the id the event names.
        let named = swiftView("""
        GeometryReader { proxy in
                    Rectangle().offset(x: x).onAppear { x = proxy.size.width }
                }.id(3)
        """, members: "    @State var x: CGFloat = 0")
        XCTAssertEqual(problems(named).first?.contains(".id: not supported on a GeometryReader whose size an onAppear reads"), true)
    }

    func test_geometryInHandler() {
        // A gesture handler runs with no layout of its own: refused in Swift terms, at the handler.
        let drag = swiftView("""
        GeometryReader { proxy in
                    Rectangle().offset(x: x).onTapGesture { x = proxy.size.width }
                }
        """, members: "    @State var x: CGFloat = 0")
        XCTAssertEqual(problems(drag), [
            "T.swift:6:53: V.body › GeometryReader › .onTapGesture › GeometryReader size in a handler: not supported: gesture handlers run before layout, so they cannot read the proxy's size; read it in the view instead (e.g. .offset(x: phase * proxy.size.width) with phase animated from 0 to 1)",
        ])
    }

    func test_enumValues() {
        // An enum's cases are strings (a String raw value, else the name): state, comparisons, assignments, rawValue.
        let src = """
        import SwiftUI
        enum Tab: String { case home, favorite = "fav", profile }
        struct V: View {
            @State var tab: Tab = .home
            var body: some View {
                Circle().fill(tab == .favorite ? Color.red : Color.blue)
                    .overlay(Text(tab.rawValue))
                    .onTapGesture { tab = tab == .home ? .favorite : Tab.profile }
            }
        }
        """
        let scene = translated(src)
        assertJSON(scene?["state"], #"{"tab": "home"}"#)
        XCTAssertEqual(scene?.at("body.fill")?.string, "=tab == 'fav' ? '#FF3B30' : '#007AFF'")
        XCTAssertEqual(scene?.at("body.overlay.text")?.string, "{=tab}")
        XCTAssertEqual(scene?.at("body.gestures.0.onEnded.set.tab")?.string, "=tab == 'home' ? 'fav' : 'profile'")
        // A case that does not exist, and one with associated values, are refused.
        XCTAssertEqual(problems(src.replacingOccurrences(of: "Tab.profile", with: "Tab.settings")),
                       ["T.swift:8:62: V.body › .onTapGesture › Tab.settings: not a case of Tab (cases with associated values are not supported)"])
    }

    func test_ifElse() {
        assertJSON(body(swiftView("""
        VStack {
                    if on { Circle() } else { Rectangle() }
                    on ? Color.red : Color.blue
                }
        """, members: "    @State var on = false")), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#000000", "if": "on"},
          {"type": "rect", "fill": "#000000", "if": "!on"},
          {"type": "rect", "fill": "#FF3B30", "if": "on"},
          {"type": "rect", "fill": "#007AFF", "if": "!on"}]}
        """)
    }

    func test_switchView() {
        let src = """
        import SwiftUI
        struct V: View {
            @State var mode = 0
            var body: some View {
                switch mode {
                case 0: Circle()
                default: Rectangle()
                }
            }
        }
        """
        XCTAssertEqual(problems(src), ["T.swift:5:9: V.body › switch: not supported in view bodies; use if/else"])
    }

    func test_ownViews() {
        // The root is the first View struct; Badge is inlined with its argument and default, `title` and `dot(_:)`
        // with theirs; a nested view's @State is named after its struct.
        let src = """
        import SwiftUI
        struct V: View {
            var body: some View {
                VStack { Badge(label: "A"); title; dot(4) }
            }
            var title: some View { Text("T") }
            func dot(_ r: CGFloat) -> some View { Circle().frame(width: r * 2, height: r * 2) }
        }
        struct Badge: View {
            let label: String
            var size: CGFloat = 20
            @State private var lit = true
            var body: some View { Text(label).frame(width: size).opacity(lit ? 1 : 0.5) }
        }
        """
        let scene = translated(src)
        assertJSON(scene?["body"], """
        {"type": "vstack", "children": [
          {"type": "text", "text": "A", "font": {"size": 17}, "fill": "#000000", "frame": {"width": 20}, "opacity": "=Badge_lit ? 1 : 0.5"},
          {"type": "text", "text": "T", "font": {"size": 17}, "fill": "#000000"},
          {"type": "circle", "fill": "#000000", "frame": {"width": 8, "height": 8}}]}
        """)
        assertJSON(scene?["state"], ##"{"Badge_lit": true}"##)
    }

    func test_button() {
        // A button's label takes the accent colour (blue) and a tap runs the action.
        assertJSON(body(swiftView(#"Button("Go") { count += 1 }"#, members: "    @State var count = 0")), """
        {"type": "text", "text": "Go", "font": {"size": 17}, "fill": "#007AFF",
         "gestures": [{"tap": {}, "onEnded": {"set": {"count": "=count + 1"}}}]}
        """)
        assertJSON(body(swiftView("Button(action: { count = 5 }) { Circle() }", members: "    @State var count = 0")), """
        {"type": "circle", "fill": "#007AFF", "gestures": [{"tap": {}, "onEnded": {"set": {"count": 5}}}]}
        """)
    }

    // MARK: Modifiers

    func test_frame() {
        assertJSON(body(swiftView("""
        VStack {
                    Rectangle().frame(width: 100, height: 50, alignment: .topLeading)
                    Color.red.frame(maxWidth: .infinity, minHeight: 10)
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "rect", "fill": "#000000", "frame": {"width": 100, "height": 50, "alignment": [0, 0]}},
          {"type": "rect", "fill": "#FF3B30", "frame": {"maxWidth": "infinity", "minHeight": 10}}]}
        """)
    }

    func test_padding() {
        // .padding() is 16 pt on iOS.
        assertJSON(body(swiftView("""
        VStack {
                    Circle().padding()
                    Circle().padding(8)
                    Circle().padding(.horizontal, 10)
                    Circle().padding(.top)
                    Circle().padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#000000", "padding": 16},
          {"type": "circle", "fill": "#000000", "padding": 8},
          {"type": "circle", "fill": "#000000", "padding": {"leading": 10, "trailing": 10}},
          {"type": "circle", "fill": "#000000", "padding": {"top": 16}},
          {"type": "circle", "fill": "#000000", "padding": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4}}]}
        """)
    }

    func test_offset() {
        assertJSON(body(swiftView("VStack { Circle().offset(x: 5, y: -3); Circle().offset(CGSize(width: 2, height: 3)); Circle().offset(y: 7) }")), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#000000", "offset": {"x": 5, "y": -3}},
          {"type": "circle", "fill": "#000000", "offset": {"x": 2, "y": 3}},
          {"type": "circle", "fill": "#000000", "offset": {"x": 0, "y": 7}}]}
        """)
    }

    func test_opacity() {
        assertJSON(body(swiftView("Circle().opacity(fade ? 0.25 : 1)", members: "    @State var fade = false")), """
        {"type": "circle", "fill": "#000000", "opacity": "=fade ? 0.25 : 1"}
        """)
    }

    func test_scaleEffect() {
        assertJSON(body(swiftView("VStack { Circle().scaleEffect(1.5, anchor: .bottom); Circle().scaleEffect(x: 2, y: 0.5) }")), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#000000", "scale": 1.5, "anchor": [0.5, 1]},
          {"type": "circle", "fill": "#000000", "scale": {"x": 2, "y": 0.5}}]}
        """)
    }

    func test_rotationEffect() {
        // π/2 radians is 90°; degrees go clockwise in both.
        assertJSON(body(swiftView("VStack { Circle().rotationEffect(.degrees(45)); Circle().rotationEffect(.radians(.pi / 2), anchor: .topLeading) }")), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#000000", "rotation": 45},
          {"type": "circle", "fill": "#000000", "rotation": 90, "anchor": [0, 0]}]}
        """)
    }

    func test_rotation3DEffect() {
        assertJSON(body(swiftView("Circle().rotation3DEffect(.degrees(30), axis: (x: 0, y: 1, z: 0), anchor: .leading, anchorZ: 0, perspective: 0.5)")), """
        {"type": "circle", "fill": "#000000",
         "rotation3D": {"angle": 30, "axis": [0, 1, 0], "anchor": [0, 0.5], "anchorZ": 0, "perspective": 0.5}}
        """)
    }

    func test_shadow() {
        // The first .shadow is the innermost; without color: SwiftUI's default (black at 33 %) is the format's default.
        assertJSON(body(swiftView("Circle().shadow(color: .red, radius: 4, x: 1, y: 2).shadow(radius: 10)")), """
        {"type": "circle", "fill": "#000000", "shadows": [{"color": "#FF3B30", "radius": 4, "x": 1, "y": 2}, {"radius": 10}]}
        """)
    }

    func test_blur() {
        assertJSON(body(swiftView("Circle().blur(radius: 3)")), ##"{"type": "circle", "fill": "#000000", "blur": 3}"##)
    }

    func test_overlayBackground() {
        assertJSON(body(swiftView("""
        VStack {
                    Text("a").background(Color.red).overlay(Circle())
                    Rectangle().overlay(alignment: .topTrailing) { Circle().frame(width: 8, height: 8) }
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "text", "text": "a", "font": {"size": 17}, "fill": "#000000", "background": "#FF3B30",
           "overlay": {"type": "circle", "fill": "#000000"}},
          {"type": "rect", "fill": "#000000", "overlay": {"type": "zstack", "alignment": [1, 0],
             "frame": {"maxWidth": "infinity", "maxHeight": "infinity"},
             "children": [{"type": "circle", "fill": "#000000", "frame": {"width": 8, "height": 8}}]}}]}
        """)
        // background(_:in:) fills the shape, not the whole frame (a RoundedRectangle's default corners are circular).
        assertJSON(body(swiftView(#"Text("b").background(.blue, in: RoundedRectangle(cornerRadius: 5))"#)), """
        {"type": "text", "text": "b", "font": {"size": 17}, "fill": "#000000",
         "background": {"type": "roundedRect", "cornerRadius": 5, "style": "circular", "fill": "#007AFF"}}
        """)
    }

    /// `.bold()` on a text keeps its weight when an ancestor sets the font (SwiftUI merges the two).
    func testBoldSurvivesAnAncestorFont() throws {
        try failIfTranslatorBug(swiftView(#"VStack { Text("e").bold() }.font(.title)"#), at: "body.children.0.font.weight",
                                "Text(\"e\").bold() inside .font(.title): the ancestor's font replaces the whole font, weight included")
        assertJSON(body(swiftView(#"VStack { Text("e").bold() }.font(.title)"#)), """
        {"type": "vstack", "children": [{"type": "text", "text": "e", "fill": "#000000", "font": {"size": 28, "weight": "bold"}}]}
        """)
    }

    /// In an HStack a Divider is vertical: a hairline as tall as offered.
    func testDividerInAnHStackIsVertical() throws {
        try failIfTranslatorBug(swiftView("HStack { Divider() }"), at: "body.children.0.frame.maxHeight",
                                "a Divider in an HStack is translated as a horizontal line")
        assertJSON(body(swiftView("HStack { Divider() }"))?.at("children.0"), """
        {"type": "rect", "fill": "#3C3C434A", "frame": {"width": 0.5, "maxHeight": "infinity"}}
        """)
    }

    /// A View extension calling `modifier(_:)` with an implicit self, as such extensions are usually written.
    func testViewExtensionWithImplicitSelf() throws {
        let src = swiftView("Rectangle().glow()", extra: """
        struct Glow: ViewModifier {
            func body(content: Content) -> some View { content.shadow(radius: 5) }
        }
        extension View {
            func glow() -> some View { modifier(Glow()) }
        }
        """)
        if SwiftSceneTranslator.translate(source: src, file: "T.swift").scene == nil {
            XCTFail("translator bug: a View extension's `modifier(Glow())` without `self.` is an unknown view")
            return
        }
        assertJSON(body(src), ##"{"type": "rect", "fill": "#000000", "shadows": [{"radius": 5}]}"##)
    }

    func test_mask() {
        // A clip shape is a mask of that shape (opaque); .cornerRadius(r) is a circular rounded rect.
        assertJSON(body(swiftView("""
        VStack {
                    Rectangle().mask(Circle())
                    Rectangle().clipShape(Capsule())
                    Rectangle().cornerRadius(6)
                    Rectangle().clipped()
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "rect", "fill": "#000000", "mask": {"type": "circle", "fill": "#000000"}},
          {"type": "rect", "fill": "#000000", "mask": {"type": "capsule", "fill": "#000000"}},
          {"type": "rect", "fill": "#000000", "mask": {"type": "roundedRect", "cornerRadius": 6, "style": "circular", "fill": "#000000"}},
          {"type": "rect", "fill": "#000000", "clip": true}]}
        """)
    }

    func test_fillStroke() {
        // A stroke alone has no fill; strokeBorder draws inside the edge: inset by half the line.
        assertJSON(body(swiftView("""
        VStack {
                    Circle().fill(Color.red)
                    Circle().stroke(Color.blue, lineWidth: 3)
                    Circle().strokeBorder(Color.green, lineWidth: 4)
                    Capsule().stroke(style: StrokeStyle(lineWidth: 2))
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#FF3B30"},
          {"type": "circle", "stroke": {"paint": "#007AFF", "width": 3}},
          {"type": "circle", "stroke": {"paint": "#34C759", "width": 4}, "padding": 2},
          {"type": "capsule", "stroke": {"paint": "#000000", "width": 2}}]}
        """)
    }

    func test_strokeStyle() {
        let src = swiftView("Circle().stroke(Color.red, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .bevel))")
        assertJSON(body(src), """
        {"type": "circle", "stroke": {"paint": "#FF3B30", "width": 2, "lineCap": "round", "lineJoin": "bevel"}}
        """)
        XCTAssertEqual(warnings(src), [])
    }

    func test_strokeDash() {
        let src = swiftView("Circle().stroke(Color.red, style: StrokeStyle(lineWidth: 2, dash: [4, 2]))")
        assertJSON(translated(src, expectWarnings: true)?["body"], """
        {"type": "circle", "stroke": {"paint": "#FF3B30", "width": 2}}
        """)
        // `dash:` is at column 69 of line 4.
        XCTAssertEqual(warnings(src), ["T.swift:4:69: warning: StrokeStyle(dash:): not supported; drawn without dashes (miter limit 10)"])
    }

    func test_path() {
        assertJSON(body(swiftView("""
        Path { path in
                    let h: CGFloat = 50
                    path.move(to: CGPoint(x: 0, y: h / 2))
                    path.addLine(to: .init(x: 20, y: h))
                    path.addQuadCurve(to: CGPoint(x: 50, y: 0), control: CGPoint(x: 40, y: 10))
                    path.addArc(center: CGPoint(x: 25, y: 25), radius: 10, startAngle: .degrees(0), endAngle: .radians(.pi), clockwise: true)
                    path.closeSubpath()
                }
                .trim(from: 0, to: 0.5)
                .stroke(Color.green, style: StrokeStyle(lineWidth: 6, lineCap: .round))
        """)), """
        {"type": "path", "elements": [{"move": [0, 25]}, {"line": [20, 50]}, {"quadCurve": {"to": [50, 0], "control": [40, 10]}},
          {"arc": {"center": [25, 25], "radius": 10, "startAngle": 0, "endAngle": 180, "clockwise": true}}, "close"],
         "trim": {"from": 0, "to": 0.5}, "stroke": {"paint": "#34C759", "width": 6, "lineCap": "round"}}
        """)
        assertJSON(body(swiftView("Path(ellipseIn: CGRect(x: 1, y: 2, width: 30, height: 20)).fill(Color.red)")), """
        {"type": "path", "elements": [{"ellipse": [1, 2, 30, 20]}], "fill": "#FF3B30"}
        """)
        XCTAssertEqual(problems(swiftView("Path { p in p.addRelativeArc(center: .zero, radius: 1, startAngle: .zero, delta: .zero) }")),
                       ["T.swift:4:23: V.body › .addRelativeArc: not a supported Path step"])
    }

    func test_scrollView() {
        assertJSON(body(swiftView("ScrollView(.horizontal, showsIndicators: false) { Circle(); Rectangle() }")), """
        {"type": "scroll", "axis": "horizontal", "children": [{"type": "hstack", "children": [
          {"type": "circle", "fill": "#000000"}, {"type": "rect", "fill": "#000000"}]}]}
        """)
        XCTAssertEqual(problems(swiftView("ScrollView([.horizontal, .vertical]) { Circle() }")),
                       ["T.swift:4:20: V.body › ScrollView([.horizontal, .vertical]): expected .vertical or .horizontal (scrolling both ways is not supported)"])
    }

    func test_lazyVGrid() {
        let src = swiftView("""
        LazyVGrid(columns: columns, spacing: 12) {
                    ForEach(0..<3) { _ in Circle() }
                }
        """, members: "    let columns = [GridItem(.fixed(40), spacing: 4), GridItem(.flexible(maximum: .infinity))]")
        assertJSON(body(src), """
        {"type": "grid", "columns": [{"fixed": 40, "spacing": 4}, {"flexible": {"maximum": "infinity"}}], "spacing": 12,
         "children": [{"type": "forEach", "count": 3, "as": "i1", "content": {"type": "circle", "fill": "#000000"}}]}
        """)
        assertJSON(body(swiftView("LazyVGrid(columns: Array(repeating: GridItem(), count: 2)) { Circle() }")), """
        {"type": "grid", "columns": [{"flexible": {}}, {"flexible": {}}], "children": [{"type": "circle", "fill": "#000000"}]}
        """)
        XCTAssertEqual(problems(swiftView("LazyVGrid(columns: [GridItem(.adaptive(minimum: 80))]) { Circle() }")),
                       ["T.swift:4:38: V.body › LazyVGrid › .adaptive: adaptive columns (as many as fit) are not supported; use .flexible() or .fixed(w) columns"])
    }

    func test_customShape() {
        let shape = """
        struct Tick: Shape {
            var lift: Double
            var animatableData: Double { get { lift } set { lift = newValue } }
            func path(in rect: CGRect) -> Path {
                var path = Path()
                let h = rect.height
                path.move(to: CGPoint(x: rect.minX, y: rect.midY - lift))
                path.addLine(to: CGPoint(x: rect.width * 0.4, y: h))
                path.addEllipse(in: rect)
                return path
            }
        }
        """
        assertJSON(body(swiftView("Tick(lift: 5).trim(from: 0, to: 0.5).stroke(Color.red, lineWidth: 2).frame(width: 40, height: 30)", extra: shape)), """
        {"type": "geometry", "children": [{"type": "path", "elements": [
            {"move": [0, "=geometry.height / 2 - 5"]}, {"line": ["=geometry.width * 0.4", "=geometry.height"]},
            {"ellipse": [0, 0, "=geometry.width", "=geometry.height"]}],
          "trim": {"from": 0, "to": 0.5}, "stroke": {"paint": "#FF3B30", "width": 2}}],
         "frame": {"width": 40, "height": 30}}
        """)
        // Without animatableData SwiftUI redraws at the new values at once: said where the shape is used.
        let plain = "struct Bar: Shape { var k: Double; func path(in r: CGRect) -> Path { Path(CGRect(x: 0, y: 0, width: r.width * k, height: r.height)) } }"
        XCTAssertEqual(warnings(swiftView("Bar(k: 0.5)", extra: plain)),
                       ["T.swift:4:9: warning: Bar: has no animatableData: SwiftUI draws a change of its properties at once, here the path's numbers animate with the change"])
        XCTAssertEqual(problems(swiftView("Bar(k: 1).strokeBorder(Color.red)", extra: plain)).first?.hasSuffix(
            ".strokeBorder: not supported on the file's own Shapes (it needs their inset(by:)); use .stroke"), true)
        // Inside the shape, geometry is the shape's own rect: an enclosing GeometryReader's size is refused as an argument.
        XCTAssertEqual(problems(swiftView("GeometryReader { g in Bar(k: g.size.width / 100) }", extra: plain)).first?.contains(
            "a GeometryReader's size passed to one of the file's Shapes is not supported"), true)
    }

    func test_animators() {
        XCTAssertEqual(problems(swiftView("Text(\"a\").keyframeAnimator(initialValue: 0.0, trigger: on) { c, v in c.offset(y: v) } keyframes: { _ in LinearKeyframe(1.0, duration: 1, timingCurve: .easeIn) }",
                                          members: "    @State var on = false")),
                       ["T.swift:5:159: V.body › .keyframeAnimator › timingCurve:: only .linear timing curves are supported in keyframes"])
        XCTAssertEqual(problems(swiftView("Text(\"a\").keyframeAnimator(initialValue: 0.0, trigger: on) { c, v in c.offset(y: v) } keyframes: { _ in if on { LinearKeyframe(1.0, duration: 1) } }",
                                          members: "    @State var on = false")).first?.contains("conditions and loops in keyframes are not supported"), true)
        // A track is one expression of the scene's language: too many keyframes, or too long a track, are refused at
        // the keyframes, not inside the expression.
        func track(_ n: Int) -> String {
            swiftView("Text(\"a\").keyframeAnimator(initialValue: 0.0, trigger: on) { c, v in c.offset(y: v) } keyframes: { _ in "
                      + (0..<n).map { "LinearKeyframe(\(Double($0 % 7)), duration: 0.1)" }.joined(separator: "; ") + " }",
                      members: "    @State var on = false")
        }
        XCTAssertEqual(problems(track(57)), ["T.swift:5:106: V.body › .keyframeAnimator › keyframes: 57 keyframes in one track; at most 56 are supported"])
        XCTAssert(problems(track(50)).first?.hasSuffix("at most 4096 are supported (use fewer keyframes)") == true, "\(problems(track(50)))")
        XCTAssertEqual(problems(track(20)), [])
        XCTAssertEqual(problems(swiftView("Text(\"a\").keyframeAnimator(initialValue: 0.0, trigger: on == 1) { c, v in c.offset(y: v) } keyframes: { _ in LinearKeyframe(1.0, duration: 1) }",
                                          members: "    @State var on = 0")).first?.contains("the trigger must be a @State variable of the view"), true)
        XCTAssertEqual(problems(swiftView("PhaseAnimator([false, true]) { p in Circle().scaleEffect(p ? 2 : 1) } animation: { _ in .linear.repeatForever() }")).first?.contains(
            "the animation must complete (no repeat) and take time, or the phases would never move on"), true)
        XCTAssertEqual(problems(swiftView("TimelineView(.animation) { _ in Circle() }")).first?.contains("TimelineView is not supported"), true)
    }

    /// Hostile or odd input around the new constructs: refused with a line, never a trap or a hang (found in review).
    func testHostileAnimatorsAndColours() {
        // A colour set component that is not a finite number is not a colour (no trap converting NaN to a byte).
        for bad in [#""nan""#, #""inf""#, #""-inf""#] {
            let json = try! JSONParser.parse(#"{"color-space": "srgb", "components": {"red": \#(bad), "green": "0.5", "blue": "0.5", "alpha": "1.000"}}"#)
            XCTAssertNil(try? SwiftProject.assetColorHex(json).get(), bad)
        }
        let nanAlpha = try! JSONParser.parse(#"{"color-space": "srgb", "components": {"red": "1", "green": "0.5", "blue": "0.5", "alpha": "nan"}}"#)
        XCTAssertEqual(try? SwiftProject.assetColorHex(nanAlpha).get(), "#018080")
        // Two Color initialisers that call each other: refused at once, not explored exponentially.
        let start = Date()
        let loop = problems(swiftView("Rectangle().fill(Color(a: 1))", extra: """
        extension Color {
            init(a: Double, b: Double = 0) { self.init(a: a) }
            init(a: Double, c: Double = 0) { self.init(a: a) }
        }
        """))
        XCTAssertEqual(loop.count, 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        // A keyframe value struct with a field declared twice.
        XCTAssert(problems(swiftView("Circle().keyframeAnimator(initialValue: AV(), trigger: go) { c, v in c.offset(x: v.a) } keyframes: { _ in KeyframeTrack(\\.a) { LinearKeyframe(1.0, duration: 1) } }",
                                     members: "    @State var go = false", extra: "struct AV { var a = 0.0; var a = 1.0 }")).contains { $0.contains("AV.a: declared twice") })
        // An undamped spring keyframe without a duration never settles; a very slow one lasts the search's 102.4 s.
        XCTAssert(problems(swiftView("Circle().keyframeAnimator(initialValue: 0.0, trigger: go) { c, v in c.offset(x: v) } keyframes: { _ in SpringKeyframe(100, spring: Spring(duration: 0.5, bounce: 1)) }",
                                     members: "    @State var go = false")).first?.contains("an undamped spring never settles; give the keyframe a duration:") == true)
        let slow = body(swiftView("Circle().keyframeAnimator(initialValue: 0.0, trigger: go) { c, v in c.offset(x: v) } keyframes: { _ in SpringKeyframe(100, spring: Spring(response: 200, dampingRatio: 1)); LinearKeyframe(0, duration: 1) }",
                                  members: "    @State var go = false"))?.at("offset.x")?.string ?? ""
        XCTAssert(slow.contains("- 102.4 <= 1"), slow)
        // Spring labels it does not know are refused; an overdamped mass/stiffness/damping spring is critical unless
        // allowOverDamping: true (Apple's Spring(mass:stiffness:damping:allowOverDamping:)).
        XCTAssert(problems(swiftView("Circle().keyframeAnimator(initialValue: 0.0, trigger: go) { c, v in c.offset(x: v) } keyframes: { _ in SpringKeyframe(1, spring: Spring(settlingDuration: 1, dampingRatio: 0.5)) }",
                                     members: "    @State var go = false")).first?.contains("not dampingRatio, settlingDuration") == true)
        // Phases beyond what one expression can nest, and enums of more than 256 cases, are refused.
        let many = (0..<40).map { "\($0).0" }.joined(separator: ", ")
        XCTAssert(problems(swiftView("PhaseAnimator([\(many)]) { p in Circle().offset(x: p) }")).first?.contains("40 phases; at most 32 are supported") == true)
    }

    func test_phaseAnimator() {
        // Without a trigger: into phase 1 at 0 s (easeOut 0.8), back into phase 0 when that is complete (0.8 s, easeIn
        // 0.4), the cycle of 1.2 s repeated by a timer per step; the content reads the phase by the index.
        let scene = translated(swiftView("""
        PhaseAnimator([false, true]) { on in
                    Circle().scaleEffect(on ? 1.5 : 1)
                } animation: { on in
                    on ? .easeOut(duration: 0.8) : .easeIn(duration: 0.4)
                }
        """))
        assertJSON(scene?["timeline"], """
        [{"at": 0, "set": {"_phase1": 1}, "animation": {"easeOut": 0.8}},
         {"at": 0, "timer": {"id": "_phaseCycle2", "interval": 1.2, "set": {"_phase1": 1}, "animation": {"easeOut": 0.8}}},
         {"at": 0.8, "set": {"_phase1": 0}, "animation": {"easeIn": 0.4}},
         {"at": 0.8, "timer": {"id": "_phaseCycle3", "interval": 1.2, "set": {"_phase1": 0}, "animation": {"easeIn": 0.4}}}]
        """)
        XCTAssertEqual(scene?["body"]?["scale"]?.string, "=(_phase1 == 0 ? false : true) ? 1.5 : 1")
        // With a trigger: each change runs phases 1, 2 and back to 0, each after the one before is complete (a spring
        // of duration 0.2: its response); the modifier form gives the content and the phase.
        let trig = translated(swiftView("""
        Text("Hi").phaseAnimator([0.0, 20.0, -20.0], trigger: taps) { content, dx in
                    content.offset(x: dx)
                } animation: { _ in .spring(duration: 0.2) }
                .onTapGesture { taps += 1 }
        """, members: "    @State var taps = 0"))
        assertJSON(trig?["timeline"], """
        [{"when": "_phaseTrigger_taps_1 == 1", "id": "_phaseRun2", "set": {"_phaseTrigger_taps_1": 0, "_phase1": 1}, "animation": {"spring": {"duration": 0.2, "bounce": 0}}},
         {"after": "_phaseRun2", "delay": 0.2, "set": {"_phase1": 2}, "animation": {"spring": {"duration": 0.2, "bounce": 0}}},
         {"after": "_phaseRun2", "delay": 0.4, "set": {"_phase1": 0}, "animation": {"spring": {"duration": 0.2, "bounce": 0}}}]
        """)
        XCTAssertEqual(trig?["body"]?.at("offset.x")?.string, "=_phase1 == 0 ? 0 : _phase1 == 1 ? 20 : (-20)")
        XCTAssertEqual(trig?["body"]?.at("gestures.0.onEnded.set._phaseTrigger_taps_1")?.string, "=taps + 1 != taps ? 1 : _phaseTrigger_taps_1")
        // Logical completion: curves after their duration, springs after their response, delays added, speeds divided.
        func L(_ json: String) -> Double? { AnimationCompletion.logicalCompletion(try! JSONParser.parse(json)) }
        XCTAssertEqual(L(#""default""#), 0.55)
        XCTAssertEqual(L(#"{"easeInOut": 1, "delay": 0.5}"#), 1.5)
        XCTAssertEqual(L(#"{"linear": 1, "speed": 2}"#), 0.5)
        XCTAssertEqual(L(#"{"spring": {"response": 0.3, "dampingFraction": 0.6}}"#), 0.3)
        XCTAssertEqual(L(#"{"spring": {"mass": 1, "stiffness": 100, "damping": 10}}"#)!, 2 * .pi / 10, accuracy: 1e-12)
        XCTAssertNil(L(#"{"linear": 1, "repeat": "forever"}"#))
    }

    /// The keyframe expression of `view` (a path in the body) at `tau` seconds after the trigger changed at 0 s.
    func keyframeValue(_ body: JSONValue?, _ path: String, clock: String, tau: Double, line: UInt = #line) -> Double {
        guard let text = body?.at(path)?.string, let e = try? Expr.parse(text) else {
            XCTFail("no expression at \(path)", line: line); return .nan
        }
        let v = evaluate(e, VariableBindings(["t": .number(tau), clock: .number(0)]))
        guard case .number(let x) = v else { XCTFail("not a number", line: line); return .nan }
        return x
    }

    func test_keyframeAnimator() {
        // The stotic-dev sample's track (linear, default spring, .smooth(duration: 4), move, cubic, cubic, move,
        // linear), written here. Expected: an independent Python model of SwiftUI's keyframe rules (research notes
        // of 2026-11-29, from the MetalUI probe's recorded KeyframeTimeline values), to 3 decimals.
        let src = swiftView("""
        Text("x")
                    .keyframeAnimator(initialValue: 0.0, trigger: go) { content, value in
                        content.offset(y: value)
                    } keyframes: { _ in
                        KeyframeTrack {
                            LinearKeyframe(0.0, duration: 1.0)
                            SpringKeyframe(90.0, duration: 4.0)
                            SpringKeyframe(-90.0, duration: 4.0, spring: .smooth(duration: 4.0))
                            MoveKeyframe(90.0)
                            CubicKeyframe(-90.0, duration: 1.0)
                            CubicKeyframe(90.0, duration: 4.0)
                            MoveKeyframe(-90.0)
                            LinearKeyframe(0, duration: 1.0)
                        }
                    }
                    .onTapGesture { go.toggle() }
        """, members: "    @State private var go = false")
        let scene = translated(src)
        let clock = "go__keyframes1"
        assertJSON(scene?["state"], ##"{"go": false, "go__keyframes1": -1}"##)
        // Every change of the trigger restarts the clock at that instant.
        assertJSON(scene?["body"]?.at("gestures.0.onEnded"), ##"{"set": {"go": "=!go", "go__keyframes1": "=!go != go ? t : go__keyframes1"}}"##)
        let expected: [(Double, Double)] = [(0, 0), (0.5, 0), (1.1, 32.197), (1.25, 73.892), (1.5, 88.776), (5.5, 56.526), (6, 6.195),
                                            (7, -57.785), (8, -80.763), (9, -87.552), (9.00001, 90), (9.5, 0), (10, -90), (12, 0),
                                            (14, 90), (14.00001, -90), (14.5, -45), (15, 0), (30, 0)]
        for (tau, v) in expected {
            XCTAssertEqual(keyframeValue(scene?["body"], "offset.y", clock: clock, tau: tau), v, accuracy: 0.002, "τ = \(tau)")
        }
        // Before the first trigger the value is the initial one, whatever the time.
        if let text = scene?["body"]?.at("offset.y")?.string, let e = try? Expr.parse(text) {
            XCTAssertEqual(evaluate(e, VariableBindings(["t": .number(7), clock: .number(-1)])), .number(0))
        }
    }

    func test_keyframeAnimatorMeasured() {
        // SwiftUI's own KeyframeTimeline values, recorded by a public probe (mburger89/MetalUI,
        // docs/probes/swiftui-controls-looks.swift @ ba672bea, arms K3–K5), each track from 0.
        func track(_ keys: String, line: UInt = #line) -> JSONValue? {
            body(swiftView("Circle().keyframeAnimator(initialValue: 0.0, trigger: go) { c, v in c.offset(x: v) } keyframes: { _ in \(keys) }",
                           members: "    @State var go = false"), line: line)
        }
        let clock = "go__keyframes1"
        // K4: a spring cut short by its duration ends unsettled and holds there; K4c: the next keyframe starts there.
        let k4 = track("SpringKeyframe(10, duration: 0.4, spring: Spring(duration: 0.4, bounce: 0))")
        XCTAssertEqual(keyframeValue(k4, "offset.x", clock: clock, tau: 0.4), 9.864, accuracy: 0.0005)
        XCTAssertEqual(keyframeValue(k4, "offset.x", clock: clock, tau: 3), 9.864, accuracy: 0.0005)
        let k4c = track("SpringKeyframe(10, duration: 0.2, spring: Spring(duration: 0.4, bounce: 0)); LinearKeyframe(0, duration: 1)")
        XCTAssertEqual(keyframeValue(k4c, "offset.x", clock: clock, tau: 0.2), 8.210, accuracy: 0.0005)
        XCTAssertEqual(keyframeValue(k4c, "offset.x", clock: clock, tau: 0.7), 4.105, accuracy: 0.0005)
        // K5: at a move's instant the earlier segment's end; after it the move's value.
        let k5 = track("LinearKeyframe(10, duration: 0.2); MoveKeyframe(-5); LinearKeyframe(0, duration: 0.2)")
        XCTAssertEqual(keyframeValue(k5, "offset.x", clock: clock, tau: 0.2), 10, accuracy: 1e-9)
        XCTAssertEqual(keyframeValue(k5, "offset.x", clock: clock, tau: 0.25), -3.75, accuracy: 0.0005)
        // K3e: given velocities (tangents = velocity × duration); K3: a lone cubic is a smoothstep.
        let k3e = track("CubicKeyframe(10, duration: 0.4, startVelocity: 50, endVelocity: 0)")
        XCTAssertEqual(keyframeValue(k3e, "offset.x", clock: clock, tau: 0.2), 7.5, accuracy: 0.0005)
        let k3 = track("CubicKeyframe(10, duration: 1)")
        XCTAssertEqual(keyframeValue(k3, "offset.x", clock: clock, tau: 0.25), 1.5625, accuracy: 0.0005)
        // K3g: between cubics the velocity is (next − previous) / (time between them): 30 / 0.4 = 75 per second.
        let k3g = track("CubicKeyframe(10, duration: 0.1); CubicKeyframe(30, duration: 0.3)")
        let h = 1e-5
        let slope = (keyframeValue(k3g, "offset.x", clock: clock, tau: 0.1 + h) - keyframeValue(k3g, "offset.x", clock: clock, tau: 0.1 - h)) / (2 * h)
        XCTAssertEqual(slope, 75, accuracy: 0.01)
        // K4b: a spring keyframe without a duration lasts until within 1e-4 of its move (1.273 s here, not the
        // spring's settlingDuration of 0.854 s): the linear keyframe after it is half way at 1.773 s.
        let k4b = track("SpringKeyframe(10, spring: Spring(duration: 0.4, bounce: 0.3)); LinearKeyframe(20, duration: 1)")
        XCTAssertEqual(keyframeValue(k4b, "offset.x", clock: clock, tau: 1.273 + 0.5), 15, accuracy: 0.001)
    }

    func test_keyframeTracks() {
        // A struct of the file: one track per field, an angle track in degrees, `repeating:` looping from the start.
        let src = swiftView("""
        Circle()
                    .keyframeAnimator(initialValue: Values(), repeating: true) { content, value in
                        content.scaleEffect(value.scale).rotationEffect(value.angle)
                    } keyframes: { _ in
                        KeyframeTrack(\\.scale) {
                            LinearKeyframe(2.0, duration: 0.5)
                            LinearKeyframe(1.0, duration: 0.5)
                        }
                        KeyframeTrack(\\.angle) {
                            LinearKeyframe(.degrees(90), duration: 2)
                        }
                    }
        """, extra: """
        struct Values {
            var scale = 1.0
            var angle = Angle.zero
        }
        """)
        let b = body(src)
        func at(_ path: String, _ t: Double) -> Double {
            guard let text = b?.at(path)?.string, let e = try? Expr.parse(text), case .number(let x) = evaluate(e, VariableBindings(["t": .number(t)])) else {
                XCTFail("no expression at \(path)"); return .nan
            }
            return x
        }
        XCTAssertEqual(at("scale", 0.25), 1.5, accuracy: 1e-9)
        XCTAssertEqual(at("scale", 0.75), 1.5, accuracy: 1e-9)
        XCTAssertEqual(at("scale", 1.5), 1, accuracy: 1e-9, "the shorter track holds its end")
        XCTAssertEqual(at("rotation", 1), 45, accuracy: 1e-9)
        XCTAssertEqual(at("scale", 2.25), 1.5, accuracy: 1e-9, "the timeline (2 s, its longest track) loops")
        XCTAssertEqual(at("rotation", 3), 45, accuracy: 1e-9)
    }

    /// Forms sample code writes that the subset's entries cover: `CGSize()` is zero, `GeometryReader(content:)` with
    /// the closure as an argument, a `@Namespace` as a matched-geometry id, `safeAreaInsets` (0: the canvas has no
    /// safe area), a constant string's `uppercased()` / `lowercased()`, and loose views at the root.
    func testSampleCodeForms() {
        let scene = translated(swiftView("""
        GeometryReader(content: { geometry in
                    VStack {
                        if on { Circle().matchedGeometryEffect(id: circleID, in: ns).offset(y: -(100 + geometry.safeAreaInsets.top)) }
                        Spacer()
                        if !on { Rectangle().matchedGeometryEffect(id: circleID, in: ns) }
                    }
                })
        """, members: "    @State var on = false\n    @Namespace var ns\n    @Namespace var circleID"))
        let b = scene?["body"]
        XCTAssertEqual(b?["type"]?.string, "geometry")
        let text = b?.sceneText() ?? ""
        XCTAssertEqual(text.components(separatedBy: "circleID").count - 1, 2, text)
        XCTAssert(text.contains(#""offset": {"x": 0, "y": -100}"#), text)
        // Loose views at the root (an implicit TupleView) are stacked vertically, as in a window; if/else branches
        // (one present at a time) stay in place.
        assertJSON(body(swiftView("Circle().frame(width: 10, height: 10)\n        Rectangle().frame(width: 20, height: 5)")), """
        {"type": "vstack", "children": [{"type": "circle", "fill": "#000000", "frame": {"width": 10, "height": 10}},
                                        {"type": "rect", "fill": "#000000", "frame": {"width": 20, "height": 5}}]}
        """)
        XCTAssertEqual(body(swiftView("if on { Circle() } else { Rectangle() }", members: "    @State var on = false"))?["type"]?.string, "zstack")
        XCTAssertEqual(body(swiftView("if on { Circle() } else if off { Capsule() } else { Rectangle() }", members: "    @State var on = false\n    @State var off = false"))?["type"]?.string, "zstack")
        // Two independent ifs can both be present: stacked.
        XCTAssertEqual(body(swiftView("if on { Circle() }\n        if off { Rectangle() }", members: "    @State var on = false\n    @State var off = false"))?["type"]?.string, "vstack")
        XCTAssertEqual(body(swiftView("Text(\"20 sections · 3 hours\".uppercased())"))?["text"]?.string, "20 SECTIONS · 3 HOURS")
        XCTAssertEqual(body(swiftView("Text(\"ÉTÉ\".lowercased())"))?["text"]?.string, "été")
        assertJSON(translated(swiftView("Circle().offset(drag).gesture(DragGesture().onChanged { v in drag = v.translation })",
                                        members: "    @State var drag = CGSize()"))?["state"],
                   ##"{"drag_width": 0, "drag_height": 0}"##)
    }

    func test_toggle() {
        // The label (served first), a spacer and the switch: a 51 × 31 capsule, green when on, with a white 27 pt knob
        // 2 pt in from the ends; the switch reads its own animated copy of the state; a tap flips the state with the
        // binding's animation.
        let src = swiftView("Toggle(\"Visible\", isOn: $on.animation(.spring()))", members: "    @State var on = false")
        XCTAssertEqual(warnings(src), ["T.swift:5:9: warning: Toggle: drawn as iOS's switch; its knob slides in 0.25 s ease-in-out (UISwitch's own animation is not documented)"])
        let t = SwiftSceneTranslator.translate(source: src, file: "T.swift")
        XCTAssertEqual(t.problems.map(\.description), [])
        let b = t.scene?["body"]
        XCTAssertEqual(b?["type"]?.string, "hstack")
        XCTAssertEqual(b?.at("children.0.text")?.string, "Visible")
        XCTAssertEqual(b?.at("children.0.layoutPriority")?.number, 1)
        XCTAssertEqual(b?.at("children.1.type")?.string, "spacer")
        assertJSON(b?.at("children.2.frame"), ##"{"width": 51, "height": 31}"##)
        XCTAssertEqual(b?.at("children.2.children.0.fill")?.string, "=on__1 ? '#34C759' : '#78788033'")
        XCTAssertEqual(b?.at("children.2.children.1.offset.x")?.string, "=on__1 ? 22 : 2")
        // The state changes with the binding's animation; the copy, at the same instant, with the switch's own.
        XCTAssertEqual(b?.at("children.2.gestures.0.onEnded.set.on")?.string, "=!on")
        assertJSON(b?.at("children.2.gestures.0.onEnded.animation"), #""spring""#)
        let copyEvent = t.scene?["timeline"]?.elements?.first { $0["set"]?["on__1"] != nil }
        assertJSON(copyEvent?["animation"], ##"{"easeInOut": 0.25}"##)
        XCTAssertEqual(t.scene?["state"]?["on__1"]?.bool, false)
        if let s = t.scene, let sim = simulate(s, horizon: 1) {
            XCTAssertEqual(finalValue(sim.0, sim.1, "on"), .bool(false))
        }
    }

    func test_trim() throws {
        let src = swiftView("Circle().trim(from: 0.2, to: 0.8).stroke(Color.red, lineWidth: 2)")
        try failUnlessLoads(src, "the scene model has no `trim` key, so a trimmed shape's scene does not load")
        assertJSON(body(src), """
        {"type": "circle", "trim": {"from": 0.2, "to": 0.8}, "stroke": {"paint": "#FF3B30", "width": 2}}
        """)
    }

    func test_foreground() {
        // The foreground colour reaches texts and shapes below that have no fill of their own.
        assertJSON(body(swiftView("""
        VStack {
                    Text("a")
                    Circle()
                    Rectangle().fill(Color.blue)
                    HStack { Capsule() }.foregroundStyle(.green)
                }
                .foregroundColor(.red)
        """)), """
        {"type": "vstack", "children": [
          {"type": "text", "text": "a", "font": {"size": 17}, "fill": "#FF3B30"},
          {"type": "circle", "fill": "#FF3B30"},
          {"type": "rect", "fill": "#007AFF"},
          {"type": "hstack", "children": [{"type": "capsule", "fill": "#34C759"}]}]}
        """)
    }

    func test_font() {
        // Text styles at their default Dynamic Type sizes: headline 17 semibold, title 28.
        assertJSON(body(swiftView("""
        VStack {
                    Text("a").font(.system(size: 20, weight: .bold, design: .rounded))
                    Text("b").font(.headline)
                    Text("c").font(.title.weight(.light))
                    Text("d").font(.body.monospacedDigit())
                    Text("e").bold()
                    Text("f").font(.system(size: 13).weight(.bold).monospaced())
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "text", "text": "a", "fill": "#000000", "font": {"size": 20, "weight": "bold", "design": "rounded"}},
          {"type": "text", "text": "b", "fill": "#000000", "font": {"size": 17, "weight": "semibold"}},
          {"type": "text", "text": "c", "fill": "#000000", "font": {"size": 28, "weight": "light"}},
          {"type": "text", "text": "d", "fill": "#000000", "font": {"size": 17}, "monospacedDigit": true},
          {"type": "text", "text": "e", "fill": "#000000", "font": {"size": 17, "weight": "bold"}},
          {"type": "text", "text": "f", "fill": "#000000", "font": {"size": 13, "weight": "bold", "design": "monospaced"}}]}
        """)
    }

    func test_kerning() {
        let src = swiftView(#"VStack { Text("a").kerning(1.5); Text("b").tracking(2) }"#)
        assertJSON(translated(src, expectWarnings: true)?["body"], """
        {"type": "vstack", "children": [
          {"type": "text", "text": "a", "font": {"size": 17}, "fill": "#000000", "kerning": 1.5},
          {"type": "text", "text": "b", "font": {"size": 17}, "fill": "#000000", "kerning": 2}]}
        """)
        // `.tracking` — located at its name, column 52.
        XCTAssertEqual(warnings(src), ["T.swift:4:52: warning: .tracking: drawn as kerning (the same extra space after each glyph)"])
    }

    func test_textLayout() {
        assertJSON(body(swiftView(#"Text("long").lineLimit(2).multilineTextAlignment(.center).fixedSize()"#)), """
        {"type": "text", "text": "long", "font": {"size": 17}, "fill": "#000000", "lineLimit": 2,
         "multilineTextAlignment": "center", "fixedSize": true}
        """)
    }

    func test_imageModes() {
        assertJSON(body(swiftView(#"VStack { Image("landscape").resizable().aspectRatio(contentMode: .fill); Image("landscape").resizable().scaledToFit() }"#)), """
        {"type": "vstack", "children": [
          {"type": "image", "src": "landscape.png", "resizable": true, "contentMode": "fill"},
          {"type": "image", "src": "landscape.png", "resizable": true, "contentMode": "fit"}]}
        """)
    }

    func test_matchedGeometry() {
        // One namespace in the file: ids stay as written; shapes morph.
        assertJSON(body(swiftView(#"""
        ZStack {
                    if big { RoundedRectangle(cornerRadius: 20).matchedGeometryEffect(id: "card", in: ns).frame(width: 200, height: 100) }
                    else { Circle().matchedGeometryEffect(id: "card", in: ns, isSource: false).frame(width: 40, height: 40) }
                }
        """#, members: "    @Namespace var ns\n    @State var big = false")), """
        {"type": "zstack", "children": [
          {"type": "roundedRect", "cornerRadius": 20, "style": "circular", "fill": "#000000", "if": "big",
           "matchedGeometry": {"id": "card", "morph": true}, "frame": {"width": 200, "height": 100}},
          {"type": "circle", "fill": "#000000", "if": "!big",
           "matchedGeometry": {"id": "card", "isSource": false, "morph": true}, "frame": {"width": 40, "height": 40}}]}
        """)
    }

    func test_transitionModifier() {
        assertJSON(body(swiftView("ZStack { if show { Circle().transition(.move(edge: .bottom)) } }", members: "    @State var show = false")), """
        {"type": "zstack", "children": [{"type": "circle", "fill": "#000000", "if": "show", "transition": {"move": "bottom"}}]}
        """)
    }

    func test_animationValue() {
        // The view animates with its .animation(_:value:) when `size` changes: it reads its own copy of `size`, which
        // the tap sets too, in a run of its own with easeIn (the tap's own change has no animation).
        let scene = translated(swiftView("Circle().frame(width: size).animation(.easeIn, value: size).onTapGesture { size = 20 }",
                                         members: "    @State var size: CGFloat = 10"))
        assertJSON(scene?["body"], """
        {"type": "circle", "fill": "#000000", "frame": {"width": "=size__1"},
         "gestures": [{"tap": {}, "onEnded": {"set": {"size": 20, "_fx1": 1}}}]}
        """)
        assertJSON(scene?["timeline"], """
        [{"when": "_fx1 == 1", "set": {"size__1": 20, "_fx1": 0}, "animation": "easeIn"}]
        """)
        assertJSON(scene?["state"], """
        {"size": 10, "size__1": 10, "_fx1": 0}
        """)
        // The older form without value: every change of what the view reads.
        let older = translated(swiftView("Circle().opacity(o).animation(.linear(duration: 1)).onTapGesture { o = 0 }",
                                         members: "    @State var o: Double = 1"))
        assertJSON(older?["body"], """
        {"type": "circle", "fill": "#000000", "opacity": "=o__1",
         "gestures": [{"tap": {}, "onEnded": {"set": {"o": 0, "_fx1": 1}}}]}
        """)
        assertJSON(older?["timeline"], """
        [{"when": "_fx1 == 1", "set": {"o__1": 0, "_fx1": 0}, "animation": {"linear": 1}}]
        """)
        // An explicit withAnimation elsewhere does not change the view's own animation.
        let explicit = translated(swiftView("Circle().frame(width: size).animation(.easeIn, value: size).onTapGesture { withAnimation(.linear) { size = 20 } }",
                                            members: "    @State var size: CGFloat = 10"))
        assertJSON(explicit?["timeline"], """
        [{"when": "_fx1 == 1", "set": {"size__1": 20, "_fx1": 0}, "animation": "easeIn"}]
        """)
    }

    func test_compositingGroup() {
        assertJSON(body(swiftView("VStack { ZStack { Circle() }.compositingGroup(); ZStack { Circle() }.drawingGroup() }")), """
        {"type": "vstack", "children": [
          {"type": "zstack", "compositingGroup": true, "children": [{"type": "circle", "fill": "#000000"}]},
          {"type": "zstack", "compositingGroup": true, "children": [{"type": "circle", "fill": "#000000"}]}]}
        """)
    }

    func test_id() {
        let b = body(swiftView(#"VStack { Circle().id("a"); ForEach(0..<3) { i in Circle().id("dot\(i)") } }"#))
        XCTAssertEqual(b?.at("children.0.id")?.string, "a")
        let loop = b?.at("children.1.as")?.string ?? "?"
        XCTAssertEqual(b?.at("children.1.content.id")?.string, "dot{\(loop)}")
    }

    func test_viewModifier() {
        let src = """
        import SwiftUI
        struct V: View {
            var body: some View {
                VStack { Circle().modifier(Glow(r: 3)); Rectangle().glow() }
            }
        }
        struct Glow: ViewModifier {
            var r: CGFloat = 5
            func body(content: Content) -> some View { content.shadow(radius: r).opacity(0.9) }
        }
        extension View {
            func glow() -> some View { self.modifier(Glow()) }
        }
        """
        assertJSON(body(src), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#000000", "shadows": [{"radius": 3}], "opacity": 0.9},
          {"type": "rect", "fill": "#000000", "shadows": [{"radius": 5}], "opacity": 0.9}]}
        """)
    }

    func test_hitArea() {
        let src = """
        import SwiftUI
        struct V: View {
            var body: some View {
                Circle()
                    .contentShape(Rectangle())
                    .zIndex(1)
            }
        }
        """
        assertJSON(translated(src, expectWarnings: true)?["body"], ##"{"type": "circle", "fill": "#000000"}"##)
        // Located at the modifier (its name), not at the start of the chain.
        XCTAssertEqual(warnings(src), [
            "T.swift:5:14: warning: .contentShape(Rectangle()): changes only the hit area",
        ])
    }

    func test_zIndex() {
        // A ZStack draws its views by constant zIndex (stable among equals); one that changes is warned about.
        let b = body(swiftView("ZStack { Circle().zIndex(2); Rectangle(); Capsule().zIndex(-1); Ellipse() }"))
        XCTAssertEqual(b?["children"]?.elements?.map { $0["type"]?.string ?? "?" }, ["capsule", "rect", "ellipse", "circle"])
        XCTAssertEqual(warnings(swiftView("ZStack { Circle().zIndex(on ? 1 : 0); Rectangle() }.onTapGesture { on.toggle() }", members: "    @State var on = false")),
                       ["T.swift:5:27: warning: .zIndex: a z order that changes is not supported: views are drawn in the order they are written"])
        XCTAssertEqual(warnings(swiftView("HStack { Circle().zIndex(1); Rectangle() }")),
                       ["T.swift:4:9: warning: HStack: .zIndex is ignored in an HStack: its views are drawn in the order they are written"])
    }

    func test_layoutPriority() {
        let plain = body(swiftView("Capsule().padding().layoutPriority(1)"))
        XCTAssertEqual(plain?["type"]?.string, "capsule")
        XCTAssertEqual(plain?["layoutPriority"]?.number, 1)
        // A trait of the view as its parent sees it: a modifier that wraps the view leaves it on the outside.
        let b = body(swiftView("Circle().offset(x: 2).layoutPriority(1).padding()"))
        XCTAssertEqual(b?["layoutPriority"]?.number, 1)
        XCTAssertEqual(b?["children"]?.elements?.first?["layoutPriority"]?.number, nil)
        XCTAssertEqual(b?["padding"]?.number, 16)
    }

    func test_ignored() {
        assertJSON(body(swiftView(#"Button("a") { }.labelsHidden().ignoresSafeArea()"#)), """
        {"type": "text", "text": "a", "font": {"size": 17}, "fill": "#007AFF", "gestures": [{"tap": {}, "onEnded": {}}]}
        """)
    }

    func test_buttonStyle() {
        // iOS's default button style (.automatic, borderless) is what a Button becomes: no warning when written out.
        XCTAssertEqual(warnings(swiftView(#"Button("a") { }.buttonStyle(.borderless)"#)), [])
        // Any other style draws something this does not (a filled capsule, a pressed scale): the button is drawn in the
        // default look, with a located warning.
        let src = """
        import SwiftUI
        struct V: View {
            var body: some View {
                Button("a") { }
                    .buttonStyle(.borderedProminent)
            }
        }
        """
        assertJSON(translated(src, expectWarnings: true)?["body"], """
        {"type": "text", "text": "a", "font": {"size": 17}, "fill": "#007AFF", "gestures": [{"tap": {}, "onEnded": {}}]}
        """)
        XCTAssertEqual(warnings(src), ["T.swift:5:14: warning: .buttonStyle(.borderedProminent): not drawn: the button keeps the default look (its label in the accent colour), without this style's background, colours or pressed effect"])
    }

    func test_position() {
        // The view's centre at (x, y) of the parent's space, the modified view taking all the space: a 0×0 frame (which
        // centres what overflows it) moved to (x, y) from the top-leading corner of a flexible frame. (Rendered, a
        // 40 pt circle at .position(x: 60, y: 100) has its ink centred at (60, 100).)
        assertJSON(body(swiftView("Circle().frame(width: 40, height: 40).position(x: on ? 300 : 60, y: 100)", members: "    @State var on = false")), """
        {"type": "zstack", "frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": [0, 0]}, "children": [
          {"type": "zstack", "frame": {"width": 0, "height": 0}, "offset": {"x": "=on ? 300 : 60", "y": 100}, "children": [
            {"type": "circle", "fill": "#000000", "frame": {"width": 40, "height": 40}}]}]}
        """)
        XCTAssertEqual(body(swiftView("Text(\"a\").position(CGPoint(x: 5, y: 7))"))?.at("children.0.offset.y")?.number, 7)
        XCTAssertEqual(problems(swiftView("Circle().position()")), ["T.swift:4:18: V.body › .position: expected x:, y: or a CGPoint"])
    }

    func test_unknownModifier() {
        // The contract's own example (docs: §4 Errors).
        let src = """
        import SwiftUI
        struct PinPad: View {
            var body: some View {
                Circle()
                    .frame(width: 10)
                    .symbolEffect(.bounce)
            }
        }
        """
        XCTAssertEqual(problems(src, file: "UnlockView.swift"), ["UnlockView.swift:6:14: PinPad.body › .symbolEffect(.bounce): unknown modifier"])
    }

    // MARK: Paints

    func test_namedColors() {
        // iOS system colours, light appearance (systemRed 255,59,48; secondaryLabel 60,60,67 at 60 %).
        assertJSON(body(swiftView("VStack { Color.red; Color.orange; Color.primary; Color.secondary; Color.accentColor; Color.clear; Color.brown; Color.indigo }")), """
        {"type": "vstack", "children": [
          {"type": "rect", "fill": "#FF3B30"}, {"type": "rect", "fill": "#FF9500"}, {"type": "rect", "fill": "#000000"},
          {"type": "rect", "fill": "#3C3C4399"}, {"type": "rect", "fill": "#007AFF"}, {"type": "rect", "fill": "#00000000"},
          {"type": "rect", "fill": "#A2845E"}, {"type": "rect", "fill": "#5856D6"}]}
        """)
        // Dark appearance from the preview: systemRed dark is 255,69,58; primary is white.
        let dark = swiftView("VStack { Color.red; Text(\"a\") }", extra: "#Preview { V().preferredColorScheme(.dark) }")
        assertJSON(body(dark), """
        {"type": "vstack", "children": [{"type": "rect", "fill": "#FF453A"},
          {"type": "text", "text": "a", "font": {"size": 17}, "fill": "#FFFFFF"}]}
        """)
    }

    func test_colorComponents() {
        // 0.5 × 255 = 127.5 → 0x80; 0.25 × 255 = 63.75 → 0x40; white 0.2 → 51 = 0x33; hue 0.5 at half saturation → cyan-ish.
        assertJSON(body(swiftView("""
        VStack {
                    Rectangle().fill(Color(red: 1, green: 0.5, blue: 0.25, opacity: 0.5))
                    Rectangle().fill(Color(white: 0.2))
                    Rectangle().fill(Color(hue: 0, saturation: 1, brightness: 1))
                    Rectangle().fill(Color(hue: 0.5, saturation: 0.5, brightness: 1))
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "rect", "fill": "#FF804080"}, {"type": "rect", "fill": "#333333"},
          {"type": "rect", "fill": "#FF0000"}, {"type": "rect", "fill": "#80FFFF"}]}
        """)
    }

    func test_colorConstants() {
        let src = swiftView("VStack { Rectangle().fill(Color.brand); Circle().fill(Color.violet); Capsule().fill(Color(hex: 0xFF8FC7)) }", extra: """
        extension Color {
            static let brand = Color(red: 0, green: 0.5, blue: 1)
            static let violet = Color(hex: 0x8A7CFF)
            init(hex: UInt32) {
                self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
            }
        }
        """)
        assertJSON(body(src), """
        {"type": "vstack", "children": [
          {"type": "rect", "fill": "#0080FF"}, {"type": "circle", "fill": "#8A7CFF"}, {"type": "capsule", "fill": "#FF8FC7"}]}
        """)
    }

    func test_colorInitialisers() {
        // `Color(r:g:b:)` as Shubham0812/SwiftUI-Animations' Colors.swift writes it: 237/255 … read through the
        // initialiser, arguments substituted; a `let` before `self.init`; `.sRGB` as the first argument.
        let src = swiftView("VStack { Rectangle().fill(Color.track); Circle().fill(Color(r: 71, g: 198, b: 255)); Capsule().fill(Color(gray: 0.5, a: 0.4)) }", extra: """
        extension Color {
            static let track: Color = Color(r: 237, g: 242, b: 255)
            init(r: Double, g: Double, b: Double) {
                self.init(red: r / 255.0, green: g / 255.0, blue: b / 255.0)
            }
            init(gray: Double, a: Double = 1) {
                let v = gray * 2
                self.init(.sRGB, red: v / 2, green: v / 2, blue: v / 2, opacity: a)
            }
        }
        """)
        assertJSON(body(src), """
        {"type": "vstack", "children": [
          {"type": "rect", "fill": "#EDF2FF"}, {"type": "circle", "fill": "#47C6FF"}, {"type": "capsule", "fill": "#80808066"}]}
        """)
        // The project's own Color(red:green:blue:) of Ints (0…255) is the one called, as Swift picks it for integer
        // literals; its self.init(red:…) of Doubles is SwiftUI's.
        assertJSON(body(swiftView("Rectangle().fill(Color(red: 255, green: 128, blue: 0))", extra: """
        extension Color {
            init(red: Int, green: Int, blue: Int) { self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255) }
        }
        """)), ##"{"type": "rect", "fill": "#FF8000"}"##)
        assertJSON(body(swiftView("Rectangle().fill(Color(red: 1.0, green: 0.5, blue: 0.0))", extra: """
        extension Color {
            init(red: Int, green: Int, blue: Int) { self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255) }
        }
        """)), ##"{"type": "rect", "fill": "#FF8000"}"##)
        // An initialiser whose body is more than `let`s and `self.init` is not run: the call is refused as before.
        let other = swiftView("Rectangle().fill(Color(level: 2))", extra: """
        extension Color {
            init(level: Int) {
                if level > 1 { self.init(red: 1, green: 0, blue: 0) } else { self.init(red: 0, green: 0, blue: 0) }
            }
        }
        """)
        XCTAssertEqual(problems(other).count, 1)
        XCTAssert(problems(other).first?.contains("T.swift:4:26: V.body › .fill › Color(level: 2): not a colour the translator knows") == true, "\(problems(other))")
    }

    func test_colorOpacity() {
        // black at 0.2 is exactly 51/255 (#00000033); red at 0.5 is 127.5/255, kept exact as alpha().
        assertJSON(body(swiftView("""
        VStack {
                    Rectangle().fill(Color.black.opacity(0.2))
                    Rectangle().fill(Color.red.opacity(0.5))
                    Rectangle().fill(Color.red.mix(with: .blue, by: 0.25, in: .device))
                    Rectangle().fill(on ? Color.red : Color.blue)
                }
        """, members: "    @State var on = false")), """
        {"type": "vstack", "children": [
          {"type": "rect", "fill": "#00000033"},
          {"type": "rect", "fill": "=alpha('#FF3B30', 0.5)"},
          {"type": "rect", "fill": "=mix('#FF3B30', '#007AFF', 0.25)"},
          {"type": "rect", "fill": "=on ? '#FF3B30' : '#007AFF'"}]}
        """)
    }

    func test_gradients() {
        assertJSON(body(swiftView("""
        VStack {
                    Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottomTrailing))
                    Rectangle().fill(RadialGradient(colors: [.white, .black], center: .center, startRadius: 0, endRadius: 50))
                    Rectangle().fill(AngularGradient(gradient: Gradient(stops: [.init(color: .red, location: 0), .init(color: .blue, location: 0.7)]), center: UnitPoint(x: 0.25, y: 0.75)))
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "rect", "fill": {"linear": {"stops": ["#FF3B30", "#007AFF"], "start": [0.5, 0], "end": [1, 1]}}},
          {"type": "rect", "fill": {"radial": {"stops": ["#FFFFFF", "#000000"], "center": [0.5, 0.5], "startRadius": 0, "endRadius": 50}}},
          {"type": "rect", "fill": {"angular": {"stops": [{"color": "#FF3B30", "at": 0}, {"color": "#007AFF", "at": 0.7}], "center": [0.25, 0.75]}}}]}
        """)
        // `angle:` is a whole turn from it; start and end angles as given (in degrees); `T.init(…)` as a view is `T(…)`.
        assertJSON(body(swiftView("""
        VStack {
                    AngularGradient.init(gradient: Gradient(colors: [.clear, .red]), center: .center, angle: .degrees(300))
                    Circle().fill(AngularGradient(colors: [.red, .blue], center: .top, startAngle: .radians(.pi), endAngle: .degrees(270)))
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "rect", "fill": {"angular": {"stops": ["#00000000", "#FF3B30"], "center": [0.5, 0.5], "startAngle": 300, "endAngle": 660}}},
          {"type": "circle", "fill": {"angular": {"stops": ["#FF3B30", "#007AFF"], "center": [0.5, 0], "startAngle": 180, "endAngle": 270}}}]}
        """)
    }

    func test_gradientProperty() {
        let src = swiftView("ZStack { Circle().stroke(lineWidth: 20).fill(track); Circle().fill(self.arc) }", members: """
            let track = LinearGradient(gradient: .init(colors: [Color.red, Color.blue]), startPoint: .leading, endPoint: .bottomLeading)
            let arc = RadialGradient(colors: [.white, .black], center: .center, startRadius: 0, endRadius: 10)
        """)
        let b = body(src)
        assertJSON(b?.at("children.0.stroke.paint"), ##"{"linear": {"stops": ["#FF3B30", "#007AFF"], "start": [0, 0.5], "end": [0, 1]}}"##)
        assertJSON(b?.at("children.1.fill"), ##"{"radial": {"stops": ["#FFFFFF", "#000000"], "center": [0.5, 0.5], "startRadius": 0, "endRadius": 10}}"##)
    }

    func test_projectFiles() {
        // A view file whose colours, a shape and a view are in other files of its project (as Xcode compiles them
        // together); the file's own declaration of a name wins over another file's.
        let view = swiftView("VStack { Rectangle().fill(Color.brand); Tick().stroke(Color.accent); Badge() }", extra: """
        extension Color { static let accent = Color(red: 1, green: 0, blue: 0) }
        """)
        let colors = SwiftProjectFile(path: "/app/Utils/Colors.swift", source: """
        import SwiftUI
        extension Color {
            static let brand: Color = Color(r: 0, g: 128, b: 255)
            static let accent = Color.green
            init(r: Double, g: Double, b: Double) { self.init(red: r / 255, green: g / 255, blue: b / 255) }
        }
        struct Tick: Shape {
            func path(in rect: CGRect) -> Path { Path { p in p.move(to: .zero); p.addLine(to: CGPoint(x: 10, y: 10)) } }
        }
        """)
        let badge = SwiftProjectFile(path: "/app/Views/Badge.swift", source: """
        import SwiftUI
        struct Badge: View {
            var body: some View { Circle().fill(Color.brand).frame(width: 8, height: 8) }
        }
        #Preview { Badge() }
        """)
        let t = SwiftSceneTranslator.translate(source: view, file: "/app/Views/V.swift", others: [colors, badge])
        XCTAssertEqual(t.problems.map(\.description), [])
        XCTAssertEqual(t.scene?["body"]?.at("children.0.fill")?.string, "#0080FF")
        XCTAssertEqual(t.scene?["body"]?.at("children.1.type")?.string, "geometry")
        XCTAssertEqual(t.scene?["body"]?.at("children.2.fill")?.string, "#0080FF")
        XCTAssertEqual(t.scene?["body"]?.at("children.2.frame.width")?.number, 8)
        XCTAssertNotNil(t.scene?["body"]?.at("children.1").map { "\($0.sceneText())" }?.range(of: "#FF0000"), "the file's own accent wins")
        // The root is the file's own view, not another file's; another file's #Preview is not the file's.
        XCTAssertEqual(t.scene?["body"]?.at("type")?.string, "vstack")
        // Without the other files the names are unknown, as before.
        XCTAssertEqual(SwiftSceneTranslator.translate(source: view, file: "/app/Views/V.swift").problems.count, 3)
        // A problem inside another file is located in that file; one with a syntax error is warned about and unused.
        let bad = SwiftProjectFile(path: "/app/Utils/Bad.swift", source: "import SwiftUI\nextension Color {\n    static let brand = Color(\"Brand\")\n}\n")
        let broken = SwiftProjectFile(path: "/app/Utils/Broken.swift", source: "struct X {\n  let a = (\n}\n")
        let u = SwiftSceneTranslator.translate(source: swiftView("Rectangle().fill(Color.brand)"), file: "/app/V.swift", others: [bad, broken])
        XCTAssertEqual(u.problems.map(\.description),
                       [#"/app/Utils/Bad.swift:3:24: V.body › .fill › Color("…"): no asset catalogue in the file's project to read the colour set Brand from (the project is the folder of the nearest .xcodeproj, or the Package.swift target); define the colour in the file (Color(red:green:blue:))"#])
        XCTAssertEqual(u.warnings.count, 1)
        XCTAssert(u.warnings.first?.description.hasPrefix("/app/Utils/Broken.swift:2:12: warning: syntax: expected") == true, "\(u.warnings.map(\.description))")
        XCTAssert(u.warnings.first?.description.hasSuffix("this file's declarations are not used") == true)
    }

    func test_projectDiscovery() throws {
        // The project is the nearest directory up with an .xcodeproj (or .xcworkspace, .swiftpm, Package.swift); its
        // .swift files are read, not hidden or build directories, not the file itself; without one, none.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        func write(_ rel: String, _ text: String = "import SwiftUI\n") throws {
            let u = root.appendingPathComponent(rel)
            try fm.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: u, atomically: true, encoding: .utf8)
        }
        try write("App/Views/Loader/Loader.swift")
        try write("App/Utils/Colors.swift")
        try write("App/Views/Other.swift")
        try write("App/.build/checkouts/Dep.swift")
        try write("App/.hidden/H.swift")
        try write("App/Notes.txt")
        let loader = root.appendingPathComponent("App/Views/Loader/Loader.swift").path
        XCTAssertNil(SwiftProject.root(of: loader))
        XCTAssertEqual(SwiftProject.otherFiles(of: loader).count, 0)
        try fm.createDirectory(at: root.appendingPathComponent("App/App.xcodeproj"), withIntermediateDirectories: true)
        XCTAssertEqual(SwiftProject.root(of: loader)?.standardizedFileURL.resolvingSymlinksInPath().path,
                       root.appendingPathComponent("App").standardizedFileURL.resolvingSymlinksInPath().path)
        // A symbolic link to a file is not read (it could point anywhere on the machine, past the size limits).
        try write("outside/Secret.txt", "let token = \"SECRET\"\n")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("App/Utils/Secret.swift").path,
                                  withDestinationPath: root.appendingPathComponent("outside/Secret.txt").path)
        let names = SwiftProject.otherFiles(of: loader).map { URL(fileURLWithPath: $0.path).lastPathComponent }
        XCTAssertEqual(names, ["Colors.swift", "Other.swift"])
        // A nearer Package.swift: the project is the target the file is in; a file outside Sources/ and Tests/
        // (this repository's Scenes/) stands alone.
        try write("App/Views/Package.swift", "// swift-tools-version:5.9\n")
        XCTAssertNil(SwiftProject.root(of: loader))
        try write("Pkg/Package.swift", "// swift-tools-version:5.9\n")
        try write("Pkg/Sources/Kit/Views/Ring.swift")
        try write("Pkg/Sources/Kit/Palette.swift")
        try write("Pkg/Sources/Other/Elsewhere.swift")
        let ring = root.appendingPathComponent("Pkg/Sources/Kit/Views/Ring.swift").path
        XCTAssertEqual(SwiftProject.otherFiles(of: ring).map { URL(fileURLWithPath: $0.path).lastPathComponent }, ["Palette.swift"])
        XCTAssertNil(SwiftProject.root(of: repoRoot + "/Scenes/UnlockView.swift"))
    }

    func test_assetColor() {
        let src = """
        import SwiftUI
        struct V: View {
            var body: some View {
                Rectangle().fill(Color("Brand"))
            }
        }
        """
        XCTAssertEqual(problems(src), [#"T.swift:4:26: V.body › .fill › Color("…"): no asset catalogue in the file's project to read the colour set Brand from (the project is the folder of the nearest .xcodeproj, or the Package.swift target); define the colour in the file (Color(red:green:blue:))"#])
        // A project with a catalogue: colour sets as Xcode writes them (float, 8-bit and hex components, a dark
        // appearance, a namespace folder, Display P3, grey), read by name and by Xcode's generated symbol. Grey 0.5
        // in gamma 2.2 is linear 0.2176, sRGB 0.504 (#80); P3's grey is sRGB's (the same white and curve).
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ rel: String, _ text: String) {
            let u = root.appendingPathComponent(rel)
            try? FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? text.write(to: u, atomically: true, encoding: .utf8)
        }
        func set(_ color: String, dark: String? = nil) -> String {
            var entries = [#"{"color": \#(color), "idiom": "universal"}"#]
            if let dark { entries.append(#"{"appearances": [{"appearance": "luminosity", "value": "dark"}], "color": \#(dark), "idiom": "universal"}"#) }
            entries.append(#"{"appearances": [{"appearance": "contrast", "value": "high"}], "color": {"color-space": "srgb", "components": {"red": "1", "green": "1", "blue": "1", "alpha": "1"}}, "idiom": "universal"}"#)
            return #"{"colors": [\#(entries.joined(separator: ", "))], "info": {"author": "xcode", "version": 1}}"#
        }
        write("App.xcodeproj/project.pbxproj", "")
        write("App/Assets.xcassets/Contents.json", #"{"info": {"author": "xcode", "version": 1}}"#)
        write("App/Assets.xcassets/Brand.colorset/Contents.json",
              set(#"{"color-space": "srgb", "components": {"red": "0.000", "green": "0.502", "blue": "1.000", "alpha": "1.000"}}"#,
                  dark: #"{"color-space": "srgb", "components": {"red": "0x1F", "green": "0x40", "blue": "0x80", "alpha": "0.500"}}"#))
        write("App/Assets.xcassets/brand_primary_color.colorset/Contents.json",
              set(#"{"color-space": "srgb", "components": {"red": "255", "green": "128", "blue": "0", "alpha": "1.000"}}"#))
        write("App/Assets.xcassets/Palette/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
        write("App/Assets.xcassets/Palette/Ink.colorset/Contents.json",
              set(#"{"color-space": "gray-gamma-22", "components": {"white": "0.500", "alpha": "1.000"}}"#))
        write("App/Assets.xcassets/Wide.colorset/Contents.json",
              set(#"{"color-space": "display-p3", "components": {"red": "0.600", "green": "0.600", "blue": "0.600", "alpha": "1.000"}}"#))
        write("App/Assets.xcassets/Broken.colorset/Contents.json", "{\"colors\": [")
        let view = root.appendingPathComponent("App/Views/V.swift").path
        write("App/Views/V.swift", swiftView("""
        VStack {
                    Rectangle().fill(Color("Brand"))
                    Rectangle().fill(Color.brandPrimary)
                    Rectangle().fill(Color("Palette/Ink"))
                    Rectangle().fill(Color(UIColor(named: "Wide")!))
                }
        """))
        let t = SwiftSceneTranslator.translate(path: view)
        XCTAssertEqual(t.problems.map(\.description), [])
        assertJSON(t.scene?["body"]?["children"], ##"[{"type": "rect", "fill": "#0080FF"}, {"type": "rect", "fill": "#FF8000"}, {"type": "rect", "fill": "#808080"}, {"type": "rect", "fill": "#999999"}]"##)
        // Dark: the set's dark colour (hex components, alpha 0.5).
        write("App/Views/D.swift", swiftView("Rectangle().fill(Color(\"Brand\"))", extra: "#Preview { V().preferredColorScheme(.dark) }"))
        XCTAssertEqual(SwiftSceneTranslator.translate(path: root.appendingPathComponent("App/Views/D.swift").path).scene?["body"]?["fill"]?.string, "#1F408080")
        // A missing set (nearest name), a broken one (located in its Contents.json).
        write("App/Views/M.swift", swiftView("VStack { Rectangle().fill(Color(\"Brnad\")); Rectangle().fill(Color(\"Broken\")) }"))
        let m = SwiftSceneTranslator.translate(path: root.appendingPathComponent("App/Views/M.swift").path).problems.map(\.description)
        XCTAssertEqual(m.count, 2)
        XCTAssert(m.first?.hasSuffix(#"V.body › VStack › .fill › Color("Brnad"): no colour set named Brnad in the project's asset catalogues; nearest: Brand"#) == true, "\(m)")
        XCTAssert(m.last?.contains("Broken.colorset/Contents.json:1:") == true, "\(m)")
    }

    func testDisplayP3ColorSetsAreConvertedToSRGB() {
        // The conversion's matrix against one derived here from the two spaces' primaries and D65 white
        // (P3: R 0.680/0.320, G 0.265/0.690, B 0.150/0.060; sRGB: R 0.640/0.330, G 0.300/0.600, B 0.150/0.060).
        func toXYZ(_ p: [(Double, Double)]) -> [[Double]] {
            let w = (0.3127, 0.3290)
            let cols = p.map { [$0.0 / $0.1, 1, (1 - $0.0 - $0.1) / $0.1] }
            let white = [w.0 / w.1, 1, (1 - w.0 - w.1) / w.1]
            let m = [[cols[0][0], cols[1][0], cols[2][0]], [cols[0][1], cols[1][1], cols[2][1]], [cols[0][2], cols[1][2], cols[2][2]]]
            let s = solve3(m, white)
            return m.map { row in (0..<3).map { row[$0] * s[$0] } }
        }
        func solve3(_ a: [[Double]], _ b: [Double]) -> [Double] {
            func det(_ m: [[Double]]) -> Double {
                m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
            }
            let d = det(a)
            return (0..<3).map { k in det(a.enumerated().map { i, row in row.enumerated().map { j, x in j == k ? b[i] : x } }) / d }
        }
        let p3 = toXYZ([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)])
        let srgb = toXYZ([(0.640, 0.330), (0.300, 0.600), (0.150, 0.060)])
        func lin(_ x: Double) -> Double { x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
        func enc(_ x: Double) -> Double { let v = min(max(x, 0), 1); return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055 }
        for (r, g, b) in [(0.2, 0.4, 0.6), (0.9, 0.7, 0.5), (0.3, 0.8, 0.35)] {
            let l = [lin(r), lin(g), lin(b)]
            let xyz = p3.map { row in zip(row, l).map(*).reduce(0, +) }
            let out = solve3(srgb, xyz).map(enc)
            let expected = "#" + out.map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined()
            let json = try! JSONParser.parse(#"{"color-space": "display-p3", "components": {"red": "\#(r)", "green": "\#(g)", "blue": "\#(b)", "alpha": "1.000"}}"#)
            XCTAssertEqual(try? SwiftProject.assetColorHex(json).get(), expected, "P3 \((r, g, b))")
        }
        XCTAssertEqual(SwiftProject.assetSymbol("brand_primary_color"), "brandPrimary")
        XCTAssertEqual(SwiftProject.assetSymbol("AccentColor"), "accent")
        XCTAssertEqual(SwiftProject.assetSymbol("Color"), "color")
    }

    // MARK: Animations

    /// The animation a tap's `withAnimation(anim) { a = 1 }` carries.
    func tapAnimation(_ anim: String, line: UInt = #line) -> JSONValue? {
        body(swiftView("Circle().onTapGesture { withAnimation(\(anim)) { a = 1 } }", members: "    @State var a: Double = 0"), line: line)?
            .at("gestures.0.onEnded.animation")
    }

    func test_springs() {
        // `.spring()` is the table's response 0.55 / damping 0.825 ("spring"); `.spring` (iOS 17) is duration 0.5, bounce 0.
        assertJSON(tapAnimation(".spring()"), #""spring""#)
        assertJSON(tapAnimation(".spring(response: 0.3, dampingFraction: 0.6)"), ##"{"spring": {"response": 0.3, "dampingFraction": 0.6}}"##)
        assertJSON(tapAnimation(".spring(response: 0.4)"), ##"{"spring": {"response": 0.4, "dampingFraction": 0.825}}"##)
        assertJSON(tapAnimation(".spring(duration: 0.4, bounce: 0.2)"), ##"{"spring": {"duration": 0.4, "bounce": 0.2}}"##)
        assertJSON(tapAnimation(".interpolatingSpring(stiffness: 200, damping: 20)"), ##"{"spring": {"mass": 1, "stiffness": 200, "damping": 20}}"##)
        assertJSON(tapAnimation(".interpolatingSpring(mass: 2, stiffness: 100, damping: 10, initialVelocity: 1)"),
                   ##"{"spring": {"mass": 2, "stiffness": 100, "damping": 10, "initialVelocity": 1}}"##)
        assertJSON(tapAnimation(".interactiveSpring()"), ##"{"spring": {"response": 0.15, "dampingFraction": 0.86}}"##)
        assertJSON(tapAnimation(".spring"), ##"{"spring": {"duration": 0.5, "bounce": 0}}"##)
    }

    func test_namedSprings() {
        // smooth / snappy / bouncy: bounce 0, 0.15, 0.3 at duration 0.5; extraBounce adds.
        assertJSON(tapAnimation(".smooth"), #""smooth""#)
        assertJSON(tapAnimation(".snappy(duration: 0.3)"), ##"{"spring": {"duration": 0.3, "bounce": 0.15}}"##)
        assertJSON(tapAnimation(".bouncy(duration: 0.4, extraBounce: 0.1)"), ##"{"spring": {"duration": 0.4, "bounce": 0.4}}"##)
        assertJSON(tapAnimation(".smooth(duration: 1)"), ##"{"spring": {"duration": 1, "bounce": 0}}"##)
    }

    func test_curves() {
        // `withAnimation { }` and `.default` are iOS 17's default spring ("default"); named curves are 0.35 s.
        assertJSON(body(swiftView("Circle().onTapGesture { withAnimation { a = 1 } }", members: "    @State var a: Double = 0"))?
            .at("gestures.0.onEnded.animation"), #""default""#)
        assertJSON(tapAnimation(".default"), #""default""#)
        assertJSON(tapAnimation(".easeIn"), #""easeIn""#)
        assertJSON(tapAnimation(".easeOut(duration: 0.5)"), ##"{"easeOut": 0.5}"##)
        assertJSON(tapAnimation(".easeInOut(duration: 1)"), ##"{"easeInOut": 1}"##)
        assertJSON(tapAnimation(".linear(duration: 2)"), ##"{"linear": 2}"##)
        assertJSON(tapAnimation("Animation.linear"), #""linear""#)
        assertJSON(tapAnimation(".timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5)"), ##"{"bezier": [0.2, 0.8, 0.2, 1], "duration": 0.5}"##)
    }

    func test_animationModifiers() {
        assertJSON(tapAnimation(".easeIn(duration: 1).delay(0.5)"), ##"{"easeIn": 1, "delay": 0.5}"##)
        assertJSON(tapAnimation(".linear(duration: 1).repeatForever(autoreverses: false)"), ##"{"linear": 1, "repeat": "forever", "autoreverses": false}"##)
        // repeatForever() and repeatCount(_:) autoreverse by default.
        assertJSON(tapAnimation(".easeInOut.repeatCount(3)"), ##"{"easeInOut": 0.35, "repeat": 3, "autoreverses": true}"##)
        assertJSON(tapAnimation(".spring().speed(2)"), ##"{"spring": {"response": 0.55, "dampingFraction": 0.825}, "speed": 2}"##)
        assertJSON(tapAnimation(".easeOut(duration: 0.2).repeatForever()"), ##"{"easeOut": 0.2, "repeat": "forever", "autoreverses": true}"##)
    }

    /// The transition of `if show { Circle().transition(t) }`.
    func transition(_ t: String, extra: String = "", line: UInt = #line) -> JSONValue? {
        body(swiftView("ZStack { if show { Circle().transition(\(t)) } }", members: "    @State var show = false", extra: extra), line: line)?
            .at("children.0.transition")
    }

    func test_transitions() {
        assertJSON(transition(".opacity"), #""opacity""#)
        assertJSON(transition(".identity"), #""identity""#)
        assertJSON(transition(".scale"), #""scale""#)
        assertJSON(transition(".scale(scale: 0.5, anchor: .top)"), ##"{"scale": 0.5, "anchor": [0.5, 0]}"##)
        assertJSON(transition(".move(edge: .leading)"), ##"{"move": "leading"}"##)
        assertJSON(transition(".slide"), #""slide""#)
        assertJSON(transition(".offset(x: 10, y: -20)"), ##"{"offset": {"x": 10, "y": -20}}"##)
        assertJSON(transition("AnyTransition.opacity"), #""opacity""#)
    }

    /// `.push(from:)` (iOS 17) moves in from the edge *while fading in*, and out toward the opposite edge fading out
    /// (Apple's documentation of `push(from:)`), unlike `.move(edge:)`.
    func testPushFades() throws {
        let t = transition(".push(from: .leading)")
        if let t, jsonDifference(t, json(##"{"asymmetric": {"insertion": {"move": "leading"}, "removal": {"move": "trailing"}}}"##)) == nil {
            XCTFail("translator bug: .push(from:) is translated as a move without the fade")
            return
        }
        assertJSON(t, """
        {"asymmetric": {"insertion": {"combined": [{"move": "leading"}, "opacity"]},
                        "removal": {"combined": [{"move": "trailing"}, "opacity"]}}}
        """)
    }

    func test_transitionCombinators() {
        assertJSON(transition(".asymmetric(insertion: .scale, removal: .opacity)"), ##"{"asymmetric": {"insertion": "scale", "removal": "opacity"}}"##)
        assertJSON(transition(".opacity.combined(with: .scale(scale: 0.5))"), ##"{"combined": ["opacity", {"scale": 0.5}]}"##)
        assertJSON(transition(".opacity.animation(.easeIn)"), ##"{"opacity": true, "animation": "easeIn"}"##)
        assertJSON(transition(".pop", extra: """
        extension AnyTransition {
            static var pop: AnyTransition { .scale.combined(with: .opacity) }
        }
        """), ##"{"combined": ["scale", "opacity"]}"##)
        assertJSON(transition(".modifier(active: Fade(o: 0, r: 4), identity: Fade(o: 1, r: 0))", extra: """
        struct Fade: ViewModifier {
            let o: Double
            let r: CGFloat
            func body(content: Content) -> some View { content.blur(radius: r).opacity(o) }
        }
        """), ##"{"modifier": {"active": {"blur": 4, "opacity": 0}, "identity": {"blur": 0, "opacity": 1}}}"##)
    }

    // MARK: Handlers

    func test_onAppear() {
        let scene = translated(swiftView("ZStack { Circle().onAppear { a = 1 }; if show { Rectangle().onAppear { a = 2 } } }",
                                         members: "    @State var a = 0\n    @State var show = false"))
        // Present from the start: at 0 s; under a condition: each time it turns true, from the start too.
        assertJSON(scene?["timeline"], """
        [{"at": 0, "set": {"a": 1}}, {"when": "show", "initial": true, "set": {"a": 2}}]
        """)
    }

    func test_tapGesture() {
        assertJSON(body(swiftView("VStack { Circle().onTapGesture { n += 1 }; Rectangle().gesture(TapGesture().onEnded { n = 0 }) }",
                                  members: "    @State var n = 0")), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#000000", "gestures": [{"tap": {}, "onEnded": {"set": {"n": "=n + 1"}}}]},
          {"type": "rect", "fill": "#000000", "gestures": [{"tap": {}, "onEnded": {"set": {"n": 0}}}]}]}
        """)
    }

    func test_longPress() {
        assertJSON(body(swiftView("""
        VStack {
                    Circle().onLongPressGesture(minimumDuration: 0.5) { done = true }
                    Rectangle().onLongPressGesture(minimumDuration: 1, perform: { done = true }, onPressingChanged: { p in pressing = p })
                    Capsule().gesture(LongPressGesture(minimumDuration: 2).onEnded { _ in done = false })
                }
        """, members: "    @State var done = false\n    @State var pressing = false")), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#000000", "gestures": [{"longPress": {"minimumDuration": 0.5}, "onEnded": {"set": {"done": true}}}]},
          {"type": "rect", "fill": "#000000", "gestures": [
             {"longPress": {"minimumDuration": 1}, "onBegan": {"set": {"pressing": true}}, "onEnded": {"set": {"pressing": false}},
              "onFailed": {"set": {"pressing": false}}},
             {"longPress": {"minimumDuration": 1}, "onEnded": {"set": {"done": true}}}]},
          {"type": "capsule", "fill": "#000000", "gestures": [{"longPress": {"minimumDuration": 2}, "onEnded": {"set": {"done": false}}}]}]}
        """)
    }

    func test_dragGesture() {
        assertJSON(body(swiftView("""
        Circle().gesture(DragGesture(minimumDistance: 0)
                    .onChanged { v in x = v.translation.width; y = v.location.y; speed = v.velocity.width }
                    .onEnded { v in x = 0 })
        """, members: "    @State var x: CGFloat = 0\n    @State var y: CGFloat = 0\n    @State var speed: CGFloat = 0")), """
        {"type": "circle", "fill": "#000000", "gestures": [{"drag": {"minimumDistance": 0},
          "onChanged": {"set": {"x": "=gesture.translation.x", "y": "=gesture.y", "speed": "=gesture.velocity.x"}},
          "onEnded": {"set": {"x": 0}}}]}
        """)
    }

    func test_predictedEnd() {
        let src = swiftView("Circle().gesture(DragGesture().onEnded { v in x = v.predictedEndTranslation.width })",
                            members: "    @State var x: CGFloat = 0")
        assertJSON(translated(src, expectWarnings: true)?["body"], """
        {"type": "circle", "fill": "#000000", "gestures": [{"drag": {},
          "onEnded": {"set": {"x": "=gesture.translation.x + project(gesture.velocity.x, 0.998)"}}}]}
        """)
        // `v.predictedEndTranslation.width` is at column 59 of line 5.
        XCTAssertEqual(warnings(src), [
            #"T.swift:5:59: warning: predictedEndTranslation.width: projected with UIScrollView's normal deceleration rate (0.998), as "Designing Fluid Interfaces" does; SwiftUI's own prediction is not documented"#,
        ])
    }

    func test_gestureState() {
        // A @GestureState is a state variable the gesture sets while it lasts and puts back when it ends: a drag's
        // `.updating` is its onChanged, a long press's is a press from touch-down (value true), both reset at the end.
        let src = """
        import SwiftUI
        struct V: View {
            @GestureState var drag: CGFloat = 0
            @GestureState var pressed = false
            var body: some View {
                Circle().offset(x: drag).scaleEffect(pressed ? 1.4 : 1)
                    .gesture(DragGesture().updating($drag) { v, s, _ in s = v.translation.width }.onEnded { _ in print("end") })
                    .gesture(LongPressGesture().updating($pressed) { value, state, transaction in state = value })
            }
        }
        """
        assertJSON(translated(src)?["body"]?["gestures"], """
        [{"drag": {}, "onChanged": {"set": {"drag": "=gesture.translation.x"}}, "onEnded": {"set": {"drag": 0}}},
         {"longPress": {}, "onBegan": {"set": {"pressed": true}}, "onEnded": {"set": {"pressed": false}}, "onFailed": {"set": {"pressed": false}}},
         {"longPress": {}}]
        """)
        // What is not a @GestureState cannot be updated; a tap has no value to update with.
        XCTAssertEqual(problems(src.replacingOccurrences(of: "@GestureState var drag", with: "@State var drag")),
                       ["T.swift:7:36: V.body › .gesture › .updating: expected $x of a @GestureState property x"])
        XCTAssertEqual(problems(src.replacingOccurrences(of: "LongPressGesture()", with: "TapGesture()")),
                       ["T.swift:8:54: V.body › .gesture › .updating: supported on DragGesture and LongPressGesture"])
    }

    func test_gestureComposition() {
        XCTAssertEqual(problems(swiftView("Circle().gesture(TapGesture().sequenced(before: DragGesture()))")),
                       ["T.swift:4:39: V.body › .gesture › .sequenced: not supported on gestures (onChanged, onEnded and updating are)"])
    }

    func test_assignments() {
        // Every value over the state at the handler's start: b -= 1 then bump()'s b *= 2 is (b - 1) * 2.
        assertJSON(body(swiftView("Circle().onTapGesture { let k: CGFloat = 3; a += k; b -= 1; on.toggle(); bump(); c /= 2 }",
                                  members: """
                                      @State var a: CGFloat = 0
                                      @State var b: CGFloat = 10
                                      @State var c: CGFloat = 8
                                      @State var on = false
                                      func bump() { b *= 2 }
                                  """))?.at("gestures.0.onEnded"), """
        {"set": {"a": "=a + 3", "b": "=(b - 1) * 2", "on": "=!on", "c": "=c / 2"}}
        """)
    }

    func test_branches() throws {
        // guard … else { return } and if/else: simulated from three starting values.
        for (start, end) in [(3.0, 0.0), (7.0, 7.0), (1.0, 2.0)] {
            let scene = translated(swiftView("Circle().onAppear { guard a < 5 else { return }; if a > 2 { a = 0 } else { a += 1 } }",
                                             members: "    @State var a: Double = \(start)"))
            guard let scene, let (s, h) = simulate(scene, horizon: 1) else { continue }
            XCTAssertEqual(finalValue(s, h, "a"), .number(end), "a = \(start)")
        }
        // An early return in a method ends the method only; the caller goes on.
        let scene = translated(swiftView("Circle().onAppear { first(); b = 1 }", members: """
            @State var a: Double = 0
            @State var b: Double = 0
            func first() { if a == 0 { return }; a = 5 }
        """))
        if let scene, let (s, h) = simulate(scene, horizon: 1) {
            XCTAssertEqual(finalValue(s, h, "a"), .number(0))
            XCTAssertEqual(finalValue(s, h, "b"), .number(1), "a return inside a method does not end its caller")
        }
    }

    func test_withAnimation() {
        // a animates, b changes at once, both at the tap: the body and a `when` it triggers at the same instant.
        let scene = translated(swiftView("Circle().onTapGesture { withAnimation(.easeIn) { a = 1 }; b = 2 }",
                                         members: "    @State var a: Double = 0\n    @State var b: Double = 0"))
        let onEnded = scene?.at("body.gestures.0.onEnded")
        XCTAssertEqual(onEnded?.at("set.a")?.number, 1)
        XCTAssertEqual(onEnded?["animation"]?.string, "easeIn")
        XCTAssertNil(onEnded?.at("set.b"), "b is not in the animated change")
        let trigger = onEnded?["set"]?.members?.first { $0.key.hasPrefix("_") }
        XCTAssertEqual(trigger?.value.number, 1)
        let name = trigger?.key ?? "?"
        assertJSON(scene?["timeline"], """
        [{"when": "\(name) == 1", "set": {"b": 2, "\(name)": 0}}]
        """)
    }

    func test_timers() {
        // Five ticks of 0.1 s; the fifth invalidates the timer: it stops at once (no sixth tick).
        let scene = translated(swiftView("""
        Circle().onAppear {
                    timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { t in
                        n += 1
                        if n >= 5 { t.invalidate() }
                    }
                }
        """, members: "    @State var n = 0\n    @State var timer: Timer?"))
        guard let scene, let (s, h) = simulate(scene, horizon: 2) else { return }
        XCTAssertEqual(finalValue(s, h, "n"), .number(5))
        let ticks = h.fired.filter { $0.kind == .tick }
        XCTAssertEqual(ticks.count, 5)
        XCTAssertEqual(ticks.last?.time ?? 0, 0.5, accuracy: 1e-9)
        // The timer is started by a hidden number and stopped by a `stop` when it changes.
        let events = scene["timeline"]?.elements ?? []
        let start = events.first { $0["timer"] != nil }
        XCTAssertEqual(start?.at("timer.interval")?.number, 0.1)
        XCTAssertEqual(start?.at("timer.set.n")?.string, "=n + 1")
        XCTAssertNil(start?.at("timer.until"), "invalidate() is a stop event, not an until (which would tick once more)")
        let stop = events.first { $0["stop"] != nil }
        XCTAssertEqual(stop?["stop"]?.string, start?.at("timer.id")?.string)
        XCTAssertNotNil(stop?["when"])
    }

    func test_timerPublish() {
        let scene = translated(swiftView("Circle().onReceive(ticker) { _ in n += 1 }", members: """
            let ticker = Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()
            @State var n = 0
        """))
        let timer = scene?.at("timeline.0.timer")
        XCTAssertEqual(scene?.at("timeline.0.at")?.number, 0)
        XCTAssertEqual(timer?["interval"]?.number, 0.5)
        XCTAssertEqual(timer?.at("set.n")?.string, "=n + 1")
        // Ticks at 0.5, 1.0, 1.5 and 2.0 s.
        if let scene, let (s, h) = simulate(scene, horizon: 2) { XCTAssertEqual(finalValue(s, h, "n"), .number(4)) }
    }

    func test_asyncAfter() {
        // Nested: a at 0.5 s, b at 0.5 + 0.25 s; `.milliseconds(100)` is 0.1 s.
        let scene = translated(swiftView("""
        Circle().onAppear {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                        a = 1
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { b = 2 }
                    }
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { c = 3 }
                }
        """, members: "    @State var a = 0\n    @State var b = 0\n    @State var c = 0"))
        guard let scene, let (s, h) = simulate(scene, horizon: 2) else { return }
        XCTAssertEqual(changes(s, h, "a").map(\.0), [0.5])
        XCTAssertEqual(changes(s, h, "b").map(\.0).map { ($0 * 1e6).rounded() / 1e6 }, [0.75])
        XCTAssertEqual(changes(s, h, "c").map(\.0).map { ($0 * 1e6).rounded() / 1e6 }, [0.1])
        XCTAssertEqual(finalValue(s, h, "b"), .number(2))
    }

    func test_haptics() {
        assertJSON(body(swiftView("""
        VStack {
                    Circle().onTapGesture { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }
                    Circle().onTapGesture { UINotificationFeedbackGenerator().notificationOccurred(.success) }
                    Circle().onTapGesture { let g = UIImpactFeedbackGenerator(style: .rigid); g.prepare(); g.impactOccurred() }
                }
        """)), """
        {"type": "vstack", "children": [
          {"type": "circle", "fill": "#000000", "gestures": [{"tap": {}, "onEnded": {"haptic": "heavy"}}]},
          {"type": "circle", "fill": "#000000", "gestures": [{"tap": {}, "onEnded": {"haptic": "success"}}]},
          {"type": "circle", "fill": "#000000", "gestures": [{"tap": {}, "onEnded": {"haptic": "rigid"}}]}]}
        """)
    }

    func test_loops() {
        // The contract's own example (§4 Errors), line 10 column 13.
        let src = """
        import SwiftUI
        struct UnlockView: View {
            @State private var progress: CGFloat = 0
            @State private var timer: Timer?
            var body: some View {
                Circle().onAppear { startProgress() }
            }
            func startProgress() {
                timer = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { t in
                    for _ in 0..<3 { progress += 0.01 }
                }
            }
        }
        """
        XCTAssertEqual(problems(src, file: "UnlockView.swift"), [
            "UnlockView.swift:10:13: startProgress() › Timer closure › for-in loop: not supported in handlers (handlers may assign state, branch with if/else, call methods, start or invalidate timers, use withAnimation and asyncAfter)",
        ])
        let task = swiftView("Circle().onAppear { Task { n = 1 } }", members: "    @State var n = 0")
        XCTAssertEqual(problems(task), ["T.swift:5:29: V.body › .onAppear › Task: async code is not supported in handlers; use DispatchQueue.main.asyncAfter"])
    }

    // MARK: Expressions and state

    func test_expressions() {
        // |−3| + √16 + 2³ + ⌊1.7⌋ + ⌈1.2⌉ + round(2.5) + 7 % 3 + Int(2.7) + cos(0) = 3 + 4 + 8 + 1 + 2 + 3 + 1 + 2 + 1 = 25.
        assertJSON(body(swiftView("""
        Rectangle()
                    .frame(width: min(max(p * 200, 10), 150), height: CGFloat(6) * 2)
                    .opacity(p > 0.3 && !(p >= 0.9) ? 1 : 0.5)
                    .offset(x: abs(-3) + sqrt(16) + pow(2, 3) + floor(1.7) + ceil(1.2) + round(2.5) + 7 % 3 + CGFloat(Int(2.7)) + cos(0), y: Double.pi - sin(0))
        """, members: "    @State var p: CGFloat = 0.5")), """
        {"type": "rect", "fill": "#000000", "frame": {"width": "=min(max(p * 200, 10), 150)", "height": 12},
         "opacity": "=p > 0.3 && !(p >= 0.9) ? 1 : 0.5", "offset": {"x": 25, "y": 3.141592653589793}}
        """)
    }

    func test_stateVars() throws {
        let scene = translated(swiftView("ZStack { Text(name).opacity(on ? 1 : 0).frame(width: CGFloat(n)) }", members: """
            @State var n = 3
            @State var on = true
            @State var name = "hi"
        """))
        assertJSON(scene?["state"], #"{"n": 3, "on": true, "name": "hi"}"#)
        // A @Binding passed as $x writes the parent's state.
        let bound = translated("""
        import SwiftUI
        struct V: View {
            @State var count = 0
            var body: some View { Stepper(value: $count) }
        }
        struct Stepper: View {
            @Binding var value: Int
            var body: some View { Circle().onTapGesture { value += 1 } }
        }
        """)
        assertJSON(bound?["body"], """
        {"type": "circle", "fill": "#000000", "gestures": [{"tap": {}, "onEnded": {"set": {"count": "=count + 1"}}}]}
        """)
        assertJSON(bound?["state"], ##"{"count": 0}"##)
        // A CGSize is two numbers.
        let pairSource = swiftView("Circle().offset(drag).gesture(DragGesture().onChanged { v in drag = v.translation })",
                                   members: "    @State var drag = CGSize.zero")
        if SwiftSceneTranslator.translate(source: pairSource, file: "T.swift").scene == nil {
            XCTFail("translator bug: @State var drag = CGSize.zero is refused (\(problems(pairSource)))")
            return
        }
        let pair = translated(pairSource)
        assertJSON(pair?["state"], #"{"drag_width": 0, "drag_height": 0}"#)
        assertJSON(pair?.at("body.offset"), #"{"x": "=drag_width", "y": "=drag_height"}"#)
    }

    func test_observable() {
        let src = """
        import SwiftUI
        struct V: View {
            @StateObject var model = Model()
            var body: some View { Circle() }
        }
        """
        XCTAssertEqual(problems(src), ["T.swift:3:5: @StateObject: ObservableObject models are not supported; keep the view's state in @State properties"])
    }

    func test_previews() {
        // The root view's arguments and the canvas come from the #Preview.
        let src = """
        import SwiftUI
        struct V: View {
            let size: CGFloat
            var body: some View { Circle().frame(width: size, height: size) }
        }
        #Preview {
            V(size: 40)
                .frame(width: 200, height: 100)
        }
        """
        // What the preview shows is rendered, as Xcode's canvas does: the view with the preview's own modifiers (its
        // frame wraps the circle's, which the scene format would otherwise apply in one key).
        let scene = translated(src)
        assertJSON(scene?["body"], ##"""
        {"type": "zstack", "frame": {"width": 200, "height": 100},
         "children": [{"type": "circle", "fill": "#000000", "frame": {"width": 40, "height": 40}}]}
        """##)
        // With --view, the struct alone (its arguments still from the preview).
        let alone = SwiftSceneTranslator.translate(source: src, file: "T.swift", options: SwiftSceneOptions(view: "V"))
        assertJSON(alone.scene?["body"], ##"{"type": "circle", "fill": "#000000", "frame": {"width": 40, "height": 40}}"##)
        XCTAssertEqual(scene?.at("canvas.width")?.number, 200)
        XCTAssertEqual(scene?.at("canvas.height")?.number, 100)
        XCTAssertEqual(scene?.at("canvas.background")?.string, "#FFFFFF")
        // PreviewProvider with .previewLayout(.fixed) and dark appearance.
        let provider = translated(swiftView("Color.primary", extra: """
        struct V_Previews: PreviewProvider {
            static var previews: some View {
                V().previewLayout(.fixed(width: 120, height: 80)).preferredColorScheme(.dark)
            }
        }
        """))
        XCTAssertEqual(provider?.at("canvas.width")?.number, 120)
        XCTAssertEqual(provider?.at("canvas.height")?.number, 80)
        XCTAssertEqual(provider?.at("canvas.background")?.string, "#000000")
        XCTAssertEqual(provider?.at("body.fill")?.string, "#FFFFFF")
        // Without a preview: 390 × 844 at scale 3.
        let plain = translated(swiftView("Circle()"))
        XCTAssertEqual(plain?.at("canvas.width")?.number, 390)
        XCTAssertEqual(plain?.at("canvas.height")?.number, 844)
        XCTAssertEqual(plain?.at("canvas.scale")?.number, 3)
    }

    func test_customInit() {
        // One init: its parameters take the call's arguments; what it assigns stands for those properties.
        let src = """
        import SwiftUI
        struct Ring: View {
            let progress: CGFloat
            let width: CGFloat
            @State private var shown: Bool
            init(progress: CGFloat, thick: Bool = false) {
                self.progress = progress
                width = thick ? 12 : 4
                _shown = State(initialValue: progress > 0.5)
            }
            var body: some View { Circle().trim(from: 0, to: progress).stroke(Color.red, lineWidth: width).opacity(shown ? 1 : 0.5) }
        }
        #Preview { Ring(progress: 0.75, thick: true) }
        """
        let scene = translated(src)
        assertJSON(scene?["body"], ##"""
        {"type": "circle", "trim": {"from": 0, "to": 0.75}, "stroke": {"paint": "#FF3B30", "width": 12}, "opacity": "=shown ? 1 : 0.5"}
        """##)
        assertJSON(scene?["state"], ##"{"shown": true}"##)
        // Anything else in an init is refused.
        XCTAssertEqual(problems("""
        import SwiftUI
        struct V: View {
            let a: CGFloat
            init() { a = 1; print(a) }
            var body: some View { Circle() }
        }
        """), ["T.swift:4:21: V.init: an initialiser may only assign properties (self.x = value, _x = State(initialValue: value))"])
    }

    func test_uiColors() {
        assertJSON(body(swiftView("Color(.systemGray5)")), ##"{"type": "rect", "fill": "#E5E5EA"}"##)
        assertJSON(body(swiftView("Circle().fill(Color(uiColor: .systemBlue))")), ##"{"type": "circle", "fill": "#007AFF"}"##)
    }

    func test_screenSize() {
        let scene = translated(swiftView("Circle().frame(width: UIScreen.main.bounds.width / 2)"))
        assertJSON(scene?["body"], ##"{"type": "circle", "fill": "#000000", "frame": {"width": 195}}"##)
    }

    // Constructs public sample files use (issue 32's measurement), beyond the table's own entries.

    func test_previewProviderLocations() {
        // A problem inside a PreviewProvider's `previews` is located in the file.
        XCTAssertEqual(problems("""
        import SwiftUI
        struct V: View {
            var x: Double
            var body: some View { Rectangle().opacity(x) }
        }
        struct V_Previews: PreviewProvider {
            static var previews: some View {
                V(x: .nope)
            }
        }
        """), ["T.swift:8:14: #Preview › .nope: unknown value here"])
    }

    func test_pairValues() {
        // `self.p.width` on a CGSize @State; a GeometryProxy's size passed to the struct's functions; a function
        // returning a CGSize for .offset.
        let scene = translated(swiftView("""
        GeometryReader { geo in
                    Circle().frame(width: half(geo.size)).offset(center(geo.size)).offset(x: self.p.width, y: self.p.height)
                }
        """, members: """
            @State var p = CGSize(width: 3, height: 4)
            func half(_ size: CGSize) -> CGFloat { size.width / 2 }
            func center(_ size: CGSize) -> CGSize { CGSize(width: size.width / 4, height: size.height / 4) }
        """))
        assertJSON(scene?["body"], ##"""
        {"type": "geometry", "children": [{"type": "zstack", "children": [
            {"type": "circle", "fill": "#000000", "frame": {"width": "=geometry.width / 2"},
             "offset": {"x": "=geometry.width / 4", "y": "=geometry.height / 4"}}],
          "offset": {"x": "=p_width", "y": "=p_height"}}]}
        """##)
    }

    func test_angleInit() {
        let scene = translated(swiftView("Rectangle().rotationEffect(.init(degrees: 30)).rotationEffect(Angle.init(radians: .pi))"))
        assertJSON(scene?["body"], ##"""
        {"type": "zstack", "children": [{"type": "rect", "fill": "#000000", "rotation": 30}], "rotation": 180}
        """##)
    }

    func test_colorStateNeverChanged() {
        // A Color @State set only by the view's init is that colour for the view's lifetime: a constant.
        let scene = translated("""
        import SwiftUI
        struct V: View {
            @State var color: Color
            init(color: Color) { self.color = color }
            var body: some View { Circle().fill(color) }
        }
        #Preview { V(color: .black) }
        """)
        assertJSON(scene?["body"], ##"{"type": "circle", "fill": "#000000"}"##)
        assertJSON(scene?["state"], "{}")
        // One the view changes cannot be a state variable of the scene.
        XCTAssertEqual(problems(swiftView("Circle().fill(color).onTapGesture { color = .blue }", members: "    @State var color: Color = .red")), [
            "T.swift:3:31: @State color: colour state that the view changes is not supported; keep a number or boolean and choose the colour with ?:",
        ])
    }

    func test_unchangedState() {
        // A @State the file never changes is its initial value where a constant is required (an animation's
        // duration); where an expression may read state it stays a state variable (`--set` reaches it there).
        let src = """
        import SwiftUI
        struct V: View {
            @State var duration: Double = 0.8
            @State var on = false
            var body: some View {
                Circle().opacity(on ? duration : 0.2)
                    .animation(.easeInOut(duration: duration), value: on)
                    .onTapGesture { on.toggle() }
            }
        }
        """
        let scene = translated(src)
        // (`.animation(_:value:)` animates a copy of `on` that follows it: the copy's change carries the animation.)
        XCTAssertEqual(scene?.at("timeline.0.animation.easeInOut")?.number, 0.8)
        XCTAssertEqual(scene?["body"]?["opacity"]?.string, "=on__1 ? duration : 0.2")
        XCTAssertEqual(scene?["state"]?["duration"]?.number, 0.8)
        // Once the file changes it, it is a variable, and a constant place still refuses it, with the reason.
        // A method called on it changes it too (`toggle()`): `on` stays a variable everywhere.
        XCTAssertEqual(translated(src)?.at("state.on")?.bool, false)
        let toggled = src.replacingOccurrences(of: "@State var duration: Double = 0.8", with: "@State var duration: Double = 0.8\n    @State var flag = false")
            .replacingOccurrences(of: ".animation(.easeInOut(duration: duration), value: on)", with: ".animation(.easeInOut(duration: flag ? 1 : 2), value: on)")
            .replacingOccurrences(of: "on.toggle()", with: "on.toggle(); flag.toggle()")
        XCTAssertEqual(problems(toggled), ["T.swift:8:45: V.body › .animation › duration: must be a constant here (it reads flag)"])
        let changed = src.replacingOccurrences(of: "on.toggle()", with: "on.toggle(); duration = 2")
        XCTAssertEqual(problems(changed), [
            "T.swift:7:45: V.body › .animation › duration: must be a constant here (it reads duration)",
        ])
    }

    func test_animationLocal() {
        // A `let` holding an animation in a handler is read where it is used, with its modifiers.
        let scene = translated(swiftView("""
        Circle().offset(y: up ? 0 : -50).onAppear {
                    let animation = Animation.linear(duration: 3)
                    withAnimation(animation.repeatForever(autoreverses: true)) { up = false }
                }
        """, members: "    @State var up = true"))
        assertJSON(scene?["timeline"], """
        [{"at": 0, "set": {"up": false}, "animation": {"linear": 3, "repeat": "forever", "autoreverses": true}}]
        """)
    }

    func test_shapeShorthand() {
        // `.rect(cornerRadius:)` is a continuous rounded rectangle unless a style is given; `.capsule` where a shape goes.
        let b = body(swiftView("Color.red.clipShape(.rect(cornerRadius: 12)).background(.blue, in: .capsule)"))
        XCTAssertEqual(b?.at("children.0.mask.type")?.string, "roundedRect")
        XCTAssertEqual(b?.at("children.0.mask.style")?.string, "continuous")
        XCTAssertEqual(b?.at("children.0.mask.cornerRadius")?.number, 12)
        XCTAssertEqual(b?.at("background.type")?.string, "capsule")
        XCTAssertEqual(body(swiftView("Color.red.clipShape(.rect(cornerRadius: 4, style: .circular))"))?.at("mask.style")?.string, "circular")
        XCTAssertEqual(body(swiftView("Color.red.clipShape(.circle)"))?.at("mask.type")?.string, "circle")
        XCTAssertEqual(problems(swiftView("Color.red.clipShape(.rect(cornerRadii: .init()))")).count, 1)
    }

    func test_preferredColorSchemeInView() {
        XCTAssertEqual(warnings(swiftView("Circle().preferredColorScheme(.dark)")),
                       ["T.swift:4:18: warning: .preferredColorScheme(.dark): not applied inside a view: the appearance is the preview's (put .preferredColorScheme(.dark) on the preview's view); an appearance that changes is not supported"])
    }

    func test_strokeThenFill() {
        // The stroke's outline is filled: the paint goes to the stroke, the inside stays empty.
        let b = body(swiftView("Circle().stroke(lineWidth: 4).fill(Color.red)"))
        XCTAssertNil(b?["fill"])
        XCTAssertEqual(b?.at("stroke.paint")?.string, "#FF3B30")
        XCTAssertEqual(b?.at("stroke.width")?.number, 4)
    }

    func test_materials() {
        let src = swiftView("Color.red.background(.ultraThinMaterial)")
        XCTAssertEqual(translated(src, expectWarnings: true)?["body"]?.at("background")?.string, "#FFFFFF4D")
        XCTAssertEqual(warnings(src), ["T.swift:4:30: warning: .ultraThinMaterial: drawn as white at 30 % opacity, without blurring what is behind it (materials are not supported)"])
    }

    func test_infinityInExpression() {
        XCTAssertEqual(problems(swiftView("Color.red.offset(x: on ? .infinity : .zero)", members: "    @State var on = false")), [
            "T.swift:5:29: V.body › .offset › on ? .infinity : .zero: `.infinity` inside an expression that changes is not supported; give a finite size (e.g. the container's width) or use .infinity alone",
        ])
        // Alone it is the usual full width.
        XCTAssertEqual(body(swiftView("Color.red.frame(maxWidth: .infinity)"))?.at("frame.maxWidth")?.string, "infinity")
    }

    func test_infinityFrame() {
        // A frame's maximum that is infinite or not (a bar that fills when done): `infinity` in the expression.
        XCTAssertEqual(body(swiftView("Color.red.frame(maxWidth: on ? .infinity : .zero)", members: "    @State var on = false"))?
            .at("frame.maxWidth")?.string, "=on ? infinity : 0")
        // Only +∞ means something there.
        XCTAssertEqual(problems(swiftView("Color.red.frame(maxWidth: on ? -.infinity : .zero)", members: "    @State var on = false")).count, 1)
    }

    func test_gestureInLet() {
        // A gesture kept in a `let` of the body, or in a property.
        let inLet = translated("""
        import SwiftUI
        struct V: View {
            @State var on = false
            var body: some View {
                let tap = TapGesture().onEnded { on.toggle() }
                return Circle().gesture(tap)
            }
        }
        """)
        assertJSON(inLet?["body"], ##"{"type": "circle", "fill": "#000000", "gestures": [{"tap": {}, "onEnded": {"set": {"on": "=!on"}}}]}"##)
        let inProperty = translated(swiftView("Circle().gesture(tap)", members: """
            @State var on = false
            var tap: some Gesture { TapGesture().onEnded { on.toggle() } }
        """))
        assertJSON(inProperty?["body"], ##"{"type": "circle", "fill": "#000000", "gestures": [{"tap": {}, "onEnded": {"set": {"on": "=!on"}}}]}"##)
    }

    func test_animationValueUUID() {
        // `value: UUID()` is a new value on every update: every change the view reads animates, as `.animation(_:)`.
        let withUUID = translated(swiftView("Circle().opacity(on ? 1 : 0.5).animation(.linear, value: UUID())",
                                            members: "    @State var on = false"))
        let older = translated(swiftView("Circle().opacity(on ? 1 : 0.5).animation(.linear)", members: "    @State var on = false"))
        XCTAssertNotNil(withUUID?["body"])
        XCTAssertEqual(withUUID?.sceneText(), older?.sceneText())
    }

    func test_nestedAnimationModifiers() {
        // Two `.animation` modifiers watching the same state: the one nearest a view animates it (it sets the
        // transaction for what it wraps); the outer one animates only what the inner one does not wrap.
        let scene = translated(swiftView("""
        Circle().scaleEffect(a ? 2 : 1).animation(.linear, value: a).opacity(a ? 1 : 0).animation(.easeIn, value: a).onTapGesture { a.toggle() }
        """, members: "    @State var a = false"))
        assertJSON(scene?["body"], ##"""
        {"type": "zstack", "children": [{"type": "circle", "fill": "#000000", "scale": "=a__1 ? 2 : 1"}], "opacity": "=a__2 ? 1 : 0",
         "gestures": [{"tap": {}, "onEnded": {"set": {"a": "=!a", "_fx1": 1, "_v2": "=!a", "_fx3": 1, "_v4": "=!a"}}}]}
        """##)
        assertJSON(scene?["timeline"], ##"""
        [{"when": "_fx1 == 1", "set": {"a__1": "=_v2", "_fx1": 0}, "animation": "linear"},
         {"when": "_fx3 == 1", "set": {"a__2": "=_v4", "_fx3": 0}, "animation": "easeIn"}]
        """##)
    }
}
