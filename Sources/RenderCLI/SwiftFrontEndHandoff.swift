import Foundation
import SceneModel

/// `render` does not link the SwiftUI front end (swift-syntax's shared objects are linked into `render-swiftui` only,
/// so that a JSON scene's process loads none of them at start). A command that needs the front end — `render translate`,
/// or any argument that is a `.swift` file or a JSON scene whose body is `{"type": "swift"}` — is handed to
/// `render-swiftui` beside `render`, which runs the same command line with the translator installed.
public enum SwiftFrontEndHandoff {
    /// Replaces this process by `render-swiftui` with the same arguments when they need the front end; returns an exit
    /// status when that cannot be done, nil when the arguments do not need it.
    public static func handOff(_ arguments: [String]) -> Int32? {
        guard SwiftFrontEnd.translate == nil, needsFrontEnd(arguments) else { return nil }
        guard let binary = frontEndBinary() else {
            printError("render: SwiftUI source needs render-swiftui beside render (not found); `make build` builds both")
            return 1
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(binary, argv)
        printError("render: cannot start \(binary): \(String(cString: strerror(errno)))")
        return 1
    }

    static func needsFrontEnd(_ arguments: [String]) -> Bool {
        if arguments.first == "translate" { return true }
        return arguments.contains { a in
            if a.lowercased().hasSuffix(".swift") { return true }
            guard a.lowercased().hasSuffix(".json"), let attrs = try? FileManager.default.attributesOfItem(atPath: a),
                  (attrs[.size] as? NSNumber)?.intValue ?? Int.max <= SceneLoader.maxFileSize,
                  let data = FileManager.default.contents(atPath: a),
                  let json = try? JSONParser.parse(bytes: [UInt8](data)) else { return false }
            return json["body"]?["type"]?.string == "swift"
        }
    }

    /// `render-swiftui` in the folder of this executable.
    static func frontEndBinary() -> String? {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("render-swiftui").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
