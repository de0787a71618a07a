import Foundation
import SceneJSON

/// Another Swift file of the project a translated file belongs to.
public struct SwiftProjectFile: Sendable {
    public let path: String
    public let source: String
    public init(path: String, source: String) { self.path = path; self.source = source }
}

/// The other Swift files a view file can use, as Xcode compiles every file of a target together: an app keeps its
/// colours in `extension Color { … }` in one file and its views in others (docs/swiftui-source.md, "Other files of
/// the project").
///
/// The project is found from the nearest directory, the file's own or one of at most `maxLevels` above it, that holds
/// an `.xcodeproj` or an `.xcworkspace` (the project is that directory) or a `Package.swift` (the project is the
/// package target the file is in, `Sources/<target>` or `Tests/<target>`, as SwiftPM compiles them; a file outside
/// the targets stands alone, except in a Swift Playgrounds app, `X.swiftpm`, whose sources are the whole folder).
/// Without one, the file stands alone: the other files of an arbitrary directory are not guessed to belong with it.
/// The files are read bounded: at most `maxFiles` files of at most `SwiftSceneTranslator.maxFileSize` bytes each and
/// `maxTotalSize` bytes in all, in directories at most `maxDepth` below the project's, skipping hidden directories
/// and build products.
public enum SwiftProject {
    public static let maxLevels = 8
    public static let maxDepth = 12
    public static let maxFiles = 2_000
    public static let maxTotalSize = 32 << 20
    static let skipped: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// The directory whose `.swift` files are compiled with `path`, if it is in a project.
    public static func root(of path: String) -> URL? {
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

    /// The other `.swift` files of `path`'s project, in path order (none when it is in no project).
    public static func otherFiles(of path: String) -> [SwiftProjectFile] {
        guard let root = root(of: path) else { return [] }
        let own = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        var found: [String] = []
        var total = 0
        func walk(_ dir: URL, _ depth: Int) {
            guard depth <= maxDepth, found.count < maxFiles,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") && !skipped.contains(name) && found.count < maxFiles {
                let url = dir.appendingPathComponent(name)
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    // Symbolic links to directories are not followed (a link to `..` would never end).
                    if (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) == true { continue }
                    walk(url, depth + 1)
                } else if name.hasSuffix(".swift"), url.resolvingSymlinksInPath().path != own, name != "Package.swift" {
                    found.append(url.path)
                }
            }
        }
        walk(root, 0)
        var files: [SwiftProjectFile] = []
        for p in found {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: p))?[.size] as? Int,
                  size <= SwiftSceneTranslator.maxFileSize, total + size <= maxTotalSize,
                  let data = FileManager.default.contents(atPath: p), let text = String(data: data, encoding: .utf8) else { continue }
            total += size
            files.append(SwiftProjectFile(path: p, source: text))
        }
        return files
    }
}
