import Foundation
import RenderCLI
import SwiftSource

// `render` with the SwiftUI front end installed: `render` hands it the commands that read a .swift file.
SwiftSceneTranslator.install()
exit(RenderCLI.run(Array(CommandLine.arguments.dropFirst())))
