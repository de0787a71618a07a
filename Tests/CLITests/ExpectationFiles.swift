import Foundation

extension CLITestCase {
    /// Writes `scene` as `NAME.json` and `entries` as `NAME.test.json` beside it (one entry a line from line 3, so a
    /// test can name the line of entry k as k + 3); returns the scene's path.
    @discardableResult
    func writeScene(_ scene: String, expecting entries: [String], named name: String = "box") throws -> String {
        let path = try writeScene(scene, named: name + ".json")
        try writeScene("{\n  \"expect\": [\n    " + entries.joined(separator: ",\n    ") + "\n  ]\n}\n", named: name + ".test.json")
        return path
    }
}
