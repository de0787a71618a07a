import Foundation
import FuzzSupport
import Frames
import SceneModel

// Scene JSON → the whole pipeline: load (with images), simulate the timeline and input, lay out and draw
// the first, middle and last frames through the one frame source. Any bytes give either a located
// scene error, a render error, or pixels — never a crash or a hang. The canvas is drawn at most 96 px a
// side (the scale is lowered for big canvases), so an input costs what its scene costs, not its size.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-fuzz-pipeline-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let path = folder.appendingPathComponent("scene.json").path

FuzzDriver.run { bytes in
    // Plain open/write/close: FileManager.createFile writes atomically, with an fsync per input, which left the
    // fuzzer waiting on the disk for most of its time (about 110 inputs and a third of a core per second).
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return }
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count else { return }
    let loaded: LoadedScene
    do throws(SceneErrors) { loaded = try LoadedScene.load(path: path) } catch {
        precondition(!error.errors.isEmpty, "a failed load must report at least one problem")
        return
    }
    var options = FrameOptions()
    let canvas = loaded.scene.canvas
    let side = max(canvas.width, canvas.height)
    options.scale = min(canvas.scale, 96 / max(side, 1))
    do throws(RenderError) {
        let source = try FrameSource(loaded, options: options)
        let drawer = try source.drawer()
        let n = source.frameCount
        for i in Set([0, n / 2, max(n - 1, 0)]) where i < n {
            let frame = try drawer.frame(i)
            precondition(frame.image.width == source.pixelWidth && frame.image.height == source.pixelHeight,
                         "frame \(i) is \(frame.image.width)×\(frame.image.height), not \(source.pixelWidth)×\(source.pixelHeight)")
        }
    } catch {
        precondition(!"\(error)".isEmpty, "an empty render error")
    }
}
