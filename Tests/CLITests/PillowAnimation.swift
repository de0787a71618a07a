import Foundation
import TestSupport

/// An animated PNG as Pillow, a decoder independent of ours, reads it.
enum PillowAnimation {
    /// The RGBA bytes of every frame of the APNG at `path` (Pillow writes them into `scratch`), or nil when Python or
    /// Pillow is missing.
    static func frames(of path: String, scratch: String) throws -> [[UInt8]]? {
        let script = """
        import sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        for k in range(im.n_frames):
            im.seek(k); open('%s/%d.raw' % (sys.argv[2], k), 'wb').write(im.convert('RGBA').tobytes())
        print(im.n_frames, file=open(sys.argv[2] + '/count', 'w'))
        """
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        guard (try? Python.run(["-c", script, path, scratch])) == 0 else { return nil }
        let count = String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch + "/count")), as: UTF8.self)
        return try (0..<(Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)).map { k in
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch + "/\(k).raw")))
        }
    }
}
