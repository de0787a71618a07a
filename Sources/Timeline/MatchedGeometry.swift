import Foundation
import Geometry
import Motion
import SceneModel

/// A matched-geometry move in flight: two views with the same id, one leaving and one entering in
/// one animated change, both shown in a frame that animates from the old view's to the new one's.
struct MatchedMove {
    var id: String
    var leaving: String
    var entering: String
    /// The animated frame now, canvas points.
    var frame: Rect
    /// 0 → 1 along the change's animation (springs overshoot).
    var progress: Double
    var morph: Bool
    /// The leaving view at rest, for morphing shape parameters.
    var leavingView: ResolvedView?
    /// One picture of the leaving view (`leavingView`) travels (`snapshot`), from `leavingFrame`, its frame at rest.
    var snapshot = false
    var leavingFrame: Rect = .zero
}

/// The laid-out scene at rest after a snapshot: which views carry which matched ids, and their frames.
struct RestLayout: Sendable {
    var matched: [String: (identity: String, view: ResolvedView)]
    var frames: [String: Rect]
}

/// A small thread-safe cache of rest layouts by snapshot index.
final class RestLayoutCache: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int: RestLayout] = [:]
    func get(_ k: Int) -> RestLayout? { lock.lock(); defer { lock.unlock() }; return items[k] }
    func set(_ k: Int, _ v: RestLayout) {
        lock.lock(); defer { lock.unlock() }
        if items.count > 256 { items.removeAll() }
        items[k] = v
    }
}

extension SceneTimeline {
    /// The scene laid out at rest after snapshot `k` (every animation finished).
    func restLayout(_ k: Int, geometry: any GeometryProvider) -> RestLayout {
        if let c = restCache.get(k) { return c }
        var values = AnimatedValues(history: history, time: history.snapshots[k].time, current: k, stateCount: scene.state.count)
        values.atRest = true
        var resolver = ViewResolver(values: values, images: images, lotties: lotties)
        var matched: [String: (String, ResolvedView)] = [:]
        var frames: [String: Rect] = [:]
        if let root = resolver.resolveRoot(scene.body, geometry: geometry) {
            frames = geometry.frames(of: root)
            for v in root.allViews() {
                if let m = v.modifiers.matchedGeometry, matched[m.id] == nil || m.isSource { matched[m.id] = (v.identity, v) }
            }
        }
        let r = RestLayout(matched: matched.mapValues { (identity: $0.0, view: $0.1) }, frames: frames)
        restCache.set(k, r)
        return r
    }

    /// Matched-geometry moves in flight at `time`, by the identity of each view taking part.
    func matchedMoves(_ values: AnimatedValues, geometry: any GeometryProvider) -> [String: MatchedMove] {
        guard hasMatchedGeometry, values.windowCount > 1 else { return [:] }
        var tracks: [String: (x: AnimationTrack, y: AnimationTrack, w: AnimationTrack, h: AnimationTrack, p: AnimationTrack,
                              leaving: String, entering: String, end: Double, morph: Bool, leavingView: ResolvedView,
                              snapshot: Bool, leavingFrame: Rect)] = [:]
        for k in 1..<values.windowCount {
            let s = history.snapshots[values.snapshotIndex(k)]
            guard let anim = s.animation else { continue }
            let before = restLayout(values.snapshotIndex(k - 1), geometry: geometry)
            let after = restLayout(values.snapshotIndex(k), geometry: geometry)
            for (id, old) in before.matched {
                guard let new = after.matched[id], new.identity != old.identity,
                      let f0 = before.frames[old.identity], let f1 = after.frames[new.identity] else { continue }
                let end = s.time + (anim.duration ?? .infinity)
                let morph = (old.view.modifiers.matchedGeometry?.morph ?? false) && (new.view.modifiers.matchedGeometry?.morph ?? false)
                let snapshot = (old.view.modifiers.matchedGeometry?.snapshot ?? false) && (new.view.modifiers.matchedGeometry?.snapshot ?? false)
                if var t = tracks[id] {
                    t.x.append(at: s.time, to: f1.minX, animation: anim); t.y.append(at: s.time, to: f1.minY, animation: anim)
                    t.w.append(at: s.time, to: f1.width, animation: anim); t.h.append(at: s.time, to: f1.height, animation: anim)
                    t.p.append(at: s.time, to: t.p.target + 1, animation: anim)
                    t.leaving = old.identity; t.entering = new.identity; t.end = end; t.morph = morph; t.leavingView = old.view
                    t.snapshot = snapshot; t.leavingFrame = f0
                    tracks[id] = t
                } else {
                    var x = AnimationTrack(initialValue: f0.minX), y = AnimationTrack(initialValue: f0.minY)
                    var w = AnimationTrack(initialValue: f0.width), h = AnimationTrack(initialValue: f0.height)
                    var p = AnimationTrack(initialValue: 0)
                    x.append(at: s.time, to: f1.minX, animation: anim); y.append(at: s.time, to: f1.minY, animation: anim)
                    w.append(at: s.time, to: f1.width, animation: anim); h.append(at: s.time, to: f1.height, animation: anim)
                    p.append(at: s.time, to: 1, animation: anim)
                    tracks[id] = (x, y, w, h, p, old.identity, new.identity, end, morph, old.view, snapshot, f0)
                }
            }
        }
        var moves: [String: MatchedMove] = [:]
        let t = values.time
        for (id, tr) in tracks where t < tr.end {
            let frame = Rect(x: tr.x.value(at: t), y: tr.y.value(at: t), width: max(0, tr.w.value(at: t)), height: max(0, tr.h.value(at: t)))
            let p = tr.p.value(at: t) - (tr.p.target - 1)
            let move = MatchedMove(id: id, leaving: tr.leaving, entering: tr.entering, frame: frame, progress: p,
                                   morph: tr.morph, leavingView: tr.leavingView, snapshot: tr.snapshot, leavingFrame: tr.leavingFrame)
            moves[tr.leaving] = move
            moves[tr.entering] = move
        }
        return moves
    }
}

extension ResolvedView {
    /// Sets `matchedFrame` on every view taking part in a move.
    func applyingMatchedFrames(_ moves: [String: MatchedMove]) -> ResolvedView {
        var v = mappingSubviews { $0.applyingMatchedFrames(moves) }
        if let m = moves[identity] { v.modifiers.matchedFrame = m.frame }
        return v
    }
}

extension ResolvedView {
    /// `isSource`: while several views with one matched id are present, the others take the
    /// source's frame (laid out as it would be without them following it).
    func followingSources(geometry: any GeometryProvider, moving: [String: MatchedMove]) -> ResolvedView {
        var byID: [String: [ResolvedView]] = [:]
        forEachView { v in
            if let m = v.modifiers.matchedGeometry, moving[v.identity] == nil { byID[m.id, default: []].append(v) }
        }
        var followers: [String: String] = [:]   // follower identity → source identity
        for (_, views) in byID where views.count > 1 {
            guard let source = views.first(where: { $0.modifiers.matchedGeometry?.isSource ?? false }) else { continue }
            for v in views where v.identity != source.identity && !(v.modifiers.matchedGeometry?.isSource ?? true) {
                followers[v.identity] = source.identity
            }
        }
        guard !followers.isEmpty else { return self }
        let frames = geometry.frames(of: self)
        var moves: [String: MatchedMove] = [:]
        for (follower, source) in followers {
            guard let f = frames[source] else { continue }
            moves[follower] = MatchedMove(id: "", leaving: "", entering: follower, frame: f, progress: 1, morph: false, leavingView: nil)
        }
        return applyingMatchedFrames(moves)
    }
}

/// Shape parameters of a morphing pair, interpolated: corner radius, fill and stroke paints, stroke width, trim.
func morphKind(from old: ResolvedKind, to new: ResolvedKind, progress p: Double) -> ResolvedKind {
    func mixFill(_ a: ShapeStyle, _ b: ShapeStyle) -> ShapeStyle {
        var s = b
        s.fill = morphPaint(from: a.fill, to: b.fill, progress: p)
        s.stroke = morphPaint(from: a.stroke, to: b.stroke, progress: p)
        s.strokeWidth = a.strokeWidth + (b.strokeWidth - a.strokeWidth) * p
        if a.trim != nil || b.trim != nil {
            let t0 = a.trim ?? ShapeTrim(), t1 = b.trim ?? ShapeTrim()
            s.trim = ShapeTrim(from: t0.from + (t1.from - t0.from) * p, to: t0.to + (t1.to - t0.to) * p)
        }
        return s
    }
    // Only shapes morph; a rect and a rounded rectangle morph into each other through the corner radius (a rect's is 0,
    // and the rounded one's style is kept); other shapes morph only into their own kind.
    guard case .shape(let a, let sa) = old, case .shape(let b, let sb) = new else { return new }
    let style = mixFill(sa, sb)
    if a == .rect && b == .rect { return .shape(.rect, style) }
    if let r0 = a.cornerRadius, let r1 = b.cornerRadius {
        var corners = CornerStyle.continuous
        if case .roundedRect(_, let s) = a { corners = s }
        if case .roundedRect(_, let s) = b { corners = s }
        return .shape(.roundedRect(cornerRadius: max(0, r0 + (r1 - r0) * p), style: corners), style)
    }
    return a.typeName == b.typeName ? .shape(b, style) : new
}

