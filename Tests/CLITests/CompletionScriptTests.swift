import Foundation
import TestSupport
import XCTest

/// `render --generate-completion-script bash|zsh|fish` (swift-argument-parser's), through the CLI's own entry point,
/// which checks the first word for a mistyped subcommand first. The bash script is sourced by bash and asked to
/// complete, as bash does on Tab.
final class CompletionScriptTests: CLITestCase {
    func testScriptsForEveryShellNameTheSubcommands() throws {
        for shell in ["bash", "zsh", "fish"] {
            let run = try expect(0, ["--generate-completion-script", shell])
            for command in ["check", "diff", "merge", "test", "strip"] {
                XCTAssertTrue(run.stdout.contains(command), "\(shell) script lacks \(command)")
            }
        }
        let unknown = try expect(2, ["--generate-completion-script", "powershell"])
        XCTAssertTrue(unknown.stderr.contains("zsh bash fish"), unknown.stderr)
    }

    func testBashCompletesSubcommandsAndOptions() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { throw missingTool("bash is not installed") }
        let script = path("render.bash")
        try Data(try expect(0, ["--generate-completion-script", "bash"]).stdout.utf8).write(to: URL(fileURLWithPath: script))
        XCTAssertEqual(try complete(script, ["render", "me"]), ["merge"])
        XCTAssertEqual(try complete(script, ["render", "che"]), ["check"])
        XCTAssertTrue(try complete(script, ["render", "diff", "a.png", "b.png", "--diff-m"]).contains("--diff-mask"))
        // Options of the default command complete after its name (the root knows subcommands, not a scene's options).
        XCTAssertTrue(try complete(script, ["render", "frames", "scene.json", "--sh"]).contains("--shard"))
        XCTAssertTrue(try complete(script, ["render", "check", "scene.json", "--se"]).contains("--set"))
    }

    /// What bash's completion function offers for the last word of `words` (as when Tab is pressed after it).
    func complete(_ script: String, _ words: [String]) throws -> [String] {
        let line = words.joined(separator: " ")
        let program = """
        source "$1"
        COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
        COMP_CWORD=\(words.count - 1)
        COMP_LINE='\(line)'
        COMP_POINT=${#COMP_LINE}
        _render render '\(words[words.count - 1])' '\(words[words.count - 2])'
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", program, "bash", script]
        let (data, status) = try ProcessOutput.run(process)
        XCTAssertEqual(status, 0, line)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
