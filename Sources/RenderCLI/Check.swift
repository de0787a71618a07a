import ArgumentParser
import Frames
import Geometry
import GoldenTesting
import RenderKit

/// `render check SCENE.json`: validates a scene without rendering.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a scene without rendering.",
        discussion: """
        Prints one line per problem (file:line:column: JSON path: message) and exits with 1, or prints a \
        summary and exits with 0.

        Examples:
          render check Scenes/unlock.json
          render check Scenes/unlock.json --fps 120 --scale 3 -q
        """)

    @OptionGroup var sceneOptions: SceneOptions
    @Flag(name: [.short, .long], help: "Print nothing when the scene is valid.")
    var quiet = false

    func run() throws {
        let r = try sceneOptions.frameSource()
        if !quiet {
            let s = r.scene
            print("\(sceneOptions.scene): ok — \"\(s.name)\", \(counted(r.frameCount, "frame")) at \(fmt(r.fps)) fps "
                + "(\(fmt(r.duration)) s), \(r.pixelWidth)×\(r.pixelHeight) px, "
                + "\(counted(s.state.count, "state variable")), \(counted(s.timeline.count, "timeline event")), "
                + "\(counted(s.input.count, "input event"))")
        }
    }
}
