import Foundation

/// Where a Swift file's project is, as Xcode and SwiftPM compile it: the nearest directory, the file's own or one of
/// at most `maxLevels` above it, that holds an `.xcodeproj` or an `.xcworkspace` (the project is that directory), or
/// a `Package.swift` (the target the file is in, `Sources/<target>` or `Tests/<target>`; a file outside the targets
/// stands alone, except in a Swift Playgrounds app, `X.swiftpm`, whose sources are the whole folder). Shared by the
/// translator, which reads the project's other files and asset catalogues, and the scene loader, which lets a Swift
/// scene draw the PNGs of its project's image sets.
public enum SwiftProjectRoot {
    public static let maxLevels = 8

    /// The directory whose `.swift` files are compiled with `path`, if it is in a project.
    public static func directory(of path: String) -> URL? {
        let fm = FileManager.default
        let file = URL(fileURLWithPath: path).standardizedFileURL
        var dir = file.deletingLastPathComponent()
        for _ in 0...maxLevels {
            if let names = try? fm.contentsOfDirectory(atPath: dir.path) {
                if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) { return dir }
                if names.contains("Package.swift") {
                    if dir.lastPathComponent.hasSuffix(".swiftpm") { return dir }
                    let inside = Array(file.pathComponents.dropFirst(dir.pathComponents.count))
                    guard inside.count >= 3, inside[0] == "Sources" || inside[0] == "Tests" else { return nil }
                    return dir.appendingPathComponent(inside[0]).appendingPathComponent(inside[1])
                }
            }
            let up = dir.deletingLastPathComponent()
            if up.path == dir.path { break }
            dir = up
        }
        return nil
    }

    /// Whether `image` is a PNG of an image set (`*.xcassets/…/name.imageset/file.png`) inside the project of the
    /// Swift file `swiftFile`.
    public static func isAssetImage(_ image: String, of swiftFile: String) -> Bool {
        guard let root = directory(of: swiftFile) else { return false }
        let resolved = URL(fileURLWithPath: image).standardizedFileURL.resolvingSymlinksInPath()
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        guard resolved.path != base, SourceFile.isInside(resolved.path, base), resolved.pathExtension.lowercased() == "png" else { return false }
        let parts = Array(resolved.pathComponents.dropFirst(URL(fileURLWithPath: base).pathComponents.count))
        guard parts.count >= 3, parts[parts.count - 2].hasSuffix(".imageset") else { return false }
        return parts.dropLast(2).contains { $0.hasSuffix(".xcassets") }
    }
}
