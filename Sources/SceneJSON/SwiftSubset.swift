/// The subset of SwiftUI the translator reads, construct by construct: the one table `docs/swiftui-source.md`
/// prints (`render translate --subset` writes it) and the translation tests are checked against (each `id` has a
/// test named after it), so that the docs, the tests and the translator cannot disagree.
public struct SwiftSubsetEntry: Sendable, Equatable {
    public enum Status: String, Sendable { case translated = "yes", approximated = "warns", refused = "refused" }
    public var id: String
    public var group: String
    public var construct: String
    public var status: Status
    public var becomes: String
}

public enum SwiftSubset {
    static func e(_ id: String, _ group: String, _ construct: String, _ status: SwiftSubsetEntry.Status, _ becomes: String) -> SwiftSubsetEntry {
        SwiftSubsetEntry(id: id, group: group, construct: construct, status: status, becomes: becomes)
    }

    public static let entries: [SwiftSubsetEntry] = [
        // Views
        e("rectangle", "Views", "`Rectangle()`, `Capsule()`, `Circle()`, `Ellipse()`", .translated, "`rect`, `capsule`, `circle`, `ellipse`, filled with the foreground style (`.primary`)"),
        e("roundedRectangle", "Views", "`RoundedRectangle(cornerRadius:style:)`", .translated, "`roundedRect`; SwiftUI's default style `.circular` is written out; `style:` takes `.circular` or `.continuous` (the scene format's `layerContinuous` is UIKit's, not SwiftUI's)"),
        e("path", "Views", "`Path { path in … }`: `move(to:)`, `addLine(to:)`, `addLines`, `addQuadCurve`, `addCurve`, `addArc(center:radius:startAngle:endAngle:clockwise:)`, `addRect`, `addEllipse(in:)`, `closeSubpath()`; `Path(CGRect)`, `Path(ellipseIn:)`", .translated, "`path` with its `elements`"),
        e("customShape", "Views", "the file's `Shape`s: `func path(in rect: CGRect) -> Path` (`var path = Path()`, its steps, `return path`; or a returned `Path { … }`), `rect.width`, `.midX`, `.maxY` …, `animatableData`", .translated, "a `path` in a `geometry` container, `rect` reading its size; its properties take the call's arguments (a Shape without `animatableData` warns: its numbers animate here)"),
        e("scrollView", "Views", "`ScrollView(.vertical / .horizontal) { … }`", .translated, "`scroll` at rest (scrolled to the top or leading edge, clipped); several views are stacked along the axis"),
        e("lazyVGrid", "Views", "`LazyVGrid(columns:spacing:)` with `GridItem(.flexible(minimum:maximum:), spacing:)` or `.fixed(w)` columns", .translated, "`grid`; `.adaptive` columns are refused"),
        e("text", "Views", "`Text(\"…\")`, `Text(value)`, interpolation `\\(x)`", .translated, "`text` with `{=expression}` for interpolated values; 17 pt body font"),
        e("image", "Views", "`Image(\"name\")`", .translated, "`image` drawing the image set `name` of the project's asset catalogues (its universal PNG of the highest scale, `pixelsPerPoint` that scale), else reading `name.png` beside the scene"),
        e("sfSymbol", "Views", "`Image(systemName:)`", .refused, "refused: Apple's symbol font is not on the machine"),
        e("colorView", "Views", "`Color.red`, `Color(…)` as a view", .translated, "`rect` filled with the colour"),
        e("stacks", "Views", "`VStack` / `HStack` / `ZStack` (alignment, spacing), `Group`", .translated, "`vstack` / `hstack` / `zstack`; a group's views join the parent"),
        e("spacer", "Views", "`Spacer(minLength:)`, `Divider()`", .translated, "`spacer`; a divider is a 0.5 pt separator-coloured rect"),
        e("forEachRange", "Views", "`ForEach(a..<b) { i in … }`", .translated, "`forEach` with `count` and a loop variable (offset by a)"),
        e("forEachConstant", "Views", "`ForEach(xs, id: \\.self) { x in … }` over a constant array of numbers, strings, colours or enum cases (a literal, a `let`, `E.allCases`)", .translated, "the items written out one by one, each with its value"),
        e("forEachRecords", "Views", "`ForEach(items) { item in … }` over a constant array of the file's structs (memberwise `Item(name:…)`) or of tuples (labels from the array's type or in place)", .translated, "the items written out one by one, `item.field` read from each; a view of the file in each item has its own `@State`"),
        e("forEachData", "Views", "`ForEach` over a collection in state, or built by code (`map`, `filter`)", .refused, "refused: ranges and constant arrays only"),
        e("geometryReader", "Views", "`GeometryReader { proxy in … }`", .translated, "`geometry`; `proxy.size.width/.height` read `geometry.width/.height`"),
        e("geometryInAppear", "Views", "a GeometryReader's `proxy.size` read in an `onAppear` inside it", .translated, "an event with `geometry` naming the container (given an `id`), read as the scene is laid out then"),
        e("geometryInHandler", "Views", "a GeometryReader's `proxy.size` read in a gesture handler, or in an `onAppear` of a `ForEach`'s copies", .refused, "refused: gesture handlers run before layout; read the size in the view"),
        e("ifElse", "Views", "`if` / `else` in view builders, `c ? A : B`", .translated, "the views with `if` conditions"),
        e("switchView", "Views", "`switch` in view builders", .refused, "refused: use if/else"),
        e("ownViews", "Views", "the file's View structs, computed view properties, view functions", .translated, "inlined, arguments substituted; a nested view's `@State` becomes `Struct_name`"),
        e("button", "Views", "`Button(action:label:)`, `Button(\"Title\") { … }`", .translated, "the label with a `tap` gesture running the action; label in the accent colour"),
        e("toggle", "Views", "`Toggle(\"Title\", isOn: $x)`, `Toggle(isOn: $x) { label }`, `isOn: $x.animation(a)`", .approximated, "warns: the label and iOS's switch (51 × 31 pt, green when on) in a row; a tap on the switch flips the state (with the binding's animation); the knob slides in 0.25 s ease-in-out, UISwitch's own timing being undocumented"),
        // Modifiers
        e("frame", "Modifiers", "`.frame(width:height:alignment:)`, `.frame(maxWidth: .infinity, …)`", .translated, "`frame`"),
        e("padding", "Modifiers", "`.padding()`, `.padding(n)`, `.padding(.horizontal, n)`, `.padding(EdgeInsets(…))`", .translated, "`padding` (16 pt by default)"),
        e("offset", "Modifiers", "`.offset(x:y:)`, `.offset(CGSize)`", .translated, "`offset`"),
        e("opacity", "Modifiers", "`.opacity(x)`", .translated, "`opacity`"),
        e("scaleEffect", "Modifiers", "`.scaleEffect(s, anchor:)`, `.scaleEffect(x:y:)`", .translated, "`scale`, `anchor`"),
        e("rotationEffect", "Modifiers", "`.rotationEffect(.degrees(a), anchor:)`, `.radians`", .translated, "`rotation` in degrees"),
        e("rotation3DEffect", "Modifiers", "`.rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`", .translated, "`rotation3D`"),
        e("shadow", "Modifiers", "chained `.shadow(color:radius:x:y:)`", .translated, "`shadows`, in chain order (the first innermost)"),
        e("blur", "Modifiers", "`.blur(radius:)`", .translated, "`blur`"),
        e("overlayBackground", "Modifiers", "`.overlay(…)`, `.background(…)`, trailing-closure and `alignment:` forms, `background(_:in:)`", .translated, "`overlay` / `background` (a paint or a view)"),
        e("mask", "Modifiers", "`.mask(…)`, `.clipShape(S)`, `.cornerRadius(r)`, `.clipped()`", .translated, "`mask` (a clip shape is a mask of that shape), `clip`"),
        e("fillStroke", "Modifiers", "`.fill(…)`, `.stroke(…, lineWidth:)`, `.strokeBorder`, `StrokeStyle(lineWidth:)`", .translated, "`fill`, `stroke`; a border is the shape inset by half the line"),
        e("strokeStyle", "Modifiers", "`StrokeStyle(lineCap:lineJoin:)`", .translated, "the stroke's `lineCap`, `lineJoin`"),
        e("strokeDash", "Modifiers", "`StrokeStyle(dash:dashPhase:miterLimit:)`", .approximated, "warns: drawn without dashes, miter limit 10"),
        e("trim", "Modifiers", "`.trim(from:to:)` on shapes", .translated, "`trim`"),
        e("foreground", "Modifiers", "`.foregroundColor`, `.foregroundStyle` (down the tree)", .translated, "the `fill` of texts and shapes below that set none"),
        e("font", "Modifiers", "`.font(.system(size:weight:design:))`, text styles, `.weight()`, `.bold()`, `.monospaced()`, `.monospacedDigit()`", .translated, "`font`, `monospacedDigit` (text styles at their default Dynamic Type sizes)"),
        e("kerning", "Modifiers", "`.kerning(k)`; `.tracking(k)`", .translated, "`kerning` (tracking warns: drawn as kerning)"),
        e("textLayout", "Modifiers", "`.lineLimit`, `.multilineTextAlignment`, `.fixedSize()`", .translated, "`lineLimit`, `multilineTextAlignment`, `fixedSize`"),
        e("imageModes", "Modifiers", "`.resizable()`, `.aspectRatio(contentMode:)`, `.scaledToFit()`, `.scaledToFill()`", .translated, "`resizable`, `contentMode`"),
        e("matchedGeometry", "Modifiers", "`.matchedGeometryEffect(id:in:isSource:)`", .translated, "`matchedGeometry` (ids scoped by the namespace when the file has several; shapes morph)"),
        e("transitionModifier", "Modifiers", "`.transition(…)`", .translated, "`transition`"),
        e("animationValue", "Modifiers", "`.animation(_:value:)`, `.animation(_:)`", .translated, "that view animates with it when the state it reads changes (the view reads its own copy of the state)"),
        e("compositingGroup", "Modifiers", "`.compositingGroup()`, `.drawingGroup()`", .translated, "`compositingGroup`"),
        e("id", "Modifiers", "`.id(x)`", .translated, "`id`, `{i}` for loop variables"),
        e("viewModifier", "Modifiers", "`.modifier(M())` with the file's `ViewModifier`; the file's `View` extension functions", .translated, "inlined around the view"),
        e("hitArea", "Modifiers", "`.contentShape(…)`, `.allowsHitTesting`", .approximated, "warns: hit areas are not modelled"),
        e("zIndex", "Modifiers", "`.zIndex(z)` in a `ZStack`", .translated, "the ZStack's drawing order (stable among equals); a z that changes, or one in an HStack/VStack, warns"),
        e("layoutPriority", "Modifiers", "`.layoutPriority(p)`", .translated, "`layoutPriority`: stacks serve higher priorities first; in a ZStack the others are proposed the size the highest take"),
        e("ignored", "Modifiers", "`.ignoresSafeArea()`, `.labelsHidden`", .translated, "nothing (the canvas has no safe area)"),
        e("shapeShorthand", "Modifiers", "iOS 17 shape members where a shape is expected: `.clipShape(.rect(cornerRadius:style:))`, `background(_:in: .capsule)`, `.rect`, `.circle`, `.ellipse`", .translated, "the shape; `.rect(cornerRadius:)`'s style is `.continuous` unless given (Apple's default for it)"),
        e("preferredColorSchemeInView", "Modifiers", "`.preferredColorScheme(…)` inside a view (not on the preview)", .approximated, "warns: not applied; the appearance is the preview's"),
        e("strokeThenFill", "Modifiers", "`.stroke(…).fill(p)` (iOS 17: a stroked shape is a shape)", .translated, "the stroke painted with p"),
        e("buttonStyle", "Modifiers", "`.buttonStyle(…)`", .approximated, "warns unless `.automatic` or `.borderless`: the button keeps the default look (its label in the accent colour)"),
        e("position", "Modifiers", "`.position(x:y:)`, `.position(CGPoint)`", .translated, "a 0×0 frame offset to (x, y) in a flexible frame aligned top-leading (the view's centre at the point, the whole space taken)"),
        e("keyframeAnimator", "Modifiers", "`.keyframeAnimator(initialValue:trigger:)` and `(initialValue:repeating:)` with `LinearKeyframe` (linear timing), `SpringKeyframe` (any `Spring`, with or without a duration), `CubicKeyframe`, `MoveKeyframe`, in one track or in `KeyframeTrack(\\.field)`s of the file's struct of numbers and angles", .translated, "each track a closed-form expression of the time since the trigger last changed (a hidden clock every assignment to the trigger sets), SwiftUI's keyframe numbers exactly; a retrigger mid-run restarts from the initial value"),
        e("phaseAnimator", "Modifiers", "`PhaseAnimator(phases) { phase in … } animation: { phase in … }` and `.phaseAnimator(phases) { content, phase in … }`, with or without `trigger:`, over a constant array of numbers, booleans, strings or enum cases", .translated, "a hidden phase index stepped by timeline events with the animation into each phase, each after the one before is logically complete (a curve's duration, a spring's response, plus delay, over speed): without a trigger from the scene's start forever (a timer per step), with one once per change of the trigger, back to the first phase"),
        e("animators", "Modifiers", "`TimelineView`; keyframes with other timing curves or built with `if`; a phase animation whose animation repeats", .refused, "refused with what to write instead"),
        e("unknownModifier", "Modifiers", "any other modifier", .refused, "refused with the nearest known modifier"),
        // Paints
        e("namedColors", "Paints", "`.red` … `.brown`, `.primary`, `.secondary`, `.accentColor`, `.clear`", .translated, "iOS system colours (light, or dark with `.preferredColorScheme(.dark)` in the preview)"),
        e("colorComponents", "Paints", "`Color(red:green:blue:opacity:)`, `Color(white:)`, `Color(hue:saturation:brightness:)`", .translated, "`#RRGGBBAA` (components must be constants)"),
        e("colorConstants", "Paints", "the file's `extension Color { static let x = … }`, `Color(hex:)`-style initialisers", .translated, "the colour (0xRRGGBB and \"#RRGGBB\" literals read as such)"),
        e("colorInitialisers", "Paints", "the file's own Color initialisers that end in `self.init(red:green:blue:…)` after `let` constants (`init(r:g:b:) { self.init(red: r / 255, …) }`)", .translated, "the colour, the arguments substituted"),
        e("colorOpacity", "Paints", "`c.opacity(a)`, `c.mix(with:by:in: .device)`, `cond ? a : b`", .translated, "`alpha(c, a)`, `mix(a, b, f)`, `?:`"),
        e("uiColors", "Paints", "`Color(.systemGray5)`, `Color(uiColor: .systemBlue)`: UIKit's system, grey, label and background colours", .translated, "their light (or dark) values"),
        e("gradients", "Paints", "`LinearGradient`, `RadialGradient`, `AngularGradient` (colors, stops, gradient; `angle:`, `startAngle:`/`endAngle:`), `UnitPoint`s", .translated, "`linear` / `radial` / `angular` paints"),
        e("gradientProperty", "Paints", "a gradient held in a property or constant (`let track = LinearGradient(…)`, `.fill(track)`)", .translated, "the gradient where it is used"),
        e("materials", "Paints", "`.ultraThinMaterial` … `.ultraThickMaterial`, `.bar`", .approximated, "warns: white at 30–85 % opacity, without blurring what is behind"),
        e("assetColor", "Paints", "`Color(\"Name\")`, `UIColor(named:)` and Xcode's generated `Color.name` from the asset catalogues (`*.xcassets` colour sets) of the file's project", .translated, "the set's colour, light or dark (sRGB; Display P3 and grey converted to sRGB; high-contrast variants unused); refused, with the nearest name, when the project has no such set"),
        // Animations
        e("springs", "Animations", "`.spring()`, `.spring(response:dampingFraction:)`, `(duration:bounce:)`, `.interpolatingSpring(…)`, `.interactiveSpring()`, `.spring`", .translated, "`spring` (`.spring()` is response 0.55, damping 0.825; `.spring` is duration 0.5, bounce 0)"),
        e("namedSprings", "Animations", "`.smooth`, `.snappy`, `.bouncy` (and with duration/extraBounce)", .translated, "duration/bounce springs"),
        e("curves", "Animations", "`.default`, `.easeIn` / `.easeOut` / `.easeInOut` / `.linear` (duration:), `.timingCurve`", .translated, "named curves, `bezier`; `.default` and `withAnimation { }` are iOS 17's default spring"),
        e("animationModifiers", "Animations", "`.delay`, `.speed`, `.repeatCount(_:autoreverses:)`, `.repeatForever(autoreverses:)`", .translated, "`delay`, `speed`, `repeat`, `autoreverses`"),
        e("transitions", "Animations", "`.opacity`, `.scale(scale:anchor:)`, `.move(edge:)`, `.slide`, `.offset`, `.push(from:)`, `.identity`", .translated, "the scene's transitions"),
        e("transitionCombinators", "Animations", "`.asymmetric`, `.combined(with:)`, `.animation(_:)`, `.modifier(active:identity:)`, the file's `AnyTransition` extensions", .translated, "`asymmetric`, `combined`, a transition's own `animation`, `modifier`"),
        // Handlers
        e("onAppear", "Handlers", "`.onAppear { }`", .translated, "an event at 0 s, or when the view's condition turns true"),
        e("tapGesture", "Handlers", "`.onTapGesture { }`, `TapGesture().onEnded`", .translated, "a `tap` gesture"),
        e("longPress", "Handlers", "`.onLongPressGesture(minimumDuration:perform:onPressingChanged:)`, `LongPressGesture`", .translated, "`longPress`; pressing is true from touch-down until the long press succeeds (before `perform`), is lifted early or moves too far: a second `longPress`'s `onBegan`, `onEnded`, `onFailed`"),
        e("dragGesture", "Handlers", "`DragGesture(minimumDistance:)` with `.onChanged` / `.onEnded`; `translation`, `location`, `velocity`", .translated, "a `drag` gesture; values read `gesture.*`"),
        e("predictedEnd", "Handlers", "`predictedEndTranslation`, `predictedEndLocation`", .approximated, "warns: projected with UIScrollView's normal deceleration"),
        e("gestureState", "Handlers", "`@GestureState` with `.updating($x) { value, state, _ in … }` on `DragGesture` and `LongPressGesture`", .translated, "a state variable set by the gesture (a drag's `onChanged`; a long press's touch-down, value true) and put back to its initial value when it ends (a long press: when it succeeds, is lifted early or moves too far)"),
        e("gestureComposition", "Handlers", "`.sequenced(before:)`, `.simultaneously(with:)`, `.exclusively(before:)`", .refused, "refused: attach the gestures one by one"),
        e("assignments", "Handlers", "assignments, `+=` `-=` `*=` `/=`, `toggle()`, `let`/`var` locals, the struct's methods", .translated, "the handler's `set`, values over the state at its start"),
        e("branches", "Handlers", "`if` / `else`, `guard … else { return }`, early `return`", .translated, "conditions folded into the values and triggers"),
        e("withAnimation", "Handlers", "`withAnimation(a) { }`", .translated, "the change's `animation` (a phase of its own when it differs)"),
        e("animationLocal", "Handlers", "`let a = Animation.linear(duration: 3)` in a handler, then `withAnimation(a.repeatForever())`", .translated, "the animation, read where it is used"),
        e("timers", "Handlers", "`Timer.scheduledTimer(withTimeInterval:repeats:) { t in … }`, `invalidate()`", .translated, "a timer event started and stopped by a hidden number (stopped at once, not one tick later)"),
        e("timerPublish", "Handlers", "`Timer.publish(every:on:in:).autoconnect()` with `.onReceive`", .translated, "a timer running while the view is present"),
        e("asyncAfter", "Handlers", "`DispatchQueue.main.asyncAfter(deadline: .now() + d) { }`, nested", .translated, "`after` events"),
        e("haptics", "Handlers", "`UIImpactFeedbackGenerator(style:).impactOccurred()`, notification and selection generators", .translated, "`haptic` on the events track"),
        e("loops", "Handlers", "`for`, `while`, `switch`, `Task`, `await` in handlers", .refused, "refused with what handlers may do"),
        // Expressions and state
        e("expressions", "Expressions", "literals, `+ - * / %`, comparisons, `&& || !`, `?:`, `min max abs sqrt pow sin cos floor ceil round`, `CGFloat(x)`, `Int(x)`", .translated, "the scene's expression language, constants folded"),
        e("stateVars", "Expressions", "`@State` of numbers, booleans, strings; `CGSize`/`CGPoint` as two numbers; `@Binding` from `$x`; a `Color` `@State` the view never changes", .translated, "state variables; the colour, a constant"),
        e("observable", "Expressions", "`ObservableObject`, `@StateObject`, `@Environment`, optionals (`nil`)", .refused, "refused: keep the view's state in @State"),
        e("customInit", "Expressions", "one custom `init` that assigns properties (`self.x = …`, `_x = State(initialValue: …)`)", .translated, "the properties take those values; the parameters take the call's arguments"),
        e("previews", "Expressions", "`#Preview` / `PreviewProvider`: what it shows, `.frame(width:height:)`, `.previewLayout(.fixed)`, `.preferredColorScheme(.dark)`", .translated, "the root (the preview's view, as Xcode's canvas shows it), the canvas, the appearance"),
        e("enumValues", "Expressions", "the file's enums without associated values: `@State var tab: Tab = .home`, `.favorite`, `Tab.profile`, `==`, `.rawValue`", .translated, "strings: a case is its String raw value, or its name"),
        e("unchangedState", "Expressions", "a `@State` the file never changes, where a constant is required (an animation's duration)", .translated, "its initial value there (a state variable elsewhere)"),
        e("infinityFrame", "Expressions", "`.frame(maxWidth: c ? .infinity : 0)`: a frame's maximum that is infinite or not", .translated, "`infinity` in the expression; the frame animates between its layouts at rest"),
        e("infinityInExpression", "Expressions", "`.infinity` inside an expression that changes anywhere else (`.offset(x: c ? .infinity : 0)`)", .refused, "refused: only a frame's maxWidth/maxHeight may be infinite"),
        e("screenSize", "Expressions", "`UIScreen.main.bounds.width` / `.height`", .translated, "the canvas size, for a file rendered alone"),
        e("projectFiles", "Expressions", "declarations in the other `.swift` files of the file's project (the folder of the nearest `.xcodeproj` / `.xcworkspace` up, or the `Package.swift` target the file is in): extensions (`Color` constants and initialisers, `View` functions, transitions), structs, enums, top-level constants and functions", .translated, "read as if in the file, which wins where both declare a name; a problem inside one is located in its own file; without a project the file stands alone"),
    ]

    /// The table as Markdown, for docs/swiftui-source.md.
    public static func markdown() -> String {
        var out = "| construct | translated | becomes |\n|---|---|---|\n"
        var group = ""
        for e in entries {
            if e.group != group {
                group = e.group
                out += "| **\(group)** | | |\n"
            }
            out += "| \(e.construct) | \(e.status.rawValue) | \(e.becomes) |\n"
        }
        return out
    }
}
