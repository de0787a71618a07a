import CRLottie
import Foundation
import Geometry

/// One parsed Lottie animation in rlottie. Not thread-safe (rlottie keeps its render tree in the
/// animation): each worker keeps its own, in a `LottieCache`.
public final class LottiePlayer {
    private let animation: OpaquePointer
    /// What rlottie reports: composition size, frames from the in point (op − ip), frames per second.
    public let width: Int, height: Int, frameCount: Int, frameRate: Double

    /// rlottie's parser keeps global state in some versions; parsing and freeing one at a time keeps it safe
    /// whatever the number of workers (drawing is per animation and needs no lock).
    private static let parseLock = NSLock()

    /// Parses `json` (UTF-8 bytes); nil when rlottie cannot read it. Never crashes on bytes that are not
    /// Lottie: a NUL inside the data ends the text rlottie sees, which the caller's JSON check has rejected already.
    public init?(json: [UInt8]) {
        var text = json
        text.append(0)
        let made: OpaquePointer? = Self.parseLock.withLock {
            text.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    // An empty key: rlottie's model cache is not consulted (each call parses).
                    lottie_animation_from_data($0, "", "")
                }
            }
        }
        guard let a = made else { return nil }
        var w = 0, h = 0
        lottie_animation_get_size(a, &w, &h)
        animation = a
        width = w; height = h
        frameCount = lottie_animation_get_totalframe(a)
        frameRate = lottie_animation_get_framerate(a)
    }

    deinit {
        Self.parseLock.withLock { lottie_animation_destroy(animation) }
    }

    /// Largest side rendered, in pixels (a bigger view draws its frame at this size and is scaled up).
    public static let maxSide = 8192

    /// Draws frame `frame` (from the in point, clamped to 0 … frameCount − 1) scaled to `width`×`height` pixels
    /// into `buffer`, premultiplied ARGB32 in native byte order (Cairo's `CAIRO_FORMAT_ARGB32`), `bytesPerRow`
    /// apart. The buffer must be cleared first: rlottie draws over it.
    public func render(frame: Int, width: Int, height: Int, into buffer: UnsafeMutablePointer<UInt32>, bytesPerRow: Int) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide, bytesPerRow >= width * 4 else { return }
        let f = max(0, min(frame, frameCount - 1))
        lottie_animation_render(animation, f, buffer, width, height, bytesPerRow)
    }
}

/// Parsed animations of one worker, by path; each file is parsed once per worker, the first time it is drawn.
/// The same document always gives the same pixels, so which worker draws a frame never matters.
public final class LottieCache {
    private var players: [String: (digest: UInt64, player: LottiePlayer?)] = [:]

    public init() {}

    /// The player of `document`; nil when rlottie cannot read it (the loader has made sure it can).
    public func player(_ document: LottieDocument) -> LottiePlayer? {
        if let p = players[document.path], p.digest == document.digest { return p.player }
        let p = LottiePlayer(json: document.json)
        players[document.path] = (document.digest, p)
        return p
    }
}
