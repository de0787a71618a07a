import DisplayList
import Geometry

/// A layer's effects converted to canvas pixels.
struct LayerEffects {
    /// A shadow with σ and offset in device pixels.
    struct DeviceShadow {
        var color: Color
        var sigma: Double
        var dx: Double, dy: Double
    }

    /// Layer space → canvas pixels.
    var transform: AffineTransform
    var shadows: [DeviceShadow]
    /// Whether each shadow is cast by the content with the shadows before it (SwiftUI's chained
    /// `.shadow` modifiers) rather than by the content alone.
    var chained: Bool
    /// Blur σ in pixels; 0 for none.
    var blur: Double
    var opacity: Double

    init(_ layer: Layer, scale: Double) {
        let t = layer.transform.concatenating(.scale(scale, scale))
        transform = t
        // σ in pixels = the shadow's σ in points (`Shadow.sigma`) × transform meanScale × canvas scale (inside t).
        let m = t.meanScale
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        shadows = layer.shadows.compactMap { s in
            guard s.color.a > 0 else { return nil }
            let ox = finite(s.offset.x), oy = finite(s.offset.y)
            return DeviceShadow(color: s.color, sigma: max(0, finite(s.sigma * m)),
                                dx: finite(t.a * ox + t.c * oy), dy: finite(t.b * ox + t.d * oy))
        }
        // A shadow of colour alpha 0 adds nothing to the alpha either, so dropping it keeps chains exact.
        chained = layer.shadowMode == .chained
        blur = max(0, finite(layer.blur * m))
        opacity = min(1, max(0, finite(layer.opacity)))
    }

    /// The pixels a shadow of content covering `content` can reach.
    static func reach(of s: DeviceShadow, from content: PixelRect) -> PixelRect {
        PixelRect(covering: content.rect.offsetBy(dx: s.dx, dy: s.dy)).expanded(by: GaussianBlur.reach(s.sigma))
    }

    /// The content pixels whose shadow can reach `target`.
    static func sources(of s: DeviceShadow, reaching target: PixelRect) -> PixelRect {
        PixelRect(covering: target.rect.offsetBy(dx: -s.dx, dy: -s.dy)).expanded(by: GaussianBlur.reach(s.sigma))
    }

    /// Where the alpha must be right after each shadow, for the picture to be right in
    /// `target`: entry k (0…n) is for the content with shadows 1…k under it. Independent
    /// shadows all read the content, so entry 0 covers every shadow's sources.
    func needs(reaching target: PixelRect) -> [PixelRect] {
        guard chained else {
            var content = target
            for s in shadows { content = content.union(Self.sources(of: s, reaching: target)) }
            return [content] + shadows.map { _ in target }
        }
        var needs = [target]
        for s in shadows.reversed() {
            let after = needs[0]
            needs.insert(after.union(Self.sources(of: s, reaching: after)), at: 0)
        }
        return needs
    }

    /// The pixels the content in `content` and its shadows can cover.
    func reachOfShadows(from content: PixelRect) -> PixelRect {
        var all = content
        for s in shadows { all = all.union(Self.reach(of: s, from: chained ? all : content)) }
        return all
    }
}
