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

    /// The first frame that shows something that happens at `seconds`.
    public static func firstFrame(showing seconds: Double, fps: Double) -> Int {
        let t = micros(seconds)
        var i = max(0, Int((Double(t) * fps / 1_000_000).rounded(.down)) - 1)
        while frameMicros(i, fps: fps) < t { i += 1 }
        return i
    }
}
