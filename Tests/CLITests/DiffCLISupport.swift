import Foundation
import Geometry
import ImageIO
import XCTest

/// Runs the built `render` executable (it sits next to the test bundle in the build products folder) and makes
/// scratch folders, for the diff, test, strip, preview and shard CLI tests.
enum DiffCLI {
    struct Output { var status: Int32; var stdout: String; var stderr: String }

    static var binary: String {
        // Linux: the bundle URL is the products folder itself; macOS: it is the .xctest bundle inside it.
        let bundle = Bundle(for: Marker.self).bundleURL
        let products = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        return products.appendingPathComponent("render").path
    }
    final class Marker {}

    static func run(_ arguments: [String], environment: [String: String] = [:], in folder: String? = nil) throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "RENDER_RECORD")
        // CI=true (the suite on CI) would make `render test` record nothing by default; tests that check it pass CI.
        env.removeValue(forKey: "CI")
        for (k, v) in environment { env[k] = v }
        p.environment = env
        if let folder { p.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read before waiting so that a full pipe cannot block the child.
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static func scratch(_ tag: String) throws -> String {
        let path = NSTemporaryDirectory() + "render-\(tag)-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func solid(_ w: Int, _ h: Int, _ c: [UInt8]) -> RGBAImage {
        RGBAImage(width: w, height: h, pixels: Array((0..<w * h).map { _ in c }.joined()))
    }

    static func write(_ image: RGBAImage, _ path: String) throws {
        try writeFileAtomically(try PNGEncoder().encode(image), to: path)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A small scene: a red 20×20 square on white that moves right by `distance` points over 0.5 s (linear) from
    /// t = 0.2 s, with a haptic when it starts and one at 0.75 s; 80×40 points, 10 fps, 1 s.
    static func movingSquare(distance: Int = 40) -> String {
        """
        {"scene": 1, "name": "square", "canvas": {"width": 80, "height": 40, "scale": 1, "background": "#FFFFFF"},
         "fps": 10, "duration": 1, "state": {"x": -20},
         "body": {"type": "rect", "fill": "#FF0000", "frame": {"width": 20, "height": 20}, "offset": {"x": "=x", "y": 0}},
         "timeline": [{"at": 0.2, "set": {"x": \(distance - 20)}, "animation": {"linear": 0.5}, "haptic": "soft"},
                      {"at": 0.75, "haptic": "success"}]}
        """
    }
}
