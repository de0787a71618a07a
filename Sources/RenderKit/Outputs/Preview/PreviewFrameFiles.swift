import Foundation
import Frames
import Geometry
import ImageIO

/// The sink of the preview page's frames: the workers write each frame's PNG file (fast compression) on the drawing
/// threads; frames then reach the page's APNG in order.
final class PreviewFrameFiles: FrameSink {
    let folder: String
    let animation: APNGFile?
    let total: Int
    let progress: ((Int, Int) -> Void)?
    private var done = 0

    init(folder: String, animation: APNGFile?, total: Int, progress: ((Int, Int) -> Void)?) {
        self.folder = folder
        self.animation = animation
        self.total = total
        self.progress = progress
    }

    var order: FrameOrder { .ordered }

    func makeWorker() -> Worker { Worker(folder: folder, encoder: PNGEncoder(compression: .fast)) }

    func receive(_ frame: PumpedFrame<Worker.Written>) throws -> Bool {
        try animation?.append(frame.product.image)
        done += 1
        progress?(done, total)
        return true
    }

    struct Worker: FrameWorker {
        struct Written { var bytes: [UInt8]; var image: RGBAImage }
        let folder: String
        let encoder: PNGEncoder

        func make(_ frame: RenderedFrame, previous: Written?, timings: inout StageTimings) throws -> Written {
            // A reused frame has the pixels, so the bytes, of the one before it.
            let bytes: [UInt8]
            if frame.reused, let previous { bytes = previous.bytes } else {
                bytes = try timings.measure(.encode) { try encoder.encode(frame.image) }
            }
            try timings.measure(.write) { try writeFileAtomically(bytes, to: folder + "/" + PreviewPage.frameFile(frame.index)) }
            return Written(bytes: bytes, image: frame.image)
        }
    }
}
