import Foundation
import Geometry
import ImageIO
import TestSupport
import XCTest

/// The device pictures of `../shared/device-refs/` (iOS simulator renders, see its SOURCES.md), which sit
/// next to the repository, read-only, here and in CI. They are the truth the renderer is held to, so a
/// machine without them skips the tests that need them, and CI, where they must be, fails instead.
enum DeviceReferences {
    /// `../shared/device-refs` from the repository root (this file is Tests/RenderKitTests/…).
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/device-refs")

    /// The picture `name` decoded to straight 8-bit RGBA (libpng through ImageIO: these are plain sRGB PNGs).
    static func picture(_ name: String) throws -> RGBAImage {
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw missingTool("the device pictures are not at \(folder.path) (expected \(name))")
        }
        return try PNGDecoder().decode(contentsOf: path)
    }
}
