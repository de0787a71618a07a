import ArgumentParser
import Geometry
import RenderKit

/// `render check SCENE.json`: validates a scene without rendering.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate a scene without rendering.",
        discussion: "Prints one line per problem (file:line:column: JSON path: message) and exits with 1, or prints a summary and exits with 0.")

    @OptionGroup var sceneOptions: SceneOptions
    @Flag(name: [.short, .long], help: "Print nothing when the scene is valid.")
    var quiet = false

    func run() throws {
        let loaded = try sceneOptions.load()
        let options = sceneOptions.renderOptions()
        let r: Renderer
        do { r = try Renderer(loaded, options: options) } catch {
            printError("\(sceneOptions.scene): \(error)")
            throw ExitCode(1)
        }
        if !quiet {
            let s = loaded.scene
            let n = r.source.frameCount
            print("\(sceneOptions.scene): ok — \"\(s.name)\", \(n) frame\(n == 1 ? "" : "s") at \(fmt(r.fps)) fps "
                + "(\(fmt(r.source.duration)) s), \(r.pixelWidth)×\(r.pixelHeight) px, "
                + "\(s.state.count) state variables, \(s.timeline.count) timeline events, \(s.input.count) input events")
        }
    }
}
