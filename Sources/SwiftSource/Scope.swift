import SceneJSON
internal import SwiftSyntax

/// What a name stands for while the translator walks a body.
indirect enum Binding {
    /// A value known now (a constant, or an expression over state).
    case sym(Sym)
    /// An expression written elsewhere (an argument, a property's initialiser), evaluated where it is used.
    case lazy(ExprSyntax, Scope)
    /// A state variable of the scene (its scene name).
    case state(String)
    /// A gesture's value (`value` in `.onChanged { value in … }`): members map to `gesture.*`.
    case gesture
    /// A GeometryReader's proxy.
    case geometry
    /// The `rect` of a custom Shape's `path(in:)`: its origin is 0, 0 and its size the shape's laid-out size.
    case rect
    /// A struct or tuple value (an item of a `ForEach` over a constant array): its fields by name (a tuple's also
    /// by position, `0`, `1`, …).
    case record([String: Binding])
    /// `@Namespace`: scopes matched-geometry ids.
    case namespace(String)
    /// A view already translated (a ViewModifier's `content`, a view argument).
    case views([JSONValue])
    /// A closure passed as an argument (a view builder or an action).
    case closure(ClosureExprSyntax, Scope)
    /// A variable holding timers (`@State var timer: Timer?`): the running flags of the timers assigned to it.
    case timer(String)
    /// A `let` holding `Timer.publish(…).autoconnect()`: its interval.
    case publisher(Sym)
    /// A feedback generator (`let haptic = UIImpactFeedbackGenerator(style: .soft)`): the haptic it fires.
    case haptic(String)
}

/// An instance of one of the file's structs being inlined: its properties as bound at the call site.
final class Instance {
    let type: String
    var properties: [String: Binding] = [:]
    init(type: String) { self.type = type }
}

/// The environment SwiftUI passes down a view tree, as far as the translator keeps it.
struct Environment {
    /// `.foregroundColor` / `.foregroundStyle`: the fill of shapes and text below that set none.
    /// (Fonts, weights and kerning are set on the translated views below a modifier afterwards: see applyFont.)
    var foreground: JSONValue?
}

/// A GeometryReader whose size an event reads: the id it is given when one does (named only then, so that a file
/// whose handlers read no size translates with the same hidden names as before).
final class GeometryUse {
    var id: String?
}

struct Scope {
    var values: [String: Binding] = [:]
    var instance: Instance?
    var trail = Trail()
    var environment = Environment()
    /// The condition under which the views being translated are present (for `onAppear`).
    var presence: Sym = .bool(true)
    /// The GeometryReader the views being translated are in: an `onAppear` that reads its size names it.
    var geometryUse: GeometryUse?
    /// Inside a `ForEach` translated as a `forEach` (its views are copies: a GeometryReader among them has no one id).
    var inForEach = false
    /// Inside the items of a `ForEach` written out one by one: which item (`_2`, or `_1_0` nested), so that a view of
    /// the file used in each item has a `@State` of its own per item, as SwiftUI gives it.
    var copySuffix = ""

    /// A scope for the body of one of the file's views, modifiers or view functions inlined here: a fresh set of names,
    /// with what flows down the tree kept (environment, presence, the GeometryReader, the ForEach copy).
    func inlined(instance: Instance?, trail: Trail) -> Scope {
        var s = Scope(instance: instance, trail: trail)
        s.environment = environment
        s.presence = presence
        s.geometryUse = geometryUse
        s.inForEach = inForEach
        s.copySuffix = copySuffix
        return s
    }

    func with(_ name: String, _ b: Binding) -> Scope {
        var s = self
        s.values[name] = b
        return s
    }

    /// This scope with `bindings` added (replacing names it has).
    func with(_ bindings: [String: Binding]) -> Scope {
        var s = self
        s.values.merge(bindings) { $1 }
        return s
    }

    func adding(_ trailPart: String) -> Scope {
        var s = self
        s.trail = trail.adding(trailPart)
        return s
    }
}
