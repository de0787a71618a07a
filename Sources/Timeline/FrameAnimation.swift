import Geometry
import SceneModel

/// Every view's frame animates (§6): a view present before and after an animated change moves and
/// resizes from its old rest frame to its new one with that change's animation, as SwiftUI animates
/// the geometry of every view whose layout changed under `withAnimation` (siblings shifting because a
/// view appeared, left or resized). Identity is the view's structural path or its `id`.
///
/// While frames are in flight, views are placed at frames of their own, proposed to their whole layout
/// as a matched-geometry frame is: moving views at their animated frame, leaving views where they were
/// before their removal, and the others where the layout of this instant puts them without the leaving
/// views (a removed view leaves the layout at once and its siblings close the gap as they move). Only
/// what needs it is placed so: moving views and everything inside them, or every view while some view
/// is leaving; the rest is laid out as usual, so that it is drawn exactly as at rest. Matched-geometry
/// moves keep their own frames. Texts are the exception to "proposed its frame": a text placed so, or inside the
/// decorations of a view placed so, is laid out for its frame in the target state (`targetSize`) and its lines are
/// placed in the moving frame as they are.
struct FrameAnimation {
    /// Frames in flight at `time`, by view identity.
    var tracks: [String: FrameTrack] = [:]
    /// The rest layouts before each change in the window, latest first: where leaving views were.
    var layoutsBefore: [RestLayout] = []
    /// While frames are in flight, the rest layout after the last change in the window: the target state, where
    /// every frame is heading. Texts are laid out for their frames in it.
    var target: RestLayout?
    /// Scene time in seconds.
    var time: Double = 0

    var isEmpty: Bool { tracks.isEmpty }
}

extension SceneTimeline {
    /// The frames that changes in the current window of `values` animate, those still in flight.
    func frameAnimation(_ values: AnimatedValues, geometry: any GeometryProvider) -> FrameAnimation {
        var result = FrameAnimation(time: values.time)
        guard values.windowCount > 1 else { return result }
        var tracks: [String: FrameTrack] = [:]
        for k in 1..<values.windowCount {
            let s = history.snapshots[values.snapshotIndex(k)]
            // A change without animation matters only to frames already moving: they jump to it.
            guard s.animation != nil || !tracks.isEmpty else { continue }
            let before = restLayout(values.snapshotIndex(k - 1), geometry: geometry)
            let after = restLayout(values.snapshotIndex(k), geometry: geometry)
            result.layoutsBefore.insert(before, at: 0)
            for (identity, new) in after.frames {
                guard let old = before.frames[identity] else {
                    tracks[identity] = nil   // entering: its transition plays, its frame does not move
                    continue
                }
                if tracks[identity] == nil {
                    guard old != new, s.animation != nil else { continue }
                    tracks[identity] = FrameTrack(at: old)
                }
                tracks[identity]?.append(at: s.time, to: new, animation: s.animation)
            }
        }
        result.tracks = tracks.filter { values.time < $0.value.end }
        if !result.tracks.isEmpty { result.target = restLayout(values.snapshotIndex(values.windowCount - 1), geometry: geometry) }
        return result
    }

    /// `root` with every view placed at its presented frame while frames are in flight; unchanged otherwise.
    /// `leaving` maps each view still playing its removal (outermost transition wrapper) to its own identity.
    func animatingFrames(_ root: ResolvedView, values: AnimatedValues, leaving: [String: String],
                         geometry: any GeometryProvider) -> ResolvedView {
        let animation = frameAnimation(values, geometry: geometry)
        // A leaving view stays out of the layout until its removal has played, even one longer than the change.
        guard !animation.isEmpty || !leaving.isEmpty else { return root }
        let live = geometry.frames(of: root.removing(Set(leaving.keys)))
        let pinner = FramePinner(animation: animation, live: live, leaving: leaving, repeated: root.repeatedIdentities())
        return pinner.pin(root, leavingLayout: nil, inherited: !leaving.isEmpty)
    }
}

/// Places each view of a tree at its presented frame (see `FrameAnimation`).
struct FramePinner {
    let animation: FrameAnimation
    /// Frames (canvas points) of the tree laid out at this instant without its leaving views.
    let live: [String: Rect]
    let leaving: [String: String]
    /// Identities shared by several views: their frames are ambiguous, so they are left to their parent.
    let repeated: Set<String>

    /// `leavingLayout`: inside a leaving view, the rest layout it was last present in. `inherited`: the
    /// parent was placed at a frame of its own, so this view must be too (its parent's layout would put
    /// it inside the parent's animated frame, not where it belongs).
    func pin(_ v: ResolvedView, leavingLayout: RestLayout?, inherited: Bool) -> ResolvedView {
        // A matched-geometry move places its views and everything inside them.
        guard v.modifiers.matchedFrame == nil else { return v }
        let track = animation.tracks[v.identity]
        let pinned = inherited || track != nil
        var layout = leavingLayout
        if layout == nil, let own = leaving[v.identity] {
            layout = animation.layoutsBefore.first { $0.frames[own] != nil }
        }
        // Children only: a background, overlay or mask is laid out in its view's frame, presented or not, and so
        // follows it; placed at frames of their own, decorations would leave it (a paint's identity is its key,
        // `background`, shared by every paint background, so it has no frame to be placed at either). Views inside
        // a decoration therefore move with it and do not animate frames of their own (matched moves do: their
        // frames are set before this).
        var out = v.mappingSubviews(along: .children) { pin($0, leavingLayout: layout, inherited: pinned) }
        // Texts inside the decorations of a placed view are laid out for their frames in the target state too.
        if pinned, layout == nil, let target = animation.target {
            out = out.mappingSubviews(along: [.background, .overlay, .mask]) { $0.textsLaidOut(for: target) }
        }
        guard pinned, !repeated.contains(v.identity) else { return out }
        var frame = track?.frame(at: animation.time)
            ?? (layout.map { $0.frames[v.identity] } ?? live[v.identity])
        // A transition's wrapper has no rest frame of its own: it is exactly its one child's frame.
        if frame == nil, case .zstack = v.kind, out.children.count == 1 { frame = out.children[0].modifiers.matchedFrame }
        out.modifiers.matchedFrame = frame
        // A text is laid out for the state the animation is heading to; the animation moves the laid-out text
        // (see `LayoutNode.place`): its lines never re-break or gain an ellipsis as its frame springs through a
        // smaller size. That is its own frame's target when it moves, else its frame in the target state (a text
        // carried along by a moving parent); a text inside a leaving view keeps the layout it was last present in.
        if case .text = v.kind, layout == nil,
           let target = track?.target ?? animation.target?.frames[v.identity] {
            out.modifiers.targetSize = target.size
        }
        return out
    }
}

extension ResolvedView {
    /// This tree with every text that has a frame in `target` set to be laid out for it (`targetSize`).
    func textsLaidOut(for target: RestLayout) -> ResolvedView {
        var v = mappingSubviews { $0.textsLaidOut(for: target) }
        if case .text = kind, let f = target.frames[identity] { v.modifiers.targetSize = f.size }
        return v
    }

    /// The tree without the children whose identity is in `identities` (matched-geometry views stay). Children only,
    /// as `FramePinner` places only views it reaches through children: the layout without the leaving views is read
    /// for those alone.
    func removing(_ identities: Set<String>) -> ResolvedView {
        guard !identities.isEmpty else { return self }
        var v = mappingSubviews(along: .children) { $0.removing(identities) }
        v.children.removeAll { identities.contains($0.identity) && $0.modifiers.matchedFrame == nil }
        return v
    }

    /// Identities that more than one view of the tree carries, among the views `FramePinner` places (through
    /// children; decorations are not placed, and every paint decoration of a kind shares one identity).
    func repeatedIdentities() -> Set<String> {
        var seen: Set<String> = [], repeated: Set<String> = []
        forEachView(along: .children) { v in
            if !seen.insert(v.identity).inserted { repeated.insert(v.identity) }
        }
        return repeated
    }
}
