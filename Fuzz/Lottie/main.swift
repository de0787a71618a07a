import FuzzSupport
import Geometry
import Lottie
import Frames

// Bytes → the `lottie` view's loader (LottieLoading: JSON parser, the Lottie keys, then rlottie's parser) and,
// when it accepts them, rlottie drawing the first, middle and last frames at a small size: any bytes give a
// document or a located problem, never a crash. Seeds: the scene's icons (Scenes/assets/icon-*.json) and
// Fuzz/Seeds/lottie; Fuzz/lottie.dict holds the Lottie keys.
let width = 24, height = 24
var buffer = [UInt32](repeating: 0, count: width * height)

FuzzDriver.run { bytes in
    switch LottieLoading.document(bytes: bytes, path: "fuzz.json") {
    case .failure(let p):
        precondition(!p.message.isEmpty, "a problem without a message")
    case .success(let d):
        precondition(d.frameCount >= 1 && d.width > 0 && d.height > 0, "a document without frames or size")
        guard let player = LottiePlayer(json: d.json) else { preconditionFailure("rlottie read the file once but not twice") }
        for f in [d.frame(progress: 0), d.frame(progress: 0.5), d.frame(progress: 1)] {
            precondition(f >= 0 && f <= d.lastFrame, "frame \(f) outside 0…\(d.lastFrame)")
            buffer.withUnsafeMutableBufferPointer { b in
                for i in b.indices { b[i] = 0 }
                player.render(frame: f, width: width, height: height, into: b.baseAddress!, bytesPerRow: width * 4)
            }
        }
    }
}
