import ArgumentParser
import Foundation

/// Runs the command line. Usage errors exit with status 2 (the scene format's rule) instead of
/// swift-argument-parser's 64; a bad scene or a failed comparison exits with 1.
@main
enum Entry {
    static func main() {
        do {
            var command = try RenderCommand.parseAsRoot()
            try command.run()
        } catch {
            let code = RenderCommand.exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((RenderCommand.fullMessage(for: error) + "\n").utf8))
                exit(2)
            }
            RenderCommand.exit(withError: error)
        }
    }
}
