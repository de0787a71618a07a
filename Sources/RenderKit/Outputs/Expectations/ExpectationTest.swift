import Geometry
import Frames
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
    /// cannot answer — a view that is never drawn, a time past the scene's end. Nothing should be checked while there
    /// are any.
    public var problems: [SceneError] {
        var out = file.problems
        let views = samples.table.views
        let end = samples.source.duration
        for e in file.expectations {
            if let v = e.view, !views.contains(v) {
                let hint = nearest(v, in: Array(views)).map { "; did you mean \"\($0)\"?" } ?? ""
                out.append(SceneError(file: file.file, at: e.viewLocation ?? e.location, path: e.path + ".view",
                                      message: "the scene has no view \"\(v)\"\(hint)"))
            }
            for t in e.times where t.seconds > end + 1e-6 {
                out.append(SceneError(file: file.file, at: t.location, path: t.path,
                                      message: "\(fmt(t.seconds)) s is past the scene's end (\(fmt(end)) s)"))
            }
        }
        return out.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// Every expectation's result, in file order.
    public func run() -> [ExpectationResult] {
        file.expectations.map { e in
            let (passed, message) = check(e)
            return ExpectationResult(path: e.path, file: file.file, line: e.location.line, column: e.location.column,
                                     message: message, passed: passed)
        }
    }
}
