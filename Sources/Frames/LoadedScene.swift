import Foundation
import Geometry
import ImageIO
import SceneJSONReader
import SceneModel

/// A validated scene with its images decoded and its Lottie files checked: everything needed to render,
/// nothing read again.
public struct LoadedScene: Sendable {
    public let scene: Scene
    /// Decoded images by resolved path.
    public let images: [String: RGBAImage]
    /// Lottie files of `lottie` views by resolved path, each checked by rlottie (§3.3b).
    public var lotties: [String: LottieDocument] = [:]
    /// Located warnings from translating a SwiftUI file (the scene renders; these say what was approximated).
    public var warnings: [SceneError] = []
    /// The files the scene was read from (the scene, and a Swift file its body names), for `render watch`.
    public var sources: [String] = []

    /// Largest image file accepted, in bytes, and largest image in pixels.
    public static let maxImageFileSize = 64 << 20
    public static let maxImagePixels = 50_000_000

    /// Loads, validates and checks the images and Lottie files of a scene, with `overrides` in place of its initial
    /// values. Their paths must stay inside the scene's folder unless `allowExternalImages` is set.
    public static func load(path: String, allowExternalImages: Bool = false,
                            overrides: SceneOverrides = SceneOverrides(),
                            swift: SwiftSceneOptions = SwiftSceneOptions()) throws(SceneErrors) -> LoadedScene {
        let document = try SceneDocument.read(path: path, swift: swift, allowExternal: allowExternalImages)
        let dir = (path as NSString).deletingLastPathComponent
        let scene = try SceneLoader.load(json: document.json, file: path, directory: dir.isEmpty ? "." : dir, overrides: overrides)
        var errors: [SceneError] = []
        var images: [String: RGBAImage] = [:]
        let base = URL(fileURLWithPath: scene.directory).standardizedFileURL.path
        for ref in collectImageReferences(scene.body) where images[ref.resolvedPath] == nil {
            func fail(_ m: String) {
                errors.append(SceneError(file: scene.file, at: ref.location, path: ref.path, message: m))
            }
            // The path as the kernel resolves it (each link before the `..` after it, which a textual standardising
            // would remove first): what is checked is what is opened.
            guard let resolved = SourceFile.realPath(ref.resolvedPath) else {
                fail("image \"\(ref.src)\" not found (looked for \(ref.resolvedPath))")
                continue
            }
            let baseResolved = SourceFile.realPath(base) ?? URL(fileURLWithPath: base).resolvingSymlinksInPath().path
            let inside = SourceFile.isInside(resolved, baseResolved)
            // A Swift scene's `Image("name")` of an image set in its project's asset catalogues.
            let asset = !inside && document.sources.contains { SceneDocument.isSwift($0) && SwiftProjectRoot.isAssetImage(resolved, of: $0) }
            if !allowExternalImages && !inside && !asset {
                fail("\"\(ref.src)\" is outside the scene's folder; pass --allow-external-images to use it")
                continue
            }
            guard let attrs = try? FileManager.default.attributesOfItem(atPath: resolved) else {
                fail("image \"\(ref.src)\" not found (looked for \(ref.resolvedPath))")
                continue
            }
            let size = (attrs[.size] as? NSNumber)?.intValue ?? 0
            if size > maxImageFileSize {
                fail("image \"\(ref.src)\" is \(size) bytes; at most \(maxImageFileSize) are allowed")
                continue
            }
            do {
                images[ref.resolvedPath] = try PNGDecoder(maxPixelCount: maxImagePixels).decode(contentsOf: resolved)
            } catch PNGError.imageTooLarge(let w, let h) {
                fail("image \"\(ref.src)\" is \(w)×\(h) = \(w * h) pixels; at most \(maxImagePixels) are allowed")
            } catch {
                fail("image \"\(ref.src)\" cannot be read: \(error)")
            }
        }
        let lottie = LottieLoading.load(scene, allowExternal: allowExternalImages)
        errors += lottie.errors
        if !errors.isEmpty {
            // In file order, images and Lottie files together.
            throw SceneErrors(errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
        }
        var loaded = LoadedScene(scene: scene, images: images, lotties: lottie.documents)
        loaded.warnings = document.warnings
        loaded.sources = document.sources
        return loaded
    }

    /// The canvas limits again for a scale given on the command line (`--scale`), which the
    /// loader could not see: at most `SceneLimits.maxCanvasSide` pixels a side and
    /// `SceneLimits.maxCanvasPixels` in all.
    public func checkCanvas(scale: Double) throws(RenderError) {
        let w = scene.canvas.width * scale, h = scene.canvas.height * scale
        if w > Double(SceneLimits.maxCanvasSide) || h > Double(SceneLimits.maxCanvasSide) {
            throw .output("the canvas is \(fmt(w))×\(fmt(h)) px at scale \(fmt(scale)); at most \(SceneLimits.maxCanvasSide) px a side are allowed")
        }
        if w * h > Double(SceneLimits.maxCanvasPixels) {
            throw .output("the canvas is \(fmt(w * h / 1e6)) megapixels at scale \(fmt(scale)); at most \(SceneLimits.maxCanvasPixels / 1_000_000) are allowed")
        }
    }

    static func collectImageReferences(_ v: ViewSpec) -> [(resolvedPath: String, src: String, location: SourceLocation, path: String)] {
        v.allViews().compactMap { v in
            guard case .image(let i) = v.kind else { return nil }
            return (resolvedPath: i.resolvedPath, src: i.src, location: v.location, path: v.path + ".src")
        }
    }
}
