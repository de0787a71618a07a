import Frames
import Geometry
import RenderKit
import SceneModel

/// `render test`'s expectations (testing contract §2): facts about an interaction read from the simulated states
/// and layouts of a frame source at the scene's own fps (`MotionSamples`, which the motion golden shares). Nothing is
/// drawn, so checking them costs a simulation and one layout per frame, made once for both.
public struct ExpectationTest {
    let file: ExpectationFile
    let samples: ExpectationSamples

    /// `samples` should come from a source at the scene's fps and scale (`MotionTest.source(for:)`): expectations
    /// name views and times, not the frames a pixel test samples.
    public init(_ file: ExpectationFile, samples: MotionSamples) {
        self.file = file
        self.samples = ExpectationSamples(samples)
    }

    /// Every problem of the file, one located line each as a scene's: those found reading it, and what the scene
    /// cannot answer — a view that is never drawn. Nothing should be checked while there are any. (A time past the
    /// scene's end is no problem of the file but a failing expectation: `run()`.)
    public var problems: [SceneError] {
        var out = file.problems
        let views = samples.table.views
        for e in file.expectations {
            if let v = e.view, !views.contains(v) {
                let hint = nearest(v, in: Array(views)).map { "; did you mean \"\($0)\"?" } ?? ""
                out.append(SceneError(file: file.file, at: e.viewLocation ?? e.location, path: e.path + ".view",
                                      message: "the scene has no view \"\(v)\"\(hint)"))
            }
        }
        return out.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// Every expectation's result, in file order.
    public func run() -> [ExpectationResult] {
        file.expectations.map { e in
            if let late = pastTheEnd(e) { return late }
            let (passed, message) = check(e)
            return ExpectationResult(path: e.path, file: file.file, line: e.location.line, column: e.location.column,
                                     message: message, passed: passed)
        }
    }

    /// An expectation with a time past the scene's end — the scene got shorter since the file was written — fails,
    /// located at that time, rather than stopping the run: the report, JSON and JUnit still say what the rest found.
    func pastTheEnd(_ e: Expectation) -> ExpectationResult? {
        let end = samples.source.duration
        guard let t = e.times.first(where: { $0.seconds > end + 1e-6 }) else { return nil }
        let key = t.path.split(separator: ".").last.map(String.init) ?? t.path
        return ExpectationResult(path: e.path, file: file.file, line: t.location.line, column: t.location.column,
                                 message: "\(key) \(fmt(t.seconds)) s is past the scene's end: the scene now ends at \(fmt(end)) s",
                                 passed: false)
    }
}
