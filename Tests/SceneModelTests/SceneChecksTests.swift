import SceneModel
import XCTest

/// The checks of a whole scene run on the model, so a front end that is not JSON gets the same problems, placed where
/// its model says each value is written.
final class SceneChecksTests: XCTestCase {
    func event(id: String?, after: String? = nil, stop: String? = nil, path: String, line: Int) -> EventSpec {
        EventSpec(trigger: after.map { .after(id: $0, delay: 0) } ?? .at(0), id: id, body: EventBody(), timer: nil, stop: stop,
                  path: path, location: SourceLocation(line: line, column: 5, file: "View.swift"),
                  afterLocation: after.map { _ in SourceLocation(line: line, column: 30, file: "View.swift") },
                  stopLocation: stop.map { _ in SourceLocation(line: line, column: 40, file: "View.swift") })
    }

    func testEventReferencesArePlacedAtTheNameWritten() {
        // a waits for b, b for a: both report the loop from their own id; c names a missing timer and a missing id.
        let events = [event(id: "a", after: "b", path: "timeline[0]", line: 3), event(id: "b", after: "a", path: "timeline[1]", line: 4),
                      event(id: "c", after: "bb", stop: "tick", path: "timeline[2]", line: 5)]
        let problems = SceneChecks.eventReferences(events, file: "scene.json")
        XCTAssertEqual(problems.map(\.description), [
            "View.swift:3:30: timeline[0].after: the \"after\" chain loops: a → b → a (each waits for the next)",
            "View.swift:4:30: timeline[1].after: the \"after\" chain loops: b → a → b (each waits for the next)",
            "View.swift:5:30: timeline[2].after: no event or timer has the id \"bb\"; did you mean \"b\"?",
            "View.swift:5:40: timeline[2].stop: no timer has the id \"tick\"",
        ])
        // Without a place for the name, the event's own place.
        var plain = events[2]
        plain.afterLocation = nil
        XCTAssertTrue(SceneChecks.eventReferences([plain], file: "scene.json")[0].description.hasPrefix("View.swift:5:5: "))
        XCTAssertEqual(SceneChecks.eventReferences([events[0], event(id: "b", path: "timeline[1]", line: 4)], file: "s").count, 0)
    }

    func testPointerSamplesAreCountedPerFrameOfADrag() {
        // A drag of d seconds at f fps moves the pointer d·f + 3 times: 10 000 s at 100 fps is 1 000 003, one too many.
        let drag = InputSpec(at: 0, action: .drag(fromX: 0, fromY: 0, toX: 1, toY: 1, duration: 10_000),
                             force: nil, path: "input[0]", location: SourceLocation(line: 2, column: 3))
        XCTAssertEqual(SceneChecks.pointerSamples([drag], fps: 100, at: SourceLocation(line: 1, column: 1), file: "s").count, 1)
        XCTAssertEqual(SceneChecks.pointerSamples([drag], fps: 99.9997, at: SourceLocation(line: 1, column: 1), file: "s").count, 0)
    }
}
