/// A Lottie animation file as a scene loaded it (scene format §3.3b): its JSON bytes, which the raster
/// stage hands to rlottie, and the facts layout and the timeline need. Checked when the scene loads
/// (RenderKit's `LottieLoading`), so a document that exists here parsed with rlottie and has frames.
///
/// Compared by path and content; the content is hashed once, here, so comparing two display lists
/// that draw the same file costs no more than comparing two paths.
public final class LottieDocument: Hashable, Sendable, CustomStringConvertible {
    /// Absolute path of the file: the key of every per-worker cache of parsed animations.
    public let path: String
    /// The file's bytes (UTF-8 JSON).
    public let json: [UInt8]
    /// Composition size in Lottie units, which are points (`w`, `h`).
    public let width: Double, height: Double
    /// In and out points (`ip`, `op`), in Lottie frames.
    public let inPoint: Double, outPoint: Double
    /// Lottie frames per second (`fr`).
    public let frameRate: Double
    /// Frames rlottie counts from the in point (`lottie_animation_get_totalframe`, op − ip); frame
    /// numbers handed to rlottie run 0 ..< frameCount from the in point.
    public let frameCount: Int
    /// FNV-1a of `json`.
    public let digest: UInt64

    public init(path: String, json: [UInt8], width: Double, height: Double, inPoint: Double, outPoint: Double,
                frameRate: Double, frameCount: Int) {
        self.path = path; self.json = json; self.width = width; self.height = height
        self.inPoint = inPoint; self.outPoint = outPoint; self.frameRate = frameRate
        self.frameCount = max(1, frameCount)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in json { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        digest = h
    }

    /// The last frame drawn, counted from the in point: op − 1. rlottie has nothing to draw at the out point
    /// itself (every layer has ended there), so progress 1 shows this frame.
    public var lastFrame: Int { frameCount - 1 }

    /// The frame (from the in point, what rlottie takes) that `progress` 0…1 shows: ip + p·(op − ip), rounded
    /// to the nearest whole frame (rlottie draws whole frames only) and kept within 0 … lastFrame. Progress
    /// outside 0…1 shows the first or last frame; NaN shows the first.
    public func frame(progress p: Double) -> Int {
        clamp((p * (outPoint - inPoint)).rounded())
    }

    /// The frame (from the in point) that the Lottie frame number `f` (counted as the file counts, from 0,
    /// so the in point is frame `ip`) shows: rounded, kept within ip … op − 1.
    public func frame(lottieFrame f: Double) -> Int {
        clamp((f - inPoint).rounded())
    }

    private func clamp(_ x: Double) -> Int {
        guard x.isFinite || x.isInfinite else { return 0 }
        return Int(min(Double(lastFrame), max(0, x)))
    }

    public static func == (a: LottieDocument, b: LottieDocument) -> Bool {
        a === b || (a.path == b.path && a.digest == b.digest && a.json == b.json)
    }

    public func hash(into h: inout Hasher) {
        h.combine(path)
        h.combine(digest)
    }

    public var description: String { "lottie \(path) \(fmtSize(width))×\(fmtSize(height)) frames \(frameCount)" }

    private func fmtSize(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(x) }
}
