import Foundation
import Geometry
import SceneModel

extension Simulation {
    /// The views that have gestures, by identity, wherever they sit (hit testing decides which can be touched).
    static func gestureViews(_ root: ViewSpec) -> [String: ViewSpec] {
        var out: [String: ViewSpec] = [:]
        for v in root.allViews() where !v.gestures.isEmpty { out[v.identity] = v }
        return out
    }

    /// The regions that take gestures at `time`, from the state so far.
    func hitRegions(at time: Double) -> [HitRegion] {
        guard let tester = hitTester else { return [] }
        let partial = StateHistory(partial: snapshots)
        let values = AnimatedValues(history: partial, time: time, current: snapshots.count - 1, stateCount: scene.state.count)
        var resolver = ViewResolver(values: values, images: [:])
        guard let root = resolver.resolveRoot(scene.body, geometry: geometry) else { return [] }
        return tester.hitRegions(of: root)
    }

    /// The gesture variables and loop variables handlers see, after `t` in the value vector.
    func gestureSlots(_ r: GestureRecognizerState, time: Double) -> [Value] {
        let v = touch.track.velocity(at: time)
        let translation = touch.point - r.partStartPoint
        var out: [Value] = [.number(touch.point.x), .number(touch.point.y), .number(translation.x), .number(translation.y),
                            .number(v.x), .number(v.y), .number(touch.force), .bool(touch.isDown && (r.pressed || r.active))]
        out += (touch.binding?.loopValues ?? []).map { .number($0) }
        return out
    }

    /// Runs a handler of recogniser `k` and records the phase.
    mutating func handle(_ k: Int, _ phase: String, _ body: EventBody?, time: Double) throws(TimelineError) {
        let r = touch.recognizers[k]
        let path = "\(r.spec.path)"
        fired.append(FiredEvent(kind: .gesture, time: time, id: touch.identity, path: path, detail: "\(r.kindName).\(phase)",
                                velocity: phase == "ended" ? touch.track.velocity(at: time) : nil))
        guard let b = body else { return }
        try countFiring(time: time, path: path)
        if try apply(b, time: time, path: path + ".on" + phase.prefix(1).uppercased() + phase.dropFirst(), extra: gestureSlots(r, time: time)) {
            try checkWhens(time: time)
        }
    }

    mutating func pointer(_ n: Int, time: Double) throws(TimelineError) {
        let s = pointerSamples[n]
        // A new touch starts without pressure unless the script gives some; later samples keep
        // the last force given, as a finger holds its pressure between moves.
        if s.kind == .down { touch.force = s.force ?? 0 } else if let f = s.force { touch.force = f }
        touch.point = s.point
        switch s.kind {
        case .down:
            if touch.isDown { try pointerUp(time: time) }   // a second down ends the first touch
            touch.serial += 1
            touch.isDown = true
            touch.downTime = time
            touch.downPoint = s.point
            touch.track = PointerTrack()
            touch.track.add(time, s.point)
            touch.recognizers = []
            touch.identity = nil
            touch.binding = nil
            // The front-most view under the point that takes gestures.
            guard let hit = hitRegions(at: time).last(where: { $0.contains(s.point) }),
                  let view = viewSpecs[hit.gestures.view] else { return }
            touch.identity = hit.identity
            touch.binding = hit.gestures
            touch.recognizers = view.gestures.enumerated().map {
                GestureRecognizerState(spec: $1, index: $0, partStart: time, partStartPoint: s.point)
            }
            for k in touch.recognizers.indices { try startPart(k, time: time) }
        case .move:
            guard touch.isDown else { return }
            touch.track.add(time, s.point)
            for k in touch.recognizers.indices where !touch.recognizers[k].failed {
                try move(k, time: time)
            }
        case .up:
            guard touch.isDown else { return }
            touch.track.add(time, s.point)
            try pointerUp(time: time)
        }
    }

    /// Whether `p` is within `margin` points of the touched view's drawn frame.
    func isInsideTouchedView(_ p: Point, margin: Double = 0, time: Double) -> Bool {
        guard let id = touch.identity else { return false }
        return hitRegions(at: time).first(where: { $0.identity == id })?.contains(p, margin: margin) ?? false
    }

    /// Begins part `part` of recogniser `k` at `time`.
    mutating func startPart(_ k: Int, time: Double) throws(TimelineError) {
        var r = touch.recognizers[k]
        r.partStart = time
        r.partStartPoint = touch.point
        r.active = false
        touch.recognizers[k] = r
        switch r.parts[r.part] {
        case .press:
            touch.recognizers[k].pressed = true
            touch.recognizers[k].active = true
            try handle(k, "began", r.spec.onBegan, time: time)
        case .longPress(let minimum, _):
            if !r.isSequence || r.part == 0 { try handle(k, "began", r.spec.onBegan, time: time) }
            schedule(time + minimum, order: scene.timeline.count + pointerSamples.count + k, .gestureDeadline(touch: touch.serial))
        case .drag(let minimum):
            if minimum <= 0 { try recognize(k, time: time) }
        case .tap, .sequence:
            break
        }
    }

    /// The running part of recogniser `k` succeeds: a sequence moves on, the last part becomes active.
    mutating func recognize(_ k: Int, time: Double) throws(TimelineError) {
        let r = touch.recognizers[k]
        if r.part + 1 < r.parts.count {
            touch.recognizers[k].part += 1
            try startPart(k, time: time)
            return
        }
        touch.recognizers[k].active = true
        switch r.parts[r.part] {
        case .longPress: try handle(k, "ended", r.spec.onEnded, time: time)
        case .drag:
            if !r.isSequence { try handle(k, "began", r.spec.onBegan, time: time) }
            try handle(k, "changed", r.spec.onChanged, time: time)
        default: break
        }
    }

    /// Recogniser `k` after the finger moved to `touch.point`. Only a press asks whether the finger is still inside
    /// the touched view (within its tracking margin), which lays the scene out again: other kinds go by distance.
    mutating func move(_ k: Int, time: Double) throws(TimelineError) {
        let r = touch.recognizers[k]
        let distance = hypot(touch.point.x - r.partStartPoint.x, touch.point.y - r.partStartPoint.y)
        switch r.parts[r.part] {
        case .press:
            let inside = isInsideTouchedView(touch.point, margin: r.trackingMargin, time: time)
            // Drag-exit ends the press, drag-enter begins it again (the calculator button).
            if r.pressed && !inside {
                touch.recognizers[k].pressed = false
                try handle(k, "ended", r.spec.onEnded, time: time)
            } else if !r.pressed && inside {
                touch.recognizers[k].pressed = true
                try handle(k, "began", r.spec.onBegan, time: time)
            } else if r.pressed {
                try handle(k, "changed", r.spec.onChanged, time: time)
            }
        case .tap:
            if distance > 10 { touch.recognizers[k].failed = true }
        case .longPress(_, let maximum):
            if !r.active && distance > maximum {
                touch.recognizers[k].failed = true
                fired.append(FiredEvent(kind: .gesture, time: time, id: touch.identity, path: r.spec.path, detail: "\(r.kindName).failed"))
                try longPressFailed(k, time: time)
            }
        case .drag(let minimum):
            if r.active {
                try handle(k, "changed", r.spec.onChanged, time: time)
            } else if distance >= minimum {
                try recognize(k, time: time)
            }
        case .sequence: break
        }
    }

    /// A long press that failed (lifted early or moved too far) runs its `onFailed`.
    mutating func longPressFailed(_ k: Int, time: Double) throws(TimelineError) {
        let r = touch.recognizers[k]
        guard let b = r.spec.onFailed else { return }
        try countFiring(time: time, path: r.spec.path)
        if try apply(b, time: time, path: r.spec.path + ".onFailed", extra: gestureSlots(r, time: time)) {
            try checkWhens(time: time)
        }
    }

    mutating func gestureDeadline(touch serial: Int, time: Double) throws(TimelineError) {
        guard touch.isDown, serial == touch.serial else { return }
        for k in touch.recognizers.indices {
            let r = touch.recognizers[k]
            guard !r.failed, !r.active, case .longPress(let minimum, _) = r.parts[r.part],
                  time - r.partStart >= minimum - 1e-9 else { continue }
            try recognize(k, time: time)
        }
    }

    mutating func pointerUp(time: Double) throws(TimelineError) {
        let inside = isInsideTouchedView(touch.point, time: time)
        for k in touch.recognizers.indices where !touch.recognizers[k].failed {
            let r = touch.recognizers[k]
            switch r.parts[r.part] {
            case .press:
                // Pressed means inside the tracking bounds: the lift is UIControl's touch-up-inside.
                if r.pressed {
                    touch.recognizers[k].pressed = false
                    try handle(k, "ended", r.spec.onEnded, time: time)
                    if !r.isSequence { try handle(k, "touchUpInside", r.spec.onTouchUpInside, time: time) }
                }
            case .tap:
                if inside { try handle(k, "ended", r.spec.onEnded, time: time) }
            case .longPress:
                if !r.active {
                    fired.append(FiredEvent(kind: .gesture, time: time, id: touch.identity, path: r.spec.path, detail: "\(r.kindName).cancelled"))
                    try longPressFailed(k, time: time)
                }
            case .drag:
                if r.active { try handle(k, "ended", r.spec.onEnded, time: time) }
            case .sequence: break
            }
        }
        touch.isDown = false
        touch.recognizers = []
    }
}
