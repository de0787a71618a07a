import CCairo
import Foundation
import Geometry

/// Sets a `Paint` as a Cairo source. Gradient unit points resolve against `bounds`, in the
/// user space current when called (the command's local space).
enum PaintSource {
    /// Sets the source of `cr` for `paint`. `deviceArea` (canvas pixels) is where the paint
    /// will be used; an angular gradient is computed per pixel there. The returned object
    /// (if any) must stay alive until the drawing is done.
    @discardableResult
    static func set(_ paint: Paint, bounds: Rect, on cr: OpaquePointer, localToDevice: Geometry.AffineTransform,
                    deviceArea: PixelRect) -> PixelSurface? {
        switch paint {
        case .color(let c):
            cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
        case .linear(let stops, let start, let end):
            let p0 = bounds.point(at: start), p1 = bounds.point(at: end)
            let pattern = cairo_pattern_create_linear(p0.x, p0.y, p1.x, p1.y)
            setGradient(pattern, stops: stops, on: cr)
        case .radial(let stops, let center, let r0, let r1):
            let c = bounds.point(at: center)
            let pattern = cairo_pattern_create_radial(c.x, c.y, max(0, r0), c.x, c.y, max(0, r1))
            setGradient(pattern, stops: stops, on: cr)
        case .angular(let stops, let center, let startAngle, let endAngle):
            return setAngular(stops: stops, center: bounds.point(at: center),
                              sweep: AngularSweep(startAngle: startAngle, endAngle: endAngle), on: cr,
                              localToDevice: localToDevice, area: deviceArea)
        }
        return nil
    }

    /// Stops sorted by location (stable) with locations clamped to 0…1.
    static func sorted(_ stops: [GradientStop]) -> [GradientStop] {
        stops.enumerated()
            .map { (i, s) in (i, GradientStop(color: s.color, location: s.location.isFinite ? min(1, max(0, s.location)) : 0)) }
            .sorted { $0.1.location != $1.1.location ? $0.1.location < $1.1.location : $0.0 < $1.0 }
            .map(\.1)
    }

    private static func setGradient(_ pattern: OpaquePointer?, stops: [GradientStop], on cr: OpaquePointer) {
        guard let pattern else { return }
        let s = sorted(stops)
        if s.isEmpty { cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, 0) }
        for st in s {
            cairo_pattern_add_color_stop_rgba(pattern, st.location, st.color.r, st.color.g, st.color.b, st.color.a)
        }
        // SwiftUI gradients hold their end colours beyond the end points.
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// Cairo 1.16 has no conic gradient. It is computed per device pixel of the area drawn
    /// (an atan2 and a 4096-entry colour table lookup per pixel): exact, deterministic and
    /// proportional to the covered area. A mesh pattern of wedge patches was the alternative:
    /// it needs hundreds of patches to hide the linear-in-patch interpolation and Cairo's mesh
    /// rasteriser then costs more than this loop.
    private static func setAngular(stops: [GradientStop], center: Point, sweep: AngularSweep, on cr: OpaquePointer,
                                   localToDevice: Geometry.AffineTransform, area: PixelRect) -> PixelSurface? {
        guard let inverse = localToDevice.inverted, let image = PixelSurface(region: area) else {
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            return nil
        }
        let table = colourTable(sorted(stops), count: 4096)
        let data = image.data, stride = image.stride
        let wholeTurn = sweep == AngularSweep(startAngle: 0, endAngle: 360)
        table.withUnsafeBufferPointer { lut in
            for y in 0..<area.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<area.width {
                    let p = inverse.apply(Point(Double(area.x + x) + 0.5, Double(area.y + y) + 0.5))
                    // y grows downwards, so atan2 grows clockwise on screen; 0 points to +x (trailing).
                    var t = atan2(p.y - center.y, p.x - center.x) / (2 * .pi)
                    if t < 0 { t += 1 }
                    if !wholeTurn { t = sweep.location(at: t * 360) }
                    row[x] = lut[min(lut.count - 1, Int(t * Double(lut.count - 1) + 0.5))]
                }
            }
        }
        image.markDirty()
        // The source is set with an identity matrix so that it stays in canvas pixels.
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        var m = cairo_matrix_t(xx: localToDevice.a, yx: localToDevice.b, xy: localToDevice.c,
                               yy: localToDevice.d, x0: localToDevice.tx, y0: localToDevice.ty)
        cairo_set_matrix(cr, &m)
        return image
    }

    /// Premultiplied ARGB32 colours at `count` evenly spaced locations 0…1. Components are
    /// interpolated with straight alpha and then premultiplied, as Cairo/pixman's gradients do.
    static func colourTable(_ stops: [GradientStop], count: Int) -> [UInt32] {
        guard let first = stops.first, let last = stops.last else { return [UInt32](repeating: 0, count: count) }
        var out = [UInt32](repeating: 0, count: count)
        var seg = 0
        for i in 0..<count {
            let t = Double(i) / Double(count - 1)
            let c: Color
            if t <= first.location { c = first.color } else if t >= last.location { c = last.color } else {
                while seg + 1 < stops.count - 1 && stops[seg + 1].location < t { seg += 1 }
                let a = stops[seg], b = stops[seg + 1]
                let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
                c = Color(r: a.color.r + (b.color.r - a.color.r) * f, g: a.color.g + (b.color.g - a.color.g) * f,
                          b: a.color.b + (b.color.b - a.color.b) * f, a: a.color.a + (b.color.a - a.color.a) * f)
            }
            out[i] = premultipliedARGB(c)
        }
        return out
    }

    static func premultipliedARGB(_ c: Color) -> UInt32 {
        func q(_ v: Double) -> UInt32 { UInt32(max(0, min(255, (v * 255).rounded()))) }
        let a = max(0, min(1, c.a))
        return q(a) << 24 | q(c.r * a) << 16 | q(c.g * a) << 8 | q(c.b * a)
    }
}
