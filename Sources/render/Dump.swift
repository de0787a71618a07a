import ArgumentParser
import RenderKit

/// `render dump SCENE.json [--at T]`: the resolved view tree and display list as text.
struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the resolved view tree (with frames) and the display list of the frame `--at` renders.",
        discussion: "Useful to see which stage of the pipeline a problem is in.")

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var touches: TouchOptions
    @Option(help: "Time in seconds (default 0).")
    var at: Double = 0

    func validate() throws {
        if !(at >= 0 && at.isFinite) { throw ValidationError("--at must be a time in seconds ≥ 0 (got \(at))") }
    }

    func run() throws {
        let loaded = try sceneOptions.load()
        do {
            var options = sceneOptions.renderOptions()
            options.showTouches = touches.showTouches
            print(try SceneDump.text(loaded, at: at, options: options), terminator: "")
        } catch {
            printError("\(sceneOptions.scene): \(error)")
            throw ExitCode(1)
        }
    }
}
