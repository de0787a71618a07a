import ArgumentParser
import Foundation
import RenderKit
import SceneModel

/// Options every scene-reading command shares.
struct SceneOptions: ParsableArguments {
    @Argument(help: "The scene file (JSON).", completion: .file(extensions: ["json"]))
    var scene: String

    @Option(parsing: .unconditional, help: "Frames per second, 1 to 240 (overrides the scene's fps).",
            transform: NumberRule.fps.decimal)
    var fps: Double?

    @Option(parsing: .unconditional, help: "Pixels per point, 0.1 to 8 (overrides canvas.scale).",
            transform: NumberRule.scale.decimal)
    var scale: Double?

    @Flag(help: "Allow image paths outside the scene's folder.")
    var allowExternalImages = false

    /// Render options with this command line's fps and scale; `defaultScale` replaces the scene's
    /// own scale when `--scale` is not given (strips and previews default to 1).
    func renderOptions(defaultScale: Double? = nil) -> RenderOptions {
        var options = RenderOptions()
        options.fps = fps
        options.scale = scale ?? defaultScale
        return options
    }

    /// Loads the scene, or prints one line per problem and exits with status 1.
    func load() throws -> LoadedScene {
        do {
            return try LoadedScene.load(path: scene, allowExternalImages: allowExternalImages)
        } catch {
            for e in error.errors { printError(e.description) }
            throw ExitCode(1)
        }
    }
}

func printError(_ s: String) {
    FileHandle.standardError.write(Data((s + "\n").utf8))
}
