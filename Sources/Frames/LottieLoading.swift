import Foundation
import Geometry
import Lottie
import SceneModel

/// Reads and checks the Lottie files of `lottie` views (scene format §3.3b) when a scene loads, so that a bad
/// file stops the render before anything is written, with the scene's `src` and, for a problem inside the
/// Lottie file, the file's own line and column.
///
/// The file is first read with the scene's JSON parser (located syntax errors) and checked for the top-level
/// keys every Lottie animation has (`w`, `h`, `ip`, `op`, `fr`, `layers`), then parsed by rlottie, which has
/// the last word: a file rlottie cannot read is refused, never drawn.
public enum LottieLoading {
    /// Largest Lottie file accepted, in bytes.
    public static let maxFileSize = 16 << 20
    /// Largest composition side, in Lottie units (points), and most frames between the in and out points.
    public static let maxSide = 100_000.0
    public static let maxFrames = 1_000_000.0

    /// Why a Lottie file cannot be used: the message, and where in the Lottie file when it is about its content.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var location: SourceLocation?
        public var description: String {
            location.map { "\($0.line):\($0.column): \(message)" } ?? message
        }
    }

    /// The document of a Lottie file's bytes, or why it cannot be used (messages do not name the file).
    public static func document(bytes: [UInt8], path: String) -> Result<LottieDocument, Problem> {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes: bytes)
        } catch {
            return .failure(Problem(message: "not valid JSON: \(error.message)", location: error.location))
        }
        guard let members = root.members else {
            return .failure(Problem(message: "not a Lottie animation: expected a JSON object, found \(root.typeName)", location: root.location))
        }
        func number(_ key: String, positive: Bool, limit: Double) -> Result<Double, Problem> {
            guard let v = members.first(where: { $0.key == key })?.value else {
                return .failure(Problem(message: "not a Lottie animation: missing \"\(key)\" (every Lottie file has w, h, ip, op, fr and layers)",
                                        location: root.location))
            }
            guard let n = v.number, n.isFinite else {
                return .failure(Problem(message: "\"\(key)\" must be a number, found \(v.typeName)", location: v.location))
            }
            if positive && !(n > 0) { return .failure(Problem(message: "\"\(key)\" must be above 0, found \(fmt(n))", location: v.location)) }
            if abs(n) > limit { return .failure(Problem(message: "\"\(key)\" is \(fmt(n)); at most \(fmt(limit)) is allowed", location: v.location)) }
            return .success(n)
        }
        let w: Double, h: Double, ip: Double, op: Double, fr: Double
        switch (number("w", positive: true, limit: maxSide), number("h", positive: true, limit: maxSide),
                number("ip", positive: false, limit: maxFrames), number("op", positive: false, limit: maxFrames),
                number("fr", positive: true, limit: 1000)) {
        case (.success(let a), .success(let b), .success(let c), .success(let d), .success(let e)): (w, h, ip, op, fr) = (a, b, c, d, e)
        case (.failure(let p), _, _, _, _), (_, .failure(let p), _, _, _), (_, _, .failure(let p), _, _),
             (_, _, _, .failure(let p), _), (_, _, _, _, .failure(let p)): return .failure(p)
        }
        let opValue = members.first(where: { $0.key == "op" })!.value
        if !(op - ip >= 1) {
            return .failure(Problem(message: "the out point \"op\" (\(fmt(op))) must come at least one frame after the in point \"ip\" (\(fmt(ip)))",
                                    location: opValue.location))
        }
        if op - ip > maxFrames {
            return .failure(Problem(message: "\(fmt(op - ip)) frames between ip and op; at most \(fmt(maxFrames)) are allowed", location: opValue.location))
        }
        guard let layers = members.first(where: { $0.key == "layers" })?.value else {
            return .failure(Problem(message: "not a Lottie animation: missing \"layers\" (every Lottie file has w, h, ip, op, fr and layers)",
                                    location: root.location))
        }
        guard layers.elements != nil else {
            return .failure(Problem(message: "\"layers\" must be a list of layers, found \(layers.typeName)", location: layers.location))
        }
        for part in members where part.key == "layers" || part.key == "assets" {
            if let p = hugeNumber(part.value) { return .failure(p) }
        }
        if let p = hostileStroke(layers, limit: 10 * max(w, h)) { return .failure(p) }
        guard let player = LottiePlayer(json: bytes) else {
            return .failure(Problem(message: "rlottie cannot read this Lottie animation", location: nil))
        }
        guard player.frameCount >= 1, player.width > 0, player.height > 0 else {
            return .failure(Problem(message: "rlottie reads no frames in this Lottie animation", location: nil))
        }
        return .success(LottieDocument(path: path, json: bytes, width: w, height: h, inPoint: ip, outPoint: op,
                                       frameRate: fr, frameCount: player.frameCount))
    }

    /// The largest magnitude a number in the layers or assets may have: above every real coordinate, size, angle,
    /// scale or frame time (frames are at most `maxFrames`, sides at most `maxSide`).
    public static let maxMagnitude = 1_000_000.0

    /// The first number in `v` larger than `maxMagnitude` in magnitude. Fuzzing found Debian's rlottie 0.1 spending
    /// 40 s on one frame of a path whose control point was 8.9e37 (its curve flattening grows with the curve's size:
    /// measured on that file, a control point of 1e7 takes 0.02 s, 1e9 0.27 s, 1e12 99 s), so such files are refused
    /// before rlottie sees them. Scales multiplied through nested groups can still make a shape huge: a Lottie file is
    /// trusted like the scene (docs/limits.md).
    static func hugeNumber(_ v: JSONValue) -> Problem? {
        if let n = v.number, !(abs(n) <= maxMagnitude) {
            return Problem(message: "the value \(n) is out of range: numbers in a Lottie animation may be at most "
                + "\(fmt(maxMagnitude)) in magnitude", location: v.location)
        }
        for m in v.members ?? [] { if let p = hugeNumber(m.value) { return p } }
        for item in v.elements ?? [] { if let p = hugeNumber(item) { return p } }
        return nil
    }

    /// A stroke (`"ty": "st"` or `"gs"`) whose width `w` is above `limit` (ten times the composition's larger side),
    /// as a constant or in any keyframe: fuzzing found Debian's rlottie 0.1 looping for minutes on strokes some
    /// 15 000 units wide, so such files are refused before rlottie sees them. Nothing real draws a stroke ten times
    /// wider than its picture.
    static func hostileStroke(_ v: JSONValue, limit: Double) -> Problem? {
        if let members = v.members {
            if let ty = members.first(where: { $0.key == "ty" })?.value.string, ty == "st" || ty == "gs",
               let width = members.first(where: { $0.key == "w" })?.value {
                var worst: (Double, SourceLocation)?
                func scan(_ x: JSONValue) {
                    if let n = x.number, abs(n) > limit, abs(n) > abs(worst?.0 ?? 0) { worst = (n, x.location) }
                    x.members?.forEach { m in if ["k", "s", "e"].contains(m.key) { scan(m.value) } }
                    x.elements?.forEach(scan)
                }
                scan(width)
                if let (n, at) = worst {
                    return Problem(message: "a stroke \(fmt(n)) units wide; at most \(fmt(limit)) (ten times the composition's larger side) is allowed",
                                   location: at)
                }
            }
            for m in members { if let p = hostileStroke(m.value, limit: limit) { return p } }
        } else if let items = v.elements {
            for item in items { if let p = hostileStroke(item, limit: limit) { return p } }
        }
        return nil
    }

    /// The Lottie files of `scene`'s `lottie` views, loaded; the problems as scene errors at each `src`.
    static func load(_ scene: Scene, allowExternal: Bool) -> (documents: [String: LottieDocument], errors: [SceneError]) {
        var documents: [String: LottieDocument] = [:]
        var failed: Set<String> = []
        var errors: [SceneError] = []
        let base = SourceFile.realPath(scene.directory) ?? URL(fileURLWithPath: scene.directory).standardizedFileURL.resolvingSymlinksInPath().path
        for (spec, path) in references(scene.body) {
            let resolvedPath = spec.resolvedPath
            func fail(_ m: String) {
                errors.append(SceneError(file: scene.file, at: spec.srcLocation, path: path, message: m))
            }
            if documents[resolvedPath] != nil { continue }
            // As the kernel resolves it (a link before the `..` after it), so that what is checked is what is read.
            let resolved = SourceFile.realPath(resolvedPath) ?? URL(fileURLWithPath: resolvedPath).standardizedFileURL.resolvingSymlinksInPath().path
            let inside = SourceFile.isInside(resolved, base)
            if !allowExternal && !inside {
                fail("\"\(spec.src)\" is outside the scene's folder; pass --allow-external-images to use it")
                continue
            }
            if failed.contains(resolvedPath) {
                fail("Lottie file \"\(spec.src)\" cannot be used (see above)")
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
                failed.insert(resolvedPath)
                fail("Lottie file \"\(spec.src)\" not found (looked for \(resolvedPath))")
                continue
            }
            let size = ((try? FileManager.default.attributesOfItem(atPath: resolved))?[.size] as? NSNumber)?.intValue ?? 0
            if isDirectory.boolValue || size > maxFileSize {
                failed.insert(resolvedPath)
                fail(isDirectory.boolValue ? "Lottie file \"\(spec.src)\" is a folder"
                     : "Lottie file \"\(spec.src)\" is \(size) bytes; at most \(maxFileSize) are allowed")
                continue
            }
            guard let data = FileManager.default.contents(atPath: resolved) else {
                failed.insert(resolvedPath)
                fail("Lottie file \"\(spec.src)\" cannot be read")
                continue
            }
            switch document(bytes: [UInt8](data), path: resolvedPath) {
            case .success(let d): documents[resolvedPath] = d
            case .failure(let p):
                failed.insert(resolvedPath)
                fail("Lottie file \"\(spec.src)\"" + (p.location.map { ":\($0.line):\($0.column)" } ?? "") + ": \(p.message)")
            }
        }
        return (documents, errors)
    }

    /// Every `lottie` view spec in the tree, with the JSON path of its `src`.
    static func references(_ v: ViewSpec) -> [(LottieSpec, String)] {
        v.allViews().compactMap { v in
            guard case .lottie(let l) = v.kind else { return nil }
            return (l, v.path + ".src")
        }
    }
}
