import ArgumentParser
import Formats
import Frames

/// `render`: the root command; rendering frames is the default subcommand.
struct RenderCommand: ParsableCommand {
    /// What `render --version` prints, defined beside the environment fingerprint that records it in manifests.
    static let version = RenderEnvironment.rendererVersion

    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render animation scenes (JSON) to PNG frames or video, headlessly.",
        discussion: """
        A scene describes views, state, springs, timers and scripted input (see docs/scene-format.md).
        `render SCENE.json` writes every frame to Output/<name>/ with manifest.json and events.json.

        Examples:
          render Scenes/unlock.json                     every frame at the scene's fps
          render Scenes/unlock.json --fps 30 --scale 3  30 fps at 3 pixels per point
          render Scenes/unlock.json --at 1.25           one still at t = 1.25 s
          render Scenes/unlock.json --frames 0-59       the first second at 60 fps
          render Scenes/unlock.json --format mp4        one H.264 file, Output/unlock.mp4 (needs ffmpeg)
          render Scenes/unlock.json --out unlock.gif    a GIF (also webm, mov, apng, webp)
          render check Scenes/unlock.json               validate only
          render dump Scenes/unlock.json --at 2         the view tree and draw list
          render strip Scenes/unlock.json --count 12    a contact sheet of 12 frames
          render preview Scenes/unlock.json             HTML player and animated PNG
          render watch Scenes/unlock.json               the player on localhost, rendered again on every save
          render review Output/unlock-test              a failed test's report on localhost: accept or reject
          render diff Output/unlock Tests/Goldens/unlock
                        compare with the goldens (render them with --fps 2 --scale 1)
          render test Scenes/unlock.json --golden Tests/Goldens/unlock --fps 2 --scale 1
                        render and compare in one step; on failure a report in Output/unlock-test
          render accept Output/unlock-test              that report's actual frames become the goldens
        """,
        version: RenderCommand.version,
        subcommands: [FramesCommand.self, Check.self, Translate.self, Dump.self, Diff.self, TestCommand.self, AcceptCommand.self, Merge.self, Strip.self, Preview.self, Watch.self, Review.self],
        defaultSubcommand: FramesCommand.self
    )
}
