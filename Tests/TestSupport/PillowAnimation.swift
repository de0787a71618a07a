import Foundation
import XCTest

/// An animated PNG as Pillow, a decoder independent of ours, reads it.
public enum PillowAnimation {
    /// The RGBA bytes of every frame of the APNG at `path` (Pillow writes them into `scratch`). Python or Pillow
    /// missing is a missing tool (a skip, or a failure under CI=true); Pillow failing to decode fails the test.
    public static func frames(of path: String, scratch: String) throws -> [[UInt8]] {
        guard (try? Python.run(["-c", "import PIL"])) == 0 else {
            throw missingTool("python3 with Pillow is not installed (python3-pil): APNG frames not decoded independently")
        }
        let script = """
        import sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        for k in range(im.n_frames):
            im.seek(k); open('%s/%d.raw' % (sys.argv[2], k), 'wb').write(im.convert('RGBA').tobytes())
        print(im.n_frames, file=open(sys.argv[2] + '/count', 'w'))
        """
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let status = try Python.run(["-c", script, path, scratch])
        guard status == 0 else { throw PillowDecodeFailure(path: path, status: status) }
        let count = String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch + "/count")), as: UTF8.self)
        return try (0..<(Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)).map { k in
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch + "/\(k).raw")))
        }
    }
}

/// Pillow is installed but could not read the file: the file's fault, a failure.
public struct PillowDecodeFailure: Error, CustomStringConvertible {
    public var path: String
    public var status: Int32
    public init(path: String, status: Int32) { self.path = path; self.status = status }
    public var description: String { "Pillow cannot decode \(path) (python3 exited with \(status))" }
}
