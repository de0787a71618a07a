import FuzzSupport
import ImageIO

// PNG bytes → PNGDecoder (libpng's simplified API): any bytes give an image whose pixel count
// matches its size, or a PNGError, never a crash. The pixel cap keeps hostile headers from
// asking for gigabytes (the scene loader's own cap is 50 MP).
let decoder = PNGDecoder(maxPixelCount: 4_000_000)

FuzzDriver.run { bytes in
    if let image = try? decoder.decode(bytes) {
        precondition(image.width > 0 && image.height > 0, "empty image decoded")
        precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer does not match \(image.width)×\(image.height)")
    }
}
