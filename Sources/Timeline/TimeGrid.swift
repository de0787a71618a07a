import Foundation

/// The scene format compares times on a microsecond grid: something at time T shows in
/// frame i when round(T·10⁶) ≤ round(i·10⁶ / fps).
public enum TimeGrid {
    /// A time in whole microseconds.
    @inline(__always)
    public static func micros(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// The grid time of frame `i` at `fps`, in microseconds.
    public static func frameMicros(_ i: Int, fps: Double) -> Int64 { Int64((Double(i) * 1_000_000 / fps).rounded()) }

    /// The scene time of frame `i` in seconds (i / fps).
    public static func frameTime(_ i: Int, fps: Double) -> Double { Double(i) / fps }

    /// How far, in microseconds, a scripted input time may lie from a frame time of the scene's fps
    /// and still mean that frame: half of the last place of a time written to four decimals.
    public static let inputSnapMicros: Int64 = 50

    /// A scripted input time moved onto the frame time of the scene's own `fps` it names. Most frame
    /// times have no short decimal (frame 31 at 60 fps is 0.51666… s), so a script writes them
    /// rounded, 0.5167; taken literally, such a move lands after its frame and shows in the next one
    /// with the move after it, and every third frame of a steady move repeats the one before. A time within `inputSnapMicros` of a frame
    /// time is that frame time; any other time is kept as written, and so is one already on the
    /// frame's microsecond (0.55, or a drag's 6.6 + 0.1), whose last-bit difference from i / fps
    /// changes no frame and should not change a gesture's velocity either.
    public static func snappedInputTime(_ seconds: Double, fps: Double) -> Double {
        let k = (seconds * fps).rounded()
        guard k.isFinite, abs(k) < 1e12 else { return seconds }
        let frame = Int(k)
        let off = abs(micros(seconds) - frameMicros(frame, fps: fps))
        return off > 0 && off <= inputSnapMicros ? frameTime(frame, fps: fps) : seconds
    }

    /// The first frame that shows something that happens at `seconds`.
    public static func firstFrame(showing seconds: Double, fps: Double) -> Int {
        let t = micros(seconds)
        var i = max(0, Int((Double(t) * fps / 1_000_000).rounded(.down)) - 1)
        while frameMicros(i, fps: fps) < t { i += 1 }
        return i
    }
}
