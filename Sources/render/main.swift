import Foundation
import RenderCLI

// The whole command line lives in the RenderCLI library, so a fuzz target can run it in process.
exit(RenderCLI.run(Array(CommandLine.arguments.dropFirst())))
