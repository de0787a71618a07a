import FuzzSupport
import SceneJSONReader
import SceneModel
import SwiftSource

// Swift source text → swift-syntax → the translator → the scene loader. Any text gives a scene that loads or
// located problems inside the text, never a crash or a hang; a translation the loader rejects must be located too.
FuzzDriver.run { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    // Lines as the translator counts them (\n, \r\n or a lone \r ends one), on the text it was given.
    let u = Array(text.utf8)
    let lines = 1 + u.indices.filter { u[$0] == 10 || (u[$0] == 13 && ($0 + 1 == u.count || u[$0 + 1] != 10)) }.count
    let t = SwiftSceneTranslator.translate(source: text, file: "fuzz.swift", options: SwiftSceneOptions(canvas: (100, 100), scale: 1))
    for p in t.problems + t.warnings {
        precondition(p.line >= 1 && p.line <= max(lines, 1) && p.column >= 1, "problem outside the text: \(p)")
    }
    guard let scene = t.scene else {
        precondition(!t.problems.isEmpty, "no scene and no problem")
        return
    }
    do throws(SceneErrors) { _ = try SceneLoader.load(json: scene, file: "fuzz.swift", directory: ".") } catch {
        for e in error.errors { precondition(e.line >= 1 && e.line <= max(lines, 1), "loader problem outside the text: \(e)") }
    }
}
