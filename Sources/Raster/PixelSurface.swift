import CCairo

/// A Cairo image surface covering `region` of the canvas in device pixels. Its device
/// offset is set so that Cairo user space with an identity matrix is canvas device pixels,
/// whatever part of the canvas the surface holds.
final class PixelSurface {
    let surface: OpaquePointer
    let region: PixelRect
    let format: cairo_format_t

    /// A cleared surface; nil when Cairo cannot allocate it (e.g. absurd sizes).
    init?(region: PixelRect, format: cairo_format_t = CAIRO_FORMAT_ARGB32) {
        guard !region.isEmpty, region.width < 32768, region.height < 32768,
              let s = cairo_image_surface_create(format, Int32(region.width), Int32(region.height)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { return nil }
        surface = s
        self.region = region
        self.format = format
        cairo_surface_set_device_offset(s, Double(-region.x), Double(-region.y))
    }

    deinit { cairo_surface_destroy(surface) }

    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The pixel bytes; call `markDirty()` after writing them.
    var data: UnsafeMutablePointer<UInt8> {
        cairo_surface_flush(surface)
        return cairo_image_surface_get_data(surface)
    }

    func markDirty() { cairo_surface_mark_dirty(surface) }

    /// A new drawing context on this surface (caller destroys it).
    func makeContext() -> OpaquePointer { cairo_create(surface) }

    /// Sets every pixel to transparent.
    func clear() {
        let cr = makeContext()
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_destroy(cr)
    }

    /// Copies this surface's pixels into the same place of `other` (same format), where the two overlap.
    func copy(into other: PixelSurface) {
        let r = region.intersection(other.region)
        guard !r.isEmpty, format == other.format else { return }
        let bpp = format == CAIRO_FORMAT_A8 ? 1 : 4
        let src = data, dst = other.data, ss = stride, ds = other.stride
        for y in r.y..<r.maxY {
            (dst + (y - other.region.y) * ds + (r.x - other.region.x) * bpp)
                .update(from: src + (y - region.y) * ss + (r.x - region.x) * bpp, count: r.width * bpp)
        }
        other.markDirty()
    }
}
