import Motion
import SceneModel

extension Simulation {
    /// The `Motion.Animation` of a change; a spring's expression `initialVelocity` is evaluated
    /// on the state before the change.
    func makeAnimation(_ spec: AnimationSpec, slots: [Value], time: Double, path: String) throws(TimelineError) -> Animation {
        var v0 = 0.0
        switch spec.initialVelocity {
        case .constant(let c)?: v0 = c
        case .expression(let e)?:
            let v = e.evaluate(slots)
            guard case .number(let n) = v, n.isFinite else {
                throw TimelineError(time: time, path: e.path, message: "initialVelocity \"\(e.source)\" gave \(v), not a finite number")
            }
            v0 = n
        case nil: break
        }
        return Animation(spec, initialVelocity: v0)
    }
}

extension Animation {
    /// The animation of a spec that has no state to evaluate an expression on (a transition's own animation, a
    /// curve an expectation follows): its spring's `initialVelocity` is the number the scene gives, 0 when none.
    /// The loaders refuse an expression there.
    public init(constantVelocity spec: AnimationSpec) {
        var v0 = 0.0
        if case .constant(let c)? = spec.initialVelocity { v0 = c }
        self.init(spec, initialVelocity: v0)
    }

    /// The animation a scene's `AnimationSpec` describes, with the spring's relative initial velocity.
    public init(_ spec: AnimationSpec, initialVelocity v0: Double = 0) {
        let curve: Animation.Curve
        switch spec.curve {
        case .spring(let r, let z): curve = .spring(SpringCurve(response: r, dampingFraction: z), initialVelocity: v0)
        case .springPhysical(let m, let k, let c): curve = .spring(SpringCurve(mass: m, stiffness: k, damping: c), initialVelocity: v0)
        case .springDuration(let d, let b): curve = .spring(SpringCurve(duration: d, bounce: b), initialVelocity: v0)
        case .springUIKit(let d, let z):
            curve = .spring(SpringCurve(uikitDuration: d, dampingRatio: z, initialVelocity: v0), initialVelocity: v0)
        case .bezier(let x1, let y1, let x2, let y2, let d):
            curve = (x1 == 0 && y1 == 0 && x2 == 1 && y2 == 1) ? .linear(duration: d)
                : .bezier(CubicBezierCurve(x1: x1, y1: y1, x2: x2, y2: y2), duration: d)
        }
        let repeats: Animation.RepeatCount
        switch spec.repeatCount {
        case nil: repeats = .count(1)
        case .max?: repeats = .forever
        case let n?: repeats = .count(n)
        }
        self.init(curve: curve, delay: spec.delay, speed: spec.speed, repeatCount: repeats, autoreverses: spec.autoreverses)
    }
}
