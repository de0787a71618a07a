import ArgumentParser
import Foundation
import Frames
import GoldenTesting
import RenderKit

/// `render accept REPORT [--frames A-B] [--motion]`: the report's actual frames and motion track become the goldens
/// (`GoldenAcceptance`), without rendering again.
struct AcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Make a failed render test's actual frames and motion the new goldens, from its report, without rendering again.",
        discussion: """
        REPORT is the report folder of a failed `render test` (--artifacts, default Output/<name>-test): it keeps \
        the actual frames that failed, the actual motion track when the motion failed, and report.json, which names \
        the goldens folder, the scene, the variant and the options compared. Without --frames and --motion, \
        everything that failed is accepted, frames and motion; --frames A-B accepts the failing frames in that \
        range (frame numbers as in the goldens' file names); --motion the motion track (with --frames, both). \
        Prints each golden it replaced, added or removed. The next `render test` with the same options then \
        passes on the machine that made the report.

        Nothing is written unless every check passes: REPORT is a report, its goldens folder is there and holds \
        the report's scene (and SCENE, when given, is the report's), the frames asked are in the report's range \
        and failed in it, and every golden to replace is still the file the report compared with (SHA-256): \
        goldens changed since the report (another accept, a new recording, a pull) are never overwritten: run \
        render test again. The files are written beside the goldens and renamed into place; manifest.json gets \
        the accepted frames' pixel and display-list hashes. The goldens replaced are kept in REPORT/replaced/.

        A report downloaded from CI names the goldens folder by the CI machine's path: give --goldens DIR.

        Examples:
          render test Scenes/unlock.json --golden Tests/Goldens/unlock --fps 2 --scale 1 --artifacts Output/unlock-test
          render accept Output/unlock-test
          render accept Output/unlock-test --frames 4-9
          render accept Output/unlock-test --motion
          render accept ~/Downloads/report-unlock/unlock --goldens Tests/Goldens/unlock --scene Scenes/unlock.json

        Exit status: 0 accepted (or already the goldens), 1 the report's scene or goldens changed since it was made \
        (or a report file altered), 2 bad usage: not a report, goldens folder gone, frames outside the report's \
        range or not failing in it, a file that cannot be written.
        """)

    @Argument(help: ArgumentHelp("The report folder of a failed render test (its --artifacts).", valueName: "REPORT"),
              completion: .directory)
    var report: String
    @Option(parsing: .unconditional, help: ArgumentHelp("Accept only the failing frames in this range, e.g. 4-9 or 12.", valueName: "A-B"),
            transform: RangeOptions.frames)
    var frames: ClosedRange<Int>?
    @Flag(help: "Accept the motion track (motion.json); alone, only the motion track.")
    var motion = false
    @Option(help: ArgumentHelp("The goldens folder to write into (default: the one report.json names).", valueName: "DIR"),
            completion: .directory)
    var goldens: String?
    @Option(help: ArgumentHelp("Refuse unless the report is of this scene.", valueName: "SCENE.json"), completion: .file(extensions: ["json"]))
    var scene: String?
    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let result: AcceptanceResult
        do {
            let acceptance = try GoldenAcceptance(report: report, goldens: goldens)
            if let scene { try acceptance.check(scene: scene) }
            result = try acceptance.accept(frames: frames, motion: motion)
        } catch {
            printError("render accept: \(error.description)")
            throw ExitCode(error.exitCode)
        }
        guard !quiet else { return }
        for change in result.changes { print(change.line) }
        let written = result.written.count
        print(written == 0 ? "nothing to write: the goldens in \(result.goldens) already are the report's"
              : "accepted \(counted(written, "golden")) into \(result.goldens)")
    }
}
