import Foundation

/// `motion.json`, the motion golden of `render test`: every visible value that moves in a scene, frame by frame at
/// the scene's own fps and scale (whatever `--fps` the pixel goldens use), its state variables and its events. It is
/// written by `OrderedJSONEncoder`, which puts each member of `series`, `state` and `events` on a line of its own, so
/// a changed spring shows in a diff as the changed lines of the views it moves.
///
/// Every presented value that can animate is there (testing.md §1: frames, opacity, scale, 2D and 3D rotation and
/// anchors, blur, corner radius, shadows, fill and stroke paints, stroke width, trim, text style, Lottie frame, and in
/// `text` what text views say). Values that stay the same over the whole scene are left out: they are not motion, and
/// a layout constant that changes belongs to the pixel goldens.
public struct MotionTrack: Codable, Equatable, Sendable {
    /// The format's version, 1.
    public var motion: Int
    public var scene: String
    public var fps: Double
    /// Frames every series covers.
    public var frameCount: Int
    public var series: [MotionSeries]
    /// The content of each text view whose words change, with the time of the first frame showing each (`name` is the
    /// view). Absent from tracks recorded before it was kept, which read as having none.
    public var text: [MotionStateSeries]
    public var state: [MotionStateSeries]
    public var events: [EventLog.Event]

    public init(scene: String, fps: Double, frameCount: Int, series: [MotionSeries], text: [MotionStateSeries] = [],
                state: [MotionStateSeries], events: [EventLog.Event]) {
        motion = 1
        self.scene = scene; self.fps = fps; self.frameCount = frameCount
        self.series = series; self.text = text; self.state = state; self.events = events
    }

    private enum CodingKeys: String, CodingKey { case motion, scene, fps, frameCount, series, text, state, events }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        motion = try c.decode(Int.self, forKey: .motion)
        scene = try c.decode(String.self, forKey: .scene)
        fps = try c.decode(Double.self, forKey: .fps)
        frameCount = try c.decode(Int.self, forKey: .frameCount)
        series = try c.decode([MotionSeries].self, forKey: .series)
        text = try c.decodeIfPresent([MotionStateSeries].self, forKey: .text) ?? []
        state = try c.decode([MotionStateSeries].self, forKey: .state)
        events = try c.decode([EventLog.Event].self, forKey: .events)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(motion, forKey: .motion); try c.encode(scene, forKey: .scene); try c.encode(fps, forKey: .fps)
        try c.encode(frameCount, forKey: .frameCount); try c.encode(series, forKey: .series)
        // Left out when no text changes, so that a scene without changing words writes the file it always wrote.
        if !text.isEmpty { try c.encode(text, forKey: .text) }
        try c.encode(state, forKey: .state); try c.encode(events, forKey: .events)
    }

    /// The scene time of frame `i`, in seconds.
    public func time(frame i: Int) -> Double { Double(i) / fps }

    /// Reads `motion.json` back; a file that is not one (not JSON, a key missing, a run that does not add up to the
    /// frame count, a series named twice) is a `FormatReadError` naming the file and the place.
    public static func read(at path: String) throws(FormatReadError) -> MotionTrack {
        try check(FormatFile.read(MotionTrack.self, at: path), path: path)
    }

    /// The track `data` holds, the contents of the file at `path`, checked as `read(at:)` checks it.
    public static func decode(_ data: Data, path: String) throws(FormatReadError) -> MotionTrack {
        try check(FormatFile.decode(MotionTrack.self, from: data, path: path), path: path)
    }

    private static func check(_ track: MotionTrack, path: String) throws(FormatReadError) -> MotionTrack {
        if let problem = track.problem { throw FormatReadError(path: path, problem: problem) }
        return track
    }

    /// What is wrong with a decoded track, with its place in the file; nil when nothing is.
    var problem: String? {
        guard motion == 1 else { return "motion: version \(motion) is not one this renderer reads (1)" }
        guard fps > 0, fps.isFinite else { return "fps: must be a positive number (found \(NumberText.shortest(fps)))" }
        guard frameCount >= 1 else { return "frameCount: must be at least 1 (found \(frameCount))" }
        var seen: Set<String> = []
        for (k, s) in series.enumerated() {
            if s.frameCount != frameCount {
                return "series[\(k)] (\(s.name)): its values cover \(s.frameCount) frames, the track has \(frameCount)"
            }
            if let bad = s.values.firstIndex(where: { $0.value.map { !$0.isFinite } ?? false }) {
                return "series[\(k)].values[\(bad)]: not a finite number"
            }
            if !seen.insert(s.name).inserted { return "series[\(k)]: \(s.name) is there twice" }
        }
        for (k, s) in text.enumerated() where s.changes.isEmpty {
            return "text[\(k)] (\(s.name)): no values"
        }
        for (k, s) in state.enumerated() where s.changes.isEmpty {
            return "state[\(k)] (\(s.name)): no values"
        }
        return nil
    }
}
