import ArgumentParser
import Foundation
import Frames
import SceneModel

/// The command line, as a library: `render`'s `main.swift` calls `RenderCLI.run`, and so can a fuzz
/// target or a test, in process. Usage errors give status 2 (the scene format's rule) instead of
/// swift-argument-parser's 64, with a one-line message; a bad scene or a failed comparison gives 1.
/// Nothing in here calls `exit`, except an interrupted render (Ctrl-C, see `Interrupts`).
public enum RenderCLI {
    /// Parses and runs `arguments` (without the program name); returns the process's exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        SwiftFrontEndProcess.installIfNeeded()
        if let message = arguments.first.flatMap(unknownCommand) ?? unknownHelpTopic(arguments) {
            printError("Error: \(message)")
            return 2
        }
        do {
            var command = try RenderCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let error as UsageError {
            printError("Error: \(error)")
            return 2
        } catch {
            let code = RenderCommand.exitCode(for: error)
            if code == .validationFailure {
                let message = RenderCommand.message(for: error)
                printError("Error: \(message) (see 'render help \(helpTopic(arguments))')")
                return 2
            }
            // What swift-argument-parser's `exit(withError:)` prints: help and version on standard
            // output, everything else on standard error.
            let message = RenderCommand.fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { print(message) } else { printError(message) }
            }
            return code.rawValue
        }
    }

    /// The subcommands' names, as typed.
    static var commandNames: [String] {
        RenderCommand.configuration.subcommands.map { $0._commandName } + ["help"]
    }

    /// A message when `word` (the first argument) is a mistyped subcommand rather than a scene file:
    /// not an option, not a subcommand, not an existing file, and with no `.` or `/` a path would have.
    /// Names the nearest subcommand when one is close.
    static func unknownCommand(_ word: String) -> String? {
        guard !word.hasPrefix("-"), !word.contains("."), !word.contains("/"), !commandNames.contains(word),
              !FileManager.default.fileExists(atPath: word) else { return nil }
        let hint = nearest(word, in: commandNames).map { "; did you mean '\($0)'?" } ?? " and no scene file"
        return "'\(word)' is not a render command\(hint) (see 'render --help')"
    }

    /// A message when `render help WORD` names no subcommand.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.count >= 2, arguments[0] == "help", !commandNames.contains(arguments[1]) else { return nil }
        let hint = nearest(arguments[1], in: commandNames).map { "; did you mean '\($0)'?" } ?? ""
        return "'\(arguments[1])' is not a render command\(hint) (see 'render --help')"
    }

    /// The subcommand a usage error is about, for the hint.
    static func helpTopic(_ arguments: [String]) -> String {
        guard let first = arguments.first, commandNames.contains(first), first != "help" else { return "frames" }
        return first
    }
}
