/// One entry of `input` (§7): scripted pointer input at an exact time.
public struct InputSpec: Sendable {
    public enum Action: Sendable {
        case down(x: Double, y: Double)
        case move(x: Double, y: Double)
        case up
        case tap(x: Double, y: Double)
        /// Seconds.
        case drag(fromX: Double, fromY: Double, toX: Double, toY: Double, duration: Double)
    }
    /// Seconds.
    public var at: Double
    public var action: Action
    /// 0…1.
    public var force: Double?
    public var path: String
    public var location: SourceLocation
    public init(at: Double, action: Action, force: Double?, path: String, location: SourceLocation) {
        self.at = at; self.action = action; self.force = force; self.path = path; self.location = location
    }
}

/// One entry of a view's `gestures` (§7).
public struct GestureSpec: Sendable {
    public indirect enum Kind: Sendable {
        /// A UIControl-style press. `trackingMargin` (points) is how far outside the view's frame the finger
        /// may go before the press ends (drag-exit), and within which it begins again (drag-enter) and a
        /// lift counts as inside (touch-up-inside).
        case press(trackingMargin: Double)
        case tap
        /// Seconds; points.
        case longPress(minimumDuration: Double, maximumDistance: Double)
        /// Points.
        case drag(minimumDistance: Double)
        case sequence([Kind])
    }
    public var kind: Kind
    public var onBegan: EventBody?
    public var onChanged: EventBody?
    public var onEnded: EventBody?
    /// `press` only: the finger lifted within the tracking bounds (UIControl's touch-up-inside), after
    /// `onEnded`; also when it left and came back first.
    public var onTouchUpInside: EventBody? = nil
    /// `longPress` only: the long press failed, lifted before its minimum duration or moved further than its
    /// maximum distance (where SwiftUI's `onPressingChanged` gets false without `perform`).
    public var onFailed: EventBody? = nil
    public var path: String
    public init(kind: Kind, onBegan: EventBody?, onChanged: EventBody?, onEnded: EventBody?, onTouchUpInside: EventBody? = nil, path: String) {
        self.kind = kind; self.onBegan = onBegan; self.onChanged = onChanged; self.onEnded = onEnded; self.onTouchUpInside = onTouchUpInside; self.path = path
    }
}
