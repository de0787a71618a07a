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
    /// Blur σ in pixels; 0 for none.
    var blur: Double
    var opacity: Double

    init(_ layer: Layer, scale: Double) {
        let t = layer.transform.concatenating(.scale(scale, scale))
        transform = t
        // σ in pixels = radius × transform meanScale × canvas scale (the scale is inside t).
        let m = t.meanScale
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        shadows = layer.shadows.compactMap { s in
            guard s.color.a > 0 else { return nil }
            let ox = finite(s.offset.x), oy = finite(s.offset.y)
            return DeviceShadow(color: s.color, sigma: max(0, finite(s.radius * m)),
                                dx: finite(t.a * ox + t.c * oy), dy: finite(t.b * ox + t.d * oy))
        }
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
}
