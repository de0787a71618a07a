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
    /// Only a missing folder skips; a folder without the picture is a failure (the decoder's error).
    static func picture(_ name: String) throws -> RGBAImage {
        return try PNGDecoder().decode(contentsOf: try file(name).path)
    }

    /// The figures file `name` (numbers measured from a picture that is not kept), as JSON.
    static func figures(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: try file(name)))
    }

    /// `name` in the folder; only a missing folder skips.
    static func file(_ name: String) throws -> URL {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw missingTool("the device pictures are not at \(folder.path)")
        }
        return folder.appendingPathComponent(name)
    }
}
