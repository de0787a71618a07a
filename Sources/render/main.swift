import Foundation
import RenderCLI

// The whole command line lives in the RenderCLI library, so a fuzz target can run it in process. A command that
// needs the SwiftUI front end goes to render-swiftui (docs/swiftui-source.md).
let arguments = Array(CommandLine.arguments.dropFirst())
if let status = SwiftFrontEndHandoff.handOff(arguments) { exit(status) }
exit(RenderCLI.run(arguments))
