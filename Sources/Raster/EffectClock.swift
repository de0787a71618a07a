#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic wall-clock readings (nanoseconds) for the rasterizer's shadow and blur timing.
enum EffectClock {
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

extension CairoRasterizer {
    /// Runs `body` (shadow or blur work, which never draws a nested layer) and adds its
    /// wall time to `effectNanoseconds`.
    func timingEffects(_ body: () -> Void) {
        let start = EffectClock.now()
        body()
        effectNanoseconds &+= EffectClock.now() &- start
    }
}
