/// Which of a scene's frames a command renders, in output order: every frame, a range (`--frames A-B`), one still
/// (`--at T`) or a shard's block (`--shard K/N`). Computed once from the frame source's length and handed to the
/// output, so a command simulates its scene once.
public struct FrameSelection: Sendable, Equatable {
    /// What the command line asked for.
    public enum Kind: Sendable, Equatable {
        case all
        case range(ClosedRange<Int>)
        /// The frame a still at a time shows.
        case still(Int)
        case shard(ShardSelection)
    }

    public let kind: Kind
    /// The frame indices, ascending.
    public let indices: [Int]
    /// How many frames the scene has at the source's rate.
    public let frameCount: Int

    /// Every frame of `frameCount`.
    public static func all(of frameCount: Int) -> FrameSelection {
        FrameSelection(kind: .all, indices: Array(0..<frameCount), frameCount: frameCount)
    }

    /// Frames `range`, which must lie within the scene (`SceneSpan` checks the command line's).
    public static func range(_ range: ClosedRange<Int>, of frameCount: Int) -> FrameSelection {
        let r = range.clamped(to: 0...max(frameCount - 1, 0))
        return FrameSelection(kind: .range(r), indices: Array(r), frameCount: frameCount)
    }

    /// The one frame `index`.
    public static func still(_ index: Int, of frameCount: Int) -> FrameSelection {
        FrameSelection(kind: .still(index), indices: index < frameCount ? [index] : [], frameCount: frameCount)
    }

    /// Shard `shard`'s block of frames.
    public static func shard(_ shard: ShardSelection, of frameCount: Int) -> FrameSelection {
        FrameSelection(kind: .shard(shard), indices: Array(shard.frames(of: frameCount)), frameCount: frameCount)
    }

    /// True when every frame of the scene is selected.
    public var isAll: Bool { kind == .all }

    /// The shard, when the selection is one.
    public var shard: ShardSelection? {
        if case .shard(let s) = kind { return s }
        return nil
    }
}
