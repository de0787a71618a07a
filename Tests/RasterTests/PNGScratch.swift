import CCairo
import Geometry

/// Writes images as PNG through Cairo, only so that a person can look at test output.
enum PNGScratch {
    static func write(_ img: RGBAImage, to path: String) {
        guard img.width > 0, img.height > 0,
              let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(img.width), Int32(img.height)) else { return }
        defer { cairo_surface_destroy(s) }
        cairo_surface_flush(s)
        guard let data = cairo_image_surface_get_data(s) else { return }
        let stride = Int(cairo_image_surface_get_stride(s))
        for y in 0..<img.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<img.width {
                let p = img[x, y]
                let a = UInt32(p.a)
                func m(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                row[x] = a << 24 | m(p.r) << 16 | m(p.g) << 8 | m(p.b)
            }
        }
        cairo_surface_mark_dirty(s)
        cairo_surface_write_to_png(s, path)
    }
}
