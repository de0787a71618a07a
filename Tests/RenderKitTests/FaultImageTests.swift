import Foundation
import Geometry
import ImageIO
import Frames
import RenderKit
import XCTest

/// Image files: `src` resolves against the scene's folder and may not leave it (`../`, an
/// absolute path, a symlink pointing out) unless external images are allowed; files over
/// 64 MiB or 50 megapixels are refused with the limit and the value.
final class FaultImageTests: XCTestCase {
    var root: URL!
    /// The scene's folder, inside `root`; `root/outside.png` is outside it.
    var sceneDir: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("render-images-\(UUID().uuidString)")
        sceneDir = root.appendingPathComponent("scene")
        try FileManager.default.createDirectory(at: sceneDir.appendingPathComponent("assets"), withIntermediateDirectories: true)
        let png = try PNGEncoder().encode(RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255]))
        try Data(png).write(to: root.appendingPathComponent("outside.png"))
        try Data(png).write(to: sceneDir.appendingPathComponent("assets/inside.png"))
    }

    override func tearDownWithError() throws {
        if let r = root { try? FileManager.default.removeItem(at: r) }
    }

    /// Loads a scene showing `src`; nil when it loads, else the error lines.
    private func load(_ src: String, allowExternal: Bool = false) throws -> String? {
        let scene = sceneDir.appendingPathComponent("scene.json")
        let json = "{\"scene\": 1, \"canvas\": {\"width\": 10, \"height\": 10}, \"body\": {\"type\": \"image\", \"src\": \"\(src)\"}}"
        try Data(json.utf8).write(to: scene)
        do {
            let loaded = try LoadedScene.load(path: scene.path, allowExternalImages: allowExternal)
            XCTAssertEqual(loaded.images.count, 1)
            XCTAssertEqual(loaded.images.values.first?.width, 2)
            return nil
        } catch {
            return error.description
        }
    }

    private func assertRefusedUnlessAllowed(_ src: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let e = try load(src) ?? "loaded"
        XCTAssertTrue(e.contains("body.src: \"\(src)\" is outside the scene's folder; pass --allow-external-images to use it"), e, file: file, line: line)
        XCTAssertTrue(e.contains("scene.json:1:"), "located: \(e)", file: file, line: line)
        XCTAssertNil(try load(src, allowExternal: true), "--allow-external-images should accept \(src)", file: file, line: line)
    }

    func testPathsInsideTheSceneFolderLoad() throws {
        XCTAssertNil(try load("assets/inside.png"))
        XCTAssertNil(try load("./assets/../assets/inside.png"))
    }

    func testParentFolderPathIsRefused() throws {
        try assertRefusedUnlessAllowed("../outside.png")
        try assertRefusedUnlessAllowed("assets/../../outside.png")
    }

    func testAbsolutePathIsRefused() throws {
        try assertRefusedUnlessAllowed(root.appendingPathComponent("outside.png").path)
    }

    func testSymlinkPointingOutIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: sceneDir.appendingPathComponent("link.png").path,
                                                   withDestinationPath: "../outside.png")
        try assertRefusedUnlessAllowed("link.png")
        // A symlinked folder leading out is caught the same way.
        try FileManager.default.createSymbolicLink(atPath: sceneDir.appendingPathComponent("up").path, withDestinationPath: root.path)
        try assertRefusedUnlessAllowed("up/outside.png")
    }

    func testSymlinkStayingInsideLoads() throws {
        try FileManager.default.createSymbolicLink(atPath: sceneDir.appendingPathComponent("alias.png").path,
                                                   withDestinationPath: "assets/inside.png")
        XCTAssertNil(try load("alias.png"))
    }

    func testFileOver64MiBIsRefusedBeforeReading() throws {
        // A sparse file one byte over the limit: its size alone refuses it.
        let big = sceneDir.appendingPathComponent("big.png").path
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        XCTAssertEqual(truncate(big, off_t(LoadedScene.maxImageFileSize + 1)), 0)
        let e = try load("big.png") ?? "loaded"
        XCTAssertTrue(e.contains("image \"big.png\" is 67108865 bytes; at most 67108864 are allowed"), e)
    }

    func testImageOver50MegapixelsIsRefusedFromItsHeader() throws {
        // 7072 × 7072 = 50 013 184 pixels, one row more than the 7071 × 7071 = 49 999 041 that fit.
        try Data(Self.headerOnlyPNG(width: 7072, height: 7072)).write(to: sceneDir.appendingPathComponent("huge.png"))
        let e = try load("huge.png") ?? "loaded"
        XCTAssertTrue(e.contains("image \"huge.png\" is 7072×7072 = 50013184 pixels; at most 50000000 are allowed"), e)
    }

    /// A PNG signature, an IHDR for an RGBA image of the given size, an empty IDAT and IEND:
    /// enough for a reader to learn the size, with no pixel data behind it.
    static func headerOnlyPNG(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc32(body))
        }
        let ihdr = be(width) + be(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", []) + chunk("IEND", [])
    }

    /// CRC-32 (ISO 3309, reflected polynomial 0xEDB88320), as PNG chunks use, bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}
