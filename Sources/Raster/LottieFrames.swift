import CCairo
import DisplayList
import Geometry
import Lottie

/// One worker's Lottie animations: each file parsed once (the first time it is drawn), and the last frames
/// drawn, since a view at rest or several views of one icon draw the same frame many times. Pixels depend only
/// on (file, frame, size), so the cache never changes what is drawn.
final class LottieFrameCache {
    struct Key: Hashable {
        var path: String
        var digest: UInt64
        var frame: Int
        var width: Int
        var height: Int
    }

    let players = LottieCache()
    private var frames: [Key: PixelSurface] = [:]
    /// Frames kept at once; past it the cache starts again (a scene of many playing icons parses nothing again,
    /// it only redraws).
    static let capacity = 48

    func surface(_ document: LottieDocument, frame: Int, width: Int, height: Int) -> PixelSurface? {
        let key = Key(path: document.path, digest: document.digest, frame: frame, width: width, height: height)
        if let s = frames[key] { return s }
        guard let player = players.player(document),
              let s = PixelSurface(region: PixelRect(x: 0, y: 0, width: width, height: height)) else { return nil }
        let stride = s.stride
        let data = s.data
        // A new Cairo surface is cleared; rlottie draws premultiplied ARGB32 in native byte order, Cairo's format.
        data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) {
            player.render(frame: frame, width: width, height: height, into: $0, bytesPerRow: stride)
        }
        s.markDirty()
        if frames.count >= Self.capacity { frames.removeAll(keepingCapacity: true) }
        frames[key] = s
        return s
    }
}

extension CairoRasterizer {
    /// The picture of a `lottie` command: rlottie's frame at the rect's size in device pixels (at most
    /// `LottiePlayer.maxSide` a side), with its pixel size.
    func lottieFrame(_ lc: LottieCommand) -> (PixelSurface, Int, Int)? {
        let w = Int(min(Double(LottiePlayer.maxSide), max(1, (lc.rect.width * scale).rounded())))
        let h = Int(min(Double(LottiePlayer.maxSide), max(1, (lc.rect.height * scale).rounded())))
        guard lc.rect.width.isFinite, lc.rect.height.isFinite, lc.rect.width > 0, lc.rect.height > 0,
              let s = lottieFrames.surface(lc.document, frame: lc.frame, width: w, height: h) else { return nil }
        return (s, w, h)
    }
}
