import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// Writes a scene into a fresh temporary folder and loads it.
func loadScene(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> LoadedScene {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("scene.json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    do { return try LoadedScene.load(path: path) } catch {
        XCTFail("scene did not load: \(error)", file: file, line: line)
        throw error
    }
}

/// The bounding box (pixels) of pixels whose alpha is at least `threshold`, or nil.
func opaqueBounds(_ img: RGBAImage, threshold: UInt8 = 128) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
    for y in 0..<img.height {
        for x in 0..<img.width where img.pixels[4 * (y * img.width + x) + 3] >= threshold {
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
        }
    }
    return x1 < 0 ? nil : (x0, y0, x1, y1)
}

/// Sum of alpha over the image, 0…255 per pixel.
func totalAlpha(_ img: RGBAImage) -> Int {
    var s = 0
    for i in stride(from: 3, to: img.pixels.count, by: 4) { s += Int(img.pixels[i]) }
    return s
}
