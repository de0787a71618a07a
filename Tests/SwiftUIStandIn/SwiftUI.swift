// A declarations-only stand-in for SwiftUI (and the few UIKit bits our SwiftUI fixtures use), so that the fixtures
// (Scenes/*.swift, Fuzz/Corpus/swift-source/*.swift) can be type-checked on Linux, where SwiftUI does not exist.
// Tests/CLITests/SwiftUIFixtureTypecheckTests.swift builds it with `swiftc -emit-module -module-name SwiftUI` and
// type-checks each fixture against it. It is never linked or run: every body is `fatalError()`.
//
// Rules for editing it:
//   * Each declaration is written from Apple's documented signature (developer.apple.com/documentation/swiftui/…):
//     the same argument labels, default arguments, generic constraints and return types (`some View` where Apple
//     returns `some View`, a concrete type where Apple returns one, e.g. `Text.font(_:) -> Text`,
//     `Shape.fill(_:style:) -> FillShapeView`). A wrong label or a wrong type in a fixture must fail here as it
//     would in Xcode.
//   * Declare only what the fixtures need, plus the obvious siblings. Leaving something out is safe (a fixture that
//     uses it fails to type-check, and the declaration gets added); declaring something Apple does not have, or with a
//     looser type, is not (a wrong fixture would pass).
//   * Where Apple has two overloads that the real SDK disambiguates by availability (e.g. the iOS 13 and iOS 16
//     `Font.system(size:weight:design:)`), only the newer one is declared: the fixtures target iOS 18 (they use
//     `Color.mix(with:by:in:)`).
//   * Foundation and Dispatch come from the toolchain (swift-corelibs-foundation: `Timer.scheduledTimer(withTimeInterval:
//     repeats:block:)`, `CGFloat`, `CGSize`, `CGPoint`, `CGRect`; `DispatchQueue.main.asyncAfter(deadline:execute:)`),
//     re-exported as SwiftUI does on Apple platforms (SwiftUI → UIKit → Foundation).
//   * `@ViewBuilder` stands for what Apple's newest documentation spells `@ContentBuilder`; for views the two build the
//     same things.

@_exported import Foundation
@_exported import Dispatch

// MARK: - View, builders, the view types the builders make

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public nonisolated var body: Never { fatalError() }
}

@resultBuilder
nonisolated public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock() -> EmptyView { fatalError() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> { fatalError() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { fatalError() }
}

nonisolated public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

nonisolated public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
}

nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

nonisolated public struct AnyView: View {
    public init<V: View>(_ view: V) {}
    public var body: Never { fatalError() }
}

// MARK: - State and friends

public protocol DynamicProperty {}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) { fatalError() }
    public init(initialValue value: Value) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { fatalError() }
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { fatalError() }
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

@propertyWrapper
public struct Namespace: DynamicProperty {
    public init() {}
    public var wrappedValue: Namespace.ID { fatalError() }
    public struct ID: Hashable {}
}

// MARK: - Geometry values

nonisolated public struct UnitPoint: Hashable {
    public var x: CGFloat
    public var y: CGFloat
    public init() { fatalError() }
    public init(x: CGFloat, y: CGFloat) { fatalError() }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

nonisolated public struct Angle: Hashable, Comparable {
    public var radians: Double
    public var degrees: Double
    public init() { fatalError() }
    public init(radians: Double) { fatalError() }
    public init(degrees: Double) { fatalError() }
    public static func radians(_ radians: Double) -> Angle { fatalError() }
    public static func degrees(_ degrees: Double) -> Angle { fatalError() }
    public static var zero: Angle { fatalError() }
    public static func < (lhs: Angle, rhs: Angle) -> Bool { fatalError() }
}

nonisolated public struct EdgeInsets: Equatable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) { fatalError() }
    public init() { fatalError() }
}

public enum Edge: Int8, CaseIterable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ e: Edge) { fatalError() }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let all = Set(rawValue: 15)
        public static let horizontal = Set(rawValue: 10)
        public static let vertical = Set(rawValue: 5)
    }
}

nonisolated public struct HorizontalAlignment: Equatable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}

nonisolated public struct VerticalAlignment: Equatable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
    public static let firstTextBaseline = VerticalAlignment()
    public static let lastTextBaseline = VerticalAlignment()
}

nonisolated public struct Alignment: Equatable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) { fatalError() }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

public enum ColorScheme: CaseIterable, Hashable {
    case light, dark
}

public enum CoordinateSpace {
    case global, local
    case named(AnyHashable)
}

nonisolated public struct GestureMask: OptionSet {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all = GestureMask(rawValue: 3)
}

// MARK: - Colours, gradients, shape styles

public protocol ShapeStyle: Sendable {}

nonisolated public struct ForegroundStyle: ShapeStyle {
    public init() {}
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { fatalError() }
}

nonisolated public struct Color: Hashable, ShapeStyle, View, Sendable {
    public enum RGBColorSpace: Hashable, Sendable {
        case sRGB, sRGBLinear, displayP3
    }

    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) { fatalError() }
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) { fatalError() }
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) { fatalError() }
    public init(_ name: String, bundle: Bundle? = nil) { fatalError() }

    public func opacity(_ opacity: Double) -> Color { fatalError() }
    /// iOS 18.
    public func mix(with rhs: Color, by fraction: Double, in colorSpace: Gradient.ColorSpace = .perceptual) -> Color { fatalError() }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.5)
    public static let red = Color(white: 0)
    public static let green = Color(white: 0)
    public static let blue = Color(white: 0)
    public static let orange = Color(white: 0)
    public static let yellow = Color(white: 0)
    public static let pink = Color(white: 0)
    public static let purple = Color(white: 0)
    public static let indigo = Color(white: 0)
    public static let teal = Color(white: 0)
    public static let mint = Color(white: 0)
    public static let cyan = Color(white: 0)
    public static let brown = Color(white: 0)
    public static let primary = Color(white: 0)
    public static let secondary = Color(white: 0)
    public static let clear = Color(white: 0)
    public static var accentColor: Color { fatalError() }

    public var body: Never { fatalError() }
}

extension ShapeStyle where Self == Color {
    public static var black: Color { fatalError() }
    public static var white: Color { fatalError() }
    public static var gray: Color { fatalError() }
    public static var red: Color { fatalError() }
    public static var green: Color { fatalError() }
    public static var blue: Color { fatalError() }
    public static var orange: Color { fatalError() }
    public static var yellow: Color { fatalError() }
    public static var pink: Color { fatalError() }
    public static var purple: Color { fatalError() }
    public static var clear: Color { fatalError() }
}

nonisolated public struct Gradient: Hashable {
    public struct Stop: Hashable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) { fatalError() }
    }
    /// iOS 16.
    public struct ColorSpace: Hashable, Sendable {
        public static let device = ColorSpace()
        public static let perceptual = ColorSpace()
    }
    public var stops: [Gradient.Stop]
    public init(stops: [Gradient.Stop]) { fatalError() }
    public init(colors: [Color]) { fatalError() }
}

nonisolated public struct LinearGradient: ShapeStyle, View {
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) { fatalError() }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) { fatalError() }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) { fatalError() }
    public var body: Never { fatalError() }
}

nonisolated public struct RadialGradient: ShapeStyle, View {
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) { fatalError() }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) { fatalError() }
    public var body: Never { fatalError() }
}

// MARK: - Shapes

nonisolated public struct Path {
    public init() { fatalError() }
    public init(_ rect: CGRect) { fatalError() }
}

nonisolated public struct FillStyle: Equatable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}

/// CoreGraphics' line caps and joins, which `StrokeStyle` takes (CoreGraphics does not exist on Linux).
public enum CGLineCap: Int32 { case butt, round, square }
public enum CGLineJoin: Int32 { case miter, round, bevel }

nonisolated public struct StrokeStyle: Equatable {
    public var lineWidth: CGFloat
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) { fatalError() }
}

public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular, continuous
}

public protocol Shape: Sendable, View {
    nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
    public nonisolated var body: _ShapeView<Self, ForegroundStyle> { fatalError() }
}

/// What a shape draws as a view before any `fill` (Apple's `_ShapeView`).
nonisolated public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View {
    public var body: Never { fatalError() }
}

extension Shape {
    /// iOS 17: the result is a `ShapeView`, so a `stroke` can follow.
    public nonisolated func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> FillShapeView<Self, S, EmptyView> { fatalError() }
    public nonisolated func fill(style: FillStyle = FillStyle()) -> some View { _StandInModified() }
    /// iOS 17.
    public nonisolated func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> StrokeShapeView<Self, S, EmptyView> { fatalError() }
    /// iOS 17.
    public nonisolated func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> StrokeShapeView<Self, S, EmptyView> { fatalError() }
    public nonisolated func stroke(lineWidth: CGFloat = 1) -> some Shape { Rectangle() }
    public nonisolated func stroke(style: StrokeStyle) -> some Shape { Rectangle() }
    public nonisolated func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape { Rectangle() }
}

/// iOS 17: a view that provides a shape for further drawing (`Capsule().fill(.yellow).stroke(.blue, lineWidth: 8)`).
public protocol ShapeView<Content>: View {
    associatedtype Content: Shape
    var shape: Self.Content { get }
}

extension ShapeView {
    public nonisolated func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> FillShapeView<Self.Content, S, Self> { fatalError() }
    public nonisolated func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> StrokeShapeView<Self.Content, S, Self> { fatalError() }
    public nonisolated func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> StrokeShapeView<Self.Content, S, Self> { fatalError() }
}

nonisolated public struct FillShapeView<Content: Shape, Style: ShapeStyle, Background: View>: ShapeView {
    public var shape: Content
    public var style: Style
    public var fillStyle: FillStyle
    public var background: Background
    public init(shape: Content, style: Style, fillStyle: FillStyle, background: Background) { fatalError() }
    public var body: Never { fatalError() }
}

nonisolated public struct StrokeShapeView<Content: Shape, Style: ShapeStyle, Background: View>: ShapeView {
    public var shape: Content
    public var style: Style
    public var strokeStyle: StrokeStyle
    public var isAntialiased: Bool
    public var background: Background
    public init(shape: Content, style: Style, strokeStyle: StrokeStyle, isAntialiased: Bool, background: Background) { fatalError() }
    public var body: Never { fatalError() }
}

nonisolated public struct Rectangle: Shape {
    public init() {}
    public nonisolated func path(in rect: CGRect) -> Path { fatalError() }
}

nonisolated public struct RoundedRectangle: Shape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { fatalError() }
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { fatalError() }
    public nonisolated func path(in rect: CGRect) -> Path { fatalError() }
}

nonisolated public struct Circle: Shape {
    public init() {}
    public nonisolated func path(in rect: CGRect) -> Path { fatalError() }
}

nonisolated public struct Ellipse: Shape {
    public init() {}
    public nonisolated func path(in rect: CGRect) -> Path { fatalError() }
}

nonisolated public struct Capsule: Shape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { fatalError() }
    public nonisolated func path(in rect: CGRect) -> Path { fatalError() }
}

// MARK: - Text and fonts

nonisolated public struct Font: Hashable, Sendable {
    public struct Weight: Hashable, Sendable {
        public static let ultraLight = Weight()
        public static let thin = Weight()
        public static let light = Weight()
        public static let regular = Weight()
        public static let medium = Weight()
        public static let semibold = Weight()
        public static let bold = Weight()
        public static let heavy = Weight()
        public static let black = Weight()
    }
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }
    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    /// iOS 16 (the iOS 13 overload with non-optional defaults is left out: see the header).
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { fatalError() }
    /// iOS 16.
    public static func system(_ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil) -> Font { fatalError() }
    public static func custom(_ name: String, size: CGFloat) -> Font { fatalError() }

    public static let largeTitle = Font.system(.largeTitle)
    public static let title = Font.system(.title)
    public static let headline = Font.system(.headline)
    public static let subheadline = Font.system(.subheadline)
    public static let body = Font.system(.body)
    public static let callout = Font.system(.callout)
    public static let footnote = Font.system(.footnote)
    public static let caption = Font.system(.caption)

    public func weight(_ weight: Font.Weight) -> Font { fatalError() }
    public func bold() -> Font { fatalError() }
    public func italic() -> Font { fatalError() }
    public func monospaced() -> Font { fatalError() }
    public func monospacedDigit() -> Font { fatalError() }
}

nonisolated public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    public init(_ value: String) { fatalError() }
    public init(stringLiteral value: String) { fatalError() }
    public init(stringInterpolation: DefaultStringInterpolation) { fatalError() }
}

nonisolated public struct Text: Equatable, View {
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { fatalError() }
    public init(verbatim content: String) { fatalError() }

    public func font(_ font: Font?) -> Text { fatalError() }
    public func fontWeight(_ weight: Font.Weight?) -> Text { fatalError() }
    public func foregroundColor(_ color: Color?) -> Text { fatalError() }
    public func kerning(_ kerning: CGFloat) -> Text { fatalError() }
    public func tracking(_ tracking: CGFloat) -> Text { fatalError() }
    public func bold() -> Text { fatalError() }
    public func italic() -> Text { fatalError() }
    public func monospacedDigit() -> Text { fatalError() }

    public static func == (lhs: Text, rhs: Text) -> Bool { fatalError() }
    public var body: Never { fatalError() }
}

// MARK: - Containers

nonisolated public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

nonisolated public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

nonisolated public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

nonisolated public struct Group<Content> {
    public var body: Never { fatalError() }
}

extension Group: View where Content: View {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
}

nonisolated public struct Spacer: View {
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { fatalError() }
    public var body: Never { fatalError() }
}

nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    public var body: Never { fatalError() }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// A constant range.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) { fatalError() }
}

extension ForEach where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

nonisolated public struct GeometryProxy {
    public var size: CGSize { fatalError() }
    public var safeAreaInsets: EdgeInsets { fatalError() }
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { fatalError() }
}

nonisolated public struct GeometryReader<Content: View>: View {
    public var content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { fatalError() }
    public var body: Never { fatalError() }
}

// MARK: - View modifiers

@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

nonisolated public struct EmptyModifier: ViewModifier {
    public static let identity = EmptyModifier()
    public init() {}
    public func body(content: Content) -> Never { fatalError() }
}

nonisolated public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) { fatalError() }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    public func body(content: _ViewModifier_Content<ModifiedContent<Content, Modifier>>) -> Never { fatalError() }
}

extension ViewModifier {
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
}

/// The stand-in's one result for `some View`: every modifier returns it (Apple's are private types; only the
/// opaque `some View` is API).
nonisolated public struct _StandInModified: View {
    public var body: Never { fatalError() }
}

extension View {
    public nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }

    // Layout
    public nonisolated func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { _StandInModified() }
    public nonisolated func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                                  minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { _StandInModified() }
    public nonisolated func fixedSize() -> some View { _StandInModified() }
    public nonisolated func fixedSize(horizontal: Bool, vertical: Bool) -> some View { _StandInModified() }
    public nonisolated func padding(_ insets: EdgeInsets) -> some View { _StandInModified() }
    public nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _StandInModified() }
    public nonisolated func padding(_ length: CGFloat) -> some View { _StandInModified() }
    public nonisolated func offset(_ offset: CGSize) -> some View { _StandInModified() }
    public nonisolated func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { _StandInModified() }
    public nonisolated func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { _StandInModified() }
    public nonisolated func zIndex(_ value: Double) -> some View { _StandInModified() }
    public nonisolated func id<ID: Hashable>(_ id: ID) -> some View { _StandInModified() }

    // Layers
    public nonisolated func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View { _StandInModified() }
    public nonisolated func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { _StandInModified() }
    public nonisolated func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View { _StandInModified() }
    public nonisolated func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { _StandInModified() }
    public nonisolated func mask<Mask: View>(_ mask: Mask) -> some View { _StandInModified() }
    public nonisolated func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View { _StandInModified() }
    public nonisolated func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { _StandInModified() }
    public nonisolated func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { _StandInModified() }

    // Rendering
    public nonisolated func opacity(_ opacity: Double) -> some View { _StandInModified() }
    public nonisolated func blur(radius: CGFloat, opaque: Bool = false) -> some View { _StandInModified() }
    public nonisolated func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View { _StandInModified() }
    public nonisolated func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View { _StandInModified() }
    public nonisolated func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { _StandInModified() }
    public nonisolated func scaleEffect(x: CGFloat = 1.0, y: CGFloat = 1.0, anchor: UnitPoint = .center) -> some View { _StandInModified() }
    public nonisolated func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { _StandInModified() }
    public nonisolated func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                             anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> some View { _StandInModified() }
    public nonisolated func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { _StandInModified() }
    public nonisolated func compositingGroup() -> some View { _StandInModified() }
    public nonisolated func drawingGroup(opaque: Bool = false) -> some View { _StandInModified() }

    // Text and colour
    public nonisolated func font(_ font: Font?) -> some View { _StandInModified() }
    public nonisolated func fontWeight(_ weight: Font.Weight?) -> some View { _StandInModified() }
    /// iOS 16.
    public nonisolated func kerning(_ kerning: CGFloat) -> some View { _StandInModified() }
    public nonisolated func foregroundColor(_ color: Color?) -> some View { _StandInModified() }
    public nonisolated func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _StandInModified() }
    public nonisolated func tint(_ tint: Color?) -> some View { _StandInModified() }
    public nonisolated func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { _StandInModified() }

    // Animation and transitions
    public nonisolated func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { _StandInModified() }
    @available(*, deprecated, message: "Use withAnimation or animation(_:value:) instead.")
    public nonisolated func animation(_ animation: Animation?) -> some View { _StandInModified() }
    public nonisolated func transition(_ t: AnyTransition) -> some View { _StandInModified() }
    public nonisolated func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame,
                                                                anchor: UnitPoint = .center, isSource: Bool = true) -> some View { _StandInModified() }

    // Events and gestures
    public nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View { _StandInModified() }
    public nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View { _StandInModified() }
    public nonisolated func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { _StandInModified() }
    public nonisolated func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { _StandInModified() }
    public nonisolated func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { _StandInModified() }
    public nonisolated func highPriorityGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { _StandInModified() }
    public nonisolated func allowsHitTesting(_ enabled: Bool) -> some View { _StandInModified() }
}

nonisolated public struct MatchedGeometryProperties: OptionSet {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame = MatchedGeometryProperties(rawValue: 3)
}

// MARK: - Animation

nonisolated public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
    public static var linear: Animation { fatalError() }
    public static func linear(duration: TimeInterval) -> Animation { fatalError() }
    public static var easeIn: Animation { fatalError() }
    public static func easeIn(duration: TimeInterval) -> Animation { fatalError() }
    public static var easeOut: Animation { fatalError() }
    public static func easeOut(duration: TimeInterval) -> Animation { fatalError() }
    public static var easeInOut: Animation { fatalError() }
    public static func easeInOut(duration: TimeInterval) -> Animation { fatalError() }
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation { fatalError() }
    /// The iOS 13 spring (`spring(duration:bounce:blendDuration:)`, whose arguments all default as well, is left out:
    /// with both, `.spring()` would be ambiguous here; the real SDK separates them by availability).
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation { fatalError() }
    public static var spring: Animation { fatalError() }
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: TimeInterval = 0.25) -> Animation { fatalError() }
    public static func interpolatingSpring(mass: Double = 1.0, stiffness: Double, damping: Double, initialVelocity: Double = 0.0) -> Animation { fatalError() }
    public static var bouncy: Animation { fatalError() }
    public static var smooth: Animation { fatalError() }
    public static var snappy: Animation { fatalError() }

    public func delay(_ delay: TimeInterval) -> Animation { fatalError() }
    public func speed(_ speed: Double) -> Animation { fatalError() }
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation { fatalError() }
    public func repeatForever(autoreverses: Bool = true) -> Animation { fatalError() }
}

public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result { fatalError() }

// MARK: - Keyframes (iOS 17)

public protocol VectorArithmetic: AdditiveArithmetic {
    mutating func scale(by rhs: Double)
    var magnitudeSquared: Double { get }
}

public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

extension Double: VectorArithmetic, Animatable {
    public mutating func scale(by rhs: Double) { fatalError() }
    public var magnitudeSquared: Double { fatalError() }
    public var animatableData: Double { get { fatalError() } set { fatalError() } }
}

extension CGFloat: VectorArithmetic, Animatable {
    public mutating func scale(by rhs: Double) { fatalError() }
    public var magnitudeSquared: Double { fatalError() }
    public var animatableData: CGFloat { get { fatalError() } set { fatalError() } }
}

extension Angle: Animatable {
    public var animatableData: Double { get { fatalError() } set { fatalError() } }
}

nonisolated public struct Spring: Hashable, Sendable {
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) { fatalError() }
    public init(response: Double, dampingRatio: Double) { fatalError() }
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) { fatalError() }
    public static var smooth: Spring { fatalError() }
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring { fatalError() }
    public static var snappy: Spring { fatalError() }
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring { fatalError() }
    public static var bouncy: Spring { fatalError() }
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring { fatalError() }
}

nonisolated public struct UnitCurve: Hashable, Sendable {
    public static let linear = UnitCurve()
    public static let easeIn = UnitCurve()
    public static let easeOut = UnitCurve()
    public static let easeInOut = UnitCurve()
}

public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable = Self.Body.Value
    associatedtype Body: KeyframeTrackContent
    var body: Self.Body { get }
}

public protocol Keyframes<Value> {
    associatedtype Value = Self.Body.Value
    associatedtype Body: Keyframes
    var body: Self.Body { get }
}

nonisolated public struct LinearKeyframe<Value>: KeyframeTrackContent where Value: Animatable {
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) { fatalError() }
    public var body: LinearKeyframe<Value> { fatalError() }
}

nonisolated public struct SpringKeyframe<Value>: KeyframeTrackContent where Value: Animatable {
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) { fatalError() }
    public var body: SpringKeyframe<Value> { fatalError() }
}

nonisolated public struct CubicKeyframe<Value>: KeyframeTrackContent where Value: Animatable {
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) { fatalError() }
    public var body: CubicKeyframe<Value> { fatalError() }
}

nonisolated public struct MoveKeyframe<Value>: KeyframeTrackContent where Value: Animatable {
    public init(_ to: Value) { fatalError() }
    public var body: MoveKeyframe<Value> { fatalError() }
}

/// The stand-in's one result of the keyframe builders (Apple's are unnamed API types).
nonisolated public struct _StandInKeyframeTrackContent<Value: Animatable>: KeyframeTrackContent {
    public var body: _StandInKeyframeTrackContent<Value> { fatalError() }
}

nonisolated public struct _StandInKeyframes<Value>: Keyframes {
    public var body: _StandInKeyframes<Value> { fatalError() }
}

@resultBuilder
nonisolated public struct KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> K where Value == K.Value { fatalError() }
    public static func buildBlock<each K: KeyframeTrackContent>(_ components: repeat each K) -> _StandInKeyframeTrackContent<Value> { fatalError() }
}

/// `KeyframeTrack`'s generic parameter `Value` (the field's type) stands for `Keyframes.Value` too, so the builder
/// takes a track by its root: `KeyframeTrack(\.scale) { … }` inside `KeyframesBuilder<Root>`.
@resultBuilder
nonisolated public struct KeyframesBuilder<Value> {
    public static func buildExpression<V, C>(_ expression: KeyframeTrack<Value, V, C>) -> _StandInKeyframes<Value> { fatalError() }
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _StandInKeyframes<Value> where Value == K.Value { fatalError() }
    public static func buildBlock(_ components: _StandInKeyframes<Value>...) -> _StandInKeyframes<Value> { fatalError() }
}

nonisolated public struct KeyframeTrack<Root, Value, Content>: Keyframes where Value == Content.Value, Content: KeyframeTrackContent {
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) { fatalError() }
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) where Root == Value { fatalError() }
    public var body: KeyframeTrack<Root, Value, Content> { fatalError() }
}

nonisolated public struct PlaceholderContentView<Value>: View {
    public var body: Never { fatalError() }
}

extension View {
    public nonisolated func keyframeAnimator<Value>(initialValue: Value, trigger: some Equatable,
                                                    @ViewBuilder content: @escaping @Sendable (PlaceholderContentView<Self>, Value) -> some View,
                                                    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>) -> some View { _StandInModified() }
    public nonisolated func keyframeAnimator<Value>(initialValue: Value, repeating: Bool = true,
                                                    @ViewBuilder content: @escaping @Sendable (PlaceholderContentView<Self>, Value) -> some View,
                                                    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>) -> some View { _StandInModified() }
}

// MARK: - Phase animators (iOS 17)

nonisolated public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
    public init(_ phases: some Sequence<Phase>, trigger: some Equatable, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) { fatalError() }
    public init(_ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) { fatalError() }
    public var body: Never { fatalError() }
}

extension View {
    public nonisolated func phaseAnimator<Phase: Equatable>(_ phases: some Sequence<Phase>, trigger: some Equatable,
                                                           @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
                                                           animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View { _StandInModified() }
    public nonisolated func phaseAnimator<Phase: Equatable>(_ phases: some Sequence<Phase>,
                                                           @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
                                                           animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View { _StandInModified() }
}

// MARK: - Transitions

nonisolated public struct AnyTransition {
    public static let identity = AnyTransition()
    public static let opacity = AnyTransition()
    public static var scale: AnyTransition { fatalError() }
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition { fatalError() }
    public static var slide: AnyTransition { fatalError() }
    public static func move(edge: Edge) -> AnyTransition { fatalError() }
    public static func offset(_ offset: CGSize) -> AnyTransition { fatalError() }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { fatalError() }
    public static func push(from edge: Edge) -> AnyTransition { fatalError() }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { fatalError() }
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition { fatalError() }

    public func combined(with other: AnyTransition) -> AnyTransition { fatalError() }
    public func animation(_ animation: Animation?) -> AnyTransition { fatalError() }
}

// MARK: - Gestures

@MainActor @preconcurrency
public protocol Gesture<Value> {
    associatedtype Value
}

extension Gesture {
    public nonisolated func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self> { fatalError() }
}

extension Gesture where Self.Value: Equatable {
    public nonisolated func onChanged(_ action: @escaping (Self.Value) -> Void) -> _ChangedGesture<Self> { fatalError() }
}

nonisolated public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
}

nonisolated public struct _ChangedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
}

nonisolated public struct TapGesture: Gesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { fatalError() }
}

nonisolated public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) { fatalError() }
}

nonisolated public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize { fatalError() }
        public var velocity: CGSize { fatalError() }
        public var predictedEndLocation: CGPoint { fatalError() }
        public var predictedEndTranslation: CGSize { fatalError() }
    }
    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) { fatalError() }
}

// MARK: - Previews

/// `#Preview { … }`. Declared with Apple's signature; its implementation is a plugin of the same module and type
/// names that expands to nothing (Tests/SwiftUIStandIn/PreviewsMacros.swift), which the type-check test builds and
/// loads, so that the macro's arguments (the body closure among them) are type-checked against this signature.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "PreviewsMacros", type: "SwiftUIView")

// MARK: - UIKit

@MainActor @preconcurrency
open class UIFeedbackGenerator {
    public init() { fatalError() }
    open func prepare() { fatalError() }
}

@MainActor @preconcurrency
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }
    public init(style: UIImpactFeedbackGenerator.FeedbackStyle) { fatalError() }
    open func impactOccurred() { fatalError() }
    open func impactOccurred(intensity: CGFloat) { fatalError() }
}

@MainActor @preconcurrency
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }
    open func notificationOccurred(_ notificationType: UINotificationFeedbackGenerator.FeedbackType) { fatalError() }
}
