import ArgumentParser
import Frames
import GoldenTesting
import RenderKit

/// `render dump SCENE.json [--at T]`: the resolved view tree and display list as text.
struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the resolved view tree (with frames) and the display list of the frame `--at` renders.",
        discussion: """
        Useful to see which stage of the pipeline a problem is in. --at must lie within the scene \
        (0 to its duration); past the end is an error (exit status 2).

        Examples:
          render dump Scenes/unlock.json --at 2
          render dump Scenes/unlock.json --at 0.5 --scale 1
        """)

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var touches: TouchOptions
    @Option(parsing: .unconditional, help: ArgumentHelp("Time in seconds, 0 to the scene's duration (default 0).", valueName: "SECONDS"),
            transform: NumberRule.time.decimal)
    var at: Double = 0

    func run() throws {
        let source = try sceneOptions.frameSource(showTouches: touches.showTouches)
        _ = try SceneSpan(source).frame(at: at)
        print(SceneDump.text(source, at: at), terminator: "")
    }
}
