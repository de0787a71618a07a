import Foundation
import SceneModel

/// `render` links no swift-syntax (it stays a static binary that starts fast): when a command reads a `.swift` file,
/// the translation is asked of `render-swiftui` beside it, a process of its own, whose answer (the scene with every
/// value's location, the problems, the warnings) comes back as text (SwiftTranslationWire).
enum SwiftFrontEndProcess {
    /// Installs the process client unless this process has the translator itself.
    static func installIfNeeded() {
        guard SwiftFrontEnd.translate == nil else { return }
        SwiftFrontEnd.translate = { request in translate(request) }
    }

    static func translate(_ request: SwiftFrontEndRequest) -> SwiftTranslation {
        let path: String
        var arguments: [String]
        switch request {
        case .scene(let p, let options):
            path = p
            arguments = ["scene", p]
            if let v = options.view { arguments += ["--view", v] }
            if let c = options.canvas { arguments += ["--canvas", "\(c.width)x\(c.height)"] }
            if let s = options.scale { arguments += ["--scale", "\(s)"] }
            if options.dark { arguments.append("--dark") }
        case .body(let p, let view, let dark):
            path = p
            arguments = ["body", p]
            if let v = view { arguments += ["--view", v] }
            if dark { arguments.append("--dark") }
        }
        func failed(_ message: String) -> SwiftTranslation {
            SwiftTranslation(scene: nil, problems: [SceneError(file: path, line: 1, column: 1, path: "", message: message)], warnings: [])
        }
        guard let binary = binary() else {
            return failed("SwiftUI source needs render-swiftui beside render (not found); `make build` builds it")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return failed("cannot start \(binary): \(error.localizedDescription)") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0,
              let answer = try? SwiftTranslationWire.decode(String(decoding: data, as: UTF8.self)) else {
            let why = String(decoding: errors.suffix(300), as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "no answer"
            return failed("the SwiftUI front end (\(binary)) failed: \(why)")
        }
        return answer
    }

    /// `render-swiftui` in the folder of this executable.
    static func binary() -> String? {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidates = [URL(fileURLWithPath: me).deletingLastPathComponent()]
            + (Bundle.main.executableURL.map { [$0.deletingLastPathComponent()] } ?? [])
        for dir in candidates {
            let path = dir.appendingPathComponent("render-swiftui").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
