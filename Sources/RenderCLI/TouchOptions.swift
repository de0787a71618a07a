import ArgumentParser
import Frames

/// `--show-touches`, shared by every command that draws frames, so that a strip, a preview or a dump shows the
/// finger exactly where the frames do.
struct TouchOptions: ParsableArguments {
    @Flag(help: "Draw the scripted finger (touch point, force, lift) over the frames.")
    var showTouches = false
}
