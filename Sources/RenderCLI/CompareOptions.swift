import ArgumentParser
import Frames
import GoldenTesting
import RenderKit

/// `--compare DIR` and `--compare-fps`, shared by `render preview` and `render watch`: another render's frames to show
/// side by side with the scene's.
struct CompareOptions: ParsableArguments {
    @Option(help: "A folder of frame_NNNNN.png (goldens, another render) to show side by side.", completion: .directory)
    var compare: String?
    @Option(name: .customLong("compare-fps"), parsing: .unconditional,
            help: "Frames per second of the --compare frames, 1 to 240 (default: their manifest.json's, else the scene's).",
            transform: NumberRule.fps.decimal)
    var compareFPS: Double?

    /// The comparison asked for, or nil; a folder that cannot be compared with prints its problem and exits with 1.
    func load(scene: String) throws -> PreviewComparison? {
        guard let compare else { return nil }
        do {
            var comparison = try PreviewComparison(folder: compare)
            if let compareFPS { comparison.fps = compareFPS }
            return comparison
        } catch {
            printError("\(scene): \(error)")
            throw ExitCode(1)
        }
    }
}
