import Foundation
import Frames
import Geometry
import ImageIO

/// One frame as one PNG file (`render SCENE --at T --out NAME.png`), drawn through the pump like every frame.
public enum PNGStill {
    /// Draws frame `i` and writes it to `path`, creating its folder; the file appears whole or not at all. Returns
    /// the image written.
    @discardableResult
    public static func write(frame i: Int, with pump: FramePump, to path: String,
                             compression: PNGCompression = .default) throws -> RGBAImage {
        let frames = FrameImages()
        _ = try pump.pump([i], into: frames)
        guard let image = frames.images.first else { throw RenderError.output("frame \(i) was not drawn") }
        try writePNGFile(image, to: path, compression: compression)
        return image
    }
}

/// Writes `image` as one PNG file at `path`, creating its folder; the file appears whole or not at all (stills,
/// strips).
public func writePNGFile(_ image: RGBAImage, to path: String, compression: PNGCompression = .default) throws {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    try writeFileAtomically(try PNGEncoder(compression: compression).encode(image), to: path)
}
