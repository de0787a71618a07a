import FuzzSupport
import SceneJSONReader
import SceneModel

// Scene JSON → SceneLoader: any bytes give a scene or a list of located errors, never a crash
// or a hang. Every error must point at a real line and column (1-based) and print as one line.
FuzzDriver.run { bytes in
    do throws(SceneErrors) {
        _ = try SceneLoader.load(bytes: bytes, file: "fuzz.json", directory: "/nonexistent")
    } catch {
        precondition(!error.errors.isEmpty, "a failed load must report at least one problem")
        for e in error.errors {
            precondition(e.line >= 1 && e.column >= 1, "error outside the file: \(e)")
            precondition(!e.message.isEmpty, "empty message: \(e)")
            precondition(!e.description.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "error spans lines: \(e)")
        }
    }
}
