import Foundation
import SceneJSON
import SwiftSource

// The SwiftUI front end as a process of its own: `render` (a static binary that links no swift-syntax) runs it to
// translate a .swift file and reads the answer (SwiftTranslationWire) from standard output.
//
//   render-swiftui scene FILE.swift [--view NAME] [--canvas WxH] [--scale S] [--dark]
//   render-swiftui body FILE.swift [--view NAME] [--dark]
var args = Array(CommandLine.arguments.dropFirst())
func usage() -> Never {
    FileHandle.standardError.write(Data("usage: render-swiftui scene|body FILE.swift [--view NAME] [--canvas WxH] [--scale S] [--dark]\n(run by render; see docs/swiftui-source.md)\n".utf8))
    exit(2)
}
guard args.count >= 2, ["scene", "body"].contains(args[0]) else { usage() }
let mode = args.removeFirst(), path = args.removeFirst()
var options = SwiftSceneOptions()
while !args.isEmpty {
    let flag = args.removeFirst()
    switch flag {
    case "--dark": options.dark = true
    case "--view", "--canvas", "--scale":
        guard !args.isEmpty else { usage() }
        let v = args.removeFirst()
        if flag == "--view" { options.view = v }
        if flag == "--scale" { options.scale = Double(v) ?? { usage() }() }
        if flag == "--canvas" {
            let p = v.split(separator: "x").compactMap { Double($0) }
            guard p.count == 2 else { usage() }
            options.canvas = (p[0], p[1])
        }
    default: usage()
    }
}
SwiftSceneTranslator.install()
let request: SwiftFrontEndRequest = mode == "scene" ? .scene(path: path, options: options) : .body(path: path, view: options.view, dark: options.dark)
let answer = SwiftFrontEnd.translate!(request)
FileHandle.standardOutput.write(Data(SwiftTranslationWire.encode(answer).utf8))
