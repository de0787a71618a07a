/// Why an animated PNG cannot be written: the caller gave other frames than it announced.
public enum APNGError: Error, Equatable, Sendable, CustomStringConvertible {
    case moreFramesThanAnnounced(Int)
    case sizeChanged
    /// Frames given, frames announced (an animation needs at least one).
    case fewerFramesThanAnnounced(Int, Int)

    public var description: String {
        switch self {
        case .moreFramesThanAnnounced(let n): return "more frames than the \(n) the animation announced"
        case .sizeChanged: return "all frames of an animation must have the same size"
        case .fewerFramesThanAnnounced(0, _): return "an animation needs at least one frame"
        case .fewerFramesThanAnnounced(let given, let announced): return "\(given) frames of \(announced) announced"
        }
    }
}
