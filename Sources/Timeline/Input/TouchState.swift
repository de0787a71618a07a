import Geometry
import SceneModel

/// The state of the one scripted touch and of the gestures of the view it went down on.
struct TouchState {
    /// Increases with every touch, so a long-press deadline of an earlier touch is ignored.
    var serial = 0
    var isDown = false
    var downTime = 0.0
    var downPoint = Point.zero
    var point = Point.zero
    var force = 0.0
    var track = PointerTrack()
    /// The view the touch went down on (by identity) and its gestures.
    var identity: String?
    var binding: GestureBinding?
    var recognizers: [GestureRecognizerState] = []
}

/// Where one gesture of the touched view is in its life.
struct GestureRecognizerState {
    var spec: GestureSpec
    /// Index into the gesture list of the view, for messages.
    var index: Int
    /// For a sequence: which part is running; otherwise 0.
    var part = 0
    /// When the running part started, and where the pointer was then.
    var partStart = 0.0
    var partStartPoint = Point.zero
    /// The running part has been recognised (a drag past its minimum distance, a long press held long enough).
    var active = false
    /// The gesture can no longer succeed during this touch.
    var failed = false
    /// For `press`: whether the pointer is inside and pressing.
    var pressed = false

    /// The kinds of the parts: one for a simple gesture, several for a sequence.
    var parts: [GestureSpec.Kind] {
        if case .sequence(let p) = spec.kind { return p }
        return [spec.kind]
    }
    var isSequence: Bool { if case .sequence = spec.kind { return true } else { return false } }
    /// How far outside the view a press keeps tracking (points); 0 for other gestures.
    var trackingMargin: Double {
        if case .press(let margin) = parts[part] { return margin }
        return 0
    }
    var kindName: String {
        switch spec.kind {
        case .press: return "press"
        case .tap: return "tap"
        case .longPress: return "longPress"
        case .drag: return "drag"
        case .sequence: return "sequence"
        }
    }
}
