import ArgumentParser
import Foundation
import Loopback
import GoldenTesting
import RenderKit

/// `render review REPORT…`: the reports of failed `render test` runs served on this machine as one page, to look at
/// each failure and accept it (into the goldens, through the code of `render accept`), reject it or undo.
struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Serve failed render test reports on localhost to review, accept or reject each failure.",
        discussion: """
        Serves one page for the report folders given (each the --artifacts folder of a failed `render test`, \
        holding report.json) at http://127.0.0.1:8080/ (or the next free port; --port 0: one the system picks; \
        the address is the first line printed). Scenes with failures come first; for each failing frame the page \
        shows expected | actual | diff side by side, or one over the other with a slider, as an onion skin or \
        flickering, at any zoom over a checkerboard; a strip of the scene's frames coloured by how much each \
        changed; and each changed motion curve, golden (grey) against actual (red).

        Keys: j or ↓/→ next failure, k or ↑/← previous; a accepts the frame, m the motion track alone, A the \
        whole scene (every failing frame and the motion track); r rejects the frame (no golden written; the mark \
        is kept in the report's review-state.json, so a reload shows it; r again takes it back); u undoes the \
        last accept or reject (an accepted golden gets back the file it replaced, kept in the report's \
        replaced/); 1-4 side by side, slider, onion skin, flicker; + and - zoom, 0 fits. Accepting writes the \
        goldens exactly as `render accept` does, and is refused when a golden changed since the report was made.

        The server has the rules of `render watch`: loopback only unless --host names another address, GET and \
        HEAD for the page and images only, accept, undo and reject as POST with the token of the page (and from its \
        origin), no request bodies, heads up to 16 KiB, slow or surplus connections closed. Ctrl-C stops it.

        A report downloaded from CI names the goldens folder by the CI machine's path: give --goldens DIR (with \
        that one report), as for `render accept`.

        Examples:
          render test Scenes/unlock.json --golden Tests/Goldens/unlock   fails: report in Output/unlock-test
          render review Output/unlock-test
          render review Output/unlock-test Output/lock-test --port 0
          render review ~/Downloads/report-unlock/unlock --goldens Tests/Goldens/unlock
        """)

    @Argument(help: "Report folders of failed render test runs (each holds report.json).")
    var reports: [String]
    @Option(parsing: .unconditional, help: "Port to listen on, 0 to 65535 (default 8080; 0: one the system picks); when taken, the next free one is used.",
            transform: NumberRule.listenPort.wholeNumber)
    var port: Int = 8080
    @Option(help: "Address to listen on (default 127.0.0.1: this machine only).")
    var host: String = "127.0.0.1"
    @Option(help: ArgumentHelp("The goldens folder of the one report given (default: the one its report.json names; a report from CI names the CI machine's).", valueName: "DIR"),
            completion: .directory)
    var goldens: String?

    func validate() throws {
        guard ListenAddress(host) != nil else {
            throw ValidationError("--host must be an IPv4 or IPv6 address or localhost (found \(host))")
        }
        guard !reports.isEmpty else { throw ValidationError("give at least one report folder") }
        guard goldens == nil || reports.count == 1 else {
            throw ValidationError("--goldens names the goldens of one report: give one report with it (found \(reports.count))")
        }
    }

    func run() throws {
        guard let address = ListenAddress(host) else { throw ExitCode(2) }
        // Every report is read before anything listens: a folder that is not a report, or whose goldens are gone, is
        // one line each and exit status 2.
        var bad: Int32 = 0
        for report in reports {
            do { _ = try GoldenAcceptance(report: report, goldens: goldens) } catch {
                printError("render review: \(error.description)")
                bad = max(bad, error.exitCode)
            }
        }
        if bad != 0 { throw ExitCode(bad) }
        let responder = ReviewResponder(reports: reports, goldens: goldens)
        if let warning = address.exposure(command: "render review") { printError(warning) }
        let server: LoopbackServer
        do {
            server = try LoopbackServer(address: address, port: port, responder: responder,
                                     rules: LoopbackRules(loopbackOnly: address.isLoopback, token: responder.token,
                                                              posts: ReviewRoute.takesPost))
        } catch {
            printError("render review: \(error)")
            throw ExitCode(1)
        }
        say("render review: serving \(address.url(port: server.port)) (\(reports.count) report\(reports.count == 1 ? "" : "s"); Ctrl-C stops)")
        // Ctrl-C and SIGTERM: status 130 once an accept or undo under way has finished (never half accepted).
        Interrupts.installStop(command: "render review") { responder.stop() }
        do { try server.wait() } catch {
            printError("render review: the server stopped: \(error)")
            throw ExitCode(1)
        }
    }
}
