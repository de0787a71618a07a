import Foundation
import Geometry
import SceneModel

/// One pointer event at an exact time, after `drag` and `tap` have been expanded.
struct PointerSample: Sendable {
    enum Kind: Sendable { case down, move, up }
    var kind: Kind
    /// Seconds.
    var time: Double
    /// Canvas points.
    var point: Point
    /// 0…1, nil when the script gives none (keeps the previous value).
    var force: Double?
    /// The JSON path of the input entry it came from.
    var path: String
}

/// Expands the scene's `input` into down/move/up samples in time order.
enum PointerScript {
    /// The position profile of a scripted drag, as a fraction of the way at a fraction u of its
    /// duration: s(u) = (3u² − u³) / 2. It starts at rest, as a finger does, and is still moving at
    /// 1.5× the average speed at release, as a flick is; so the gesture hands a real velocity on.
    static func dragProfile(_ u: Double) -> Double { (3 * u * u - u * u * u) / 2 }

    /// `fps` is the scene's own frame rate (not a CLI override), so that input, and so the state at a
    /// given time, does not depend on the rate frames are rendered at.
    /// Times written to four decimals are taken as the frame times they name
    /// (`TimeGrid.snappedInputTime`), so a move per frame shows in every frame.
    static func samples(_ input: [InputSpec], fps: Double) -> [PointerSample] {
        var out: [(PointerSample, Int)] = []
        var last = Point(0, 0)
        let snapped = input.map { e -> InputSpec in
            var e = e
            e.at = TimeGrid.snappedInputTime(e.at, fps: fps)
            return e
        }
        let ordered = snapped.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
        for (n, e) in ordered {
            switch e.action {
            case .down(let x, let y):
                last = Point(x, y); out.append((PointerSample(kind: .down, time: e.at, point: last, force: e.force, path: e.path), n))
            case .move(let x, let y):
                last = Point(x, y); out.append((PointerSample(kind: .move, time: e.at, point: last, force: e.force, path: e.path), n))
            case .up:
                out.append((PointerSample(kind: .up, time: e.at, point: last, force: e.force, path: e.path), n))
            case .tap(let x, let y):
                last = Point(x, y)
                out.append((PointerSample(kind: .down, time: e.at, point: last, force: e.force, path: e.path), n))
                out.append((PointerSample(kind: .up, time: e.at, point: last, force: e.force, path: e.path), n))
            case .drag(let fx, let fy, let tx, let ty, let d):
                let from = Point(fx, fy), to = Point(tx, ty)
                out.append((PointerSample(kind: .down, time: e.at, point: from, force: e.force, path: e.path), n))
                // Moves at each frame time strictly inside the drag, then the last one at release.
                let end = TimeGrid.snappedInputTime(e.at + d, fps: fps)
                var k = Int((e.at * fps).rounded(.down)) + 1
                while Double(k) / fps < end - 1e-9 {
                    let u = (Double(k) / fps - e.at) / d
                    let s = dragProfile(u)
                    out.append((PointerSample(kind: .move, time: Double(k) / fps,
                                              point: Point(fx + (tx - fx) * s, fy + (ty - fy) * s), force: e.force, path: e.path), n))
                    k += 1
                }
                out.append((PointerSample(kind: .move, time: end, point: to, force: e.force, path: e.path), n))
                out.append((PointerSample(kind: .up, time: end, point: to, force: e.force, path: e.path), n))
                last = to
            }
        }
        return out.map(\.0)
    }
}

/// The motion of the pointer while it is down, for `gesture.velocity`: the average velocity over
/// the last 100 ms of motion (fewer when the touch is younger), in points per second.
struct PointerTrack {
    var samples: [(time: Double, point: Point)] = []
    static let window = 0.1

    mutating func add(_ time: Double, _ p: Point) {
        samples.append((time, p))
        // Keep a little more than the window.
        while samples.count > 2, let second = samples.dropFirst().first, second.time < time - 2 * Self.window {
            samples.removeFirst()
        }
    }

    /// The position at `time`, interpolated between samples.
    func position(at time: Double) -> Point {
        guard let first = samples.first else { return .zero }
        if time <= first.time { return first.point }
        for k in 1..<max(samples.count, 1) where samples[k].time >= time {
            let a = samples[k - 1], b = samples[k]
            let f = b.time > a.time ? (time - a.time) / (b.time - a.time) : 1
            return a.point + (b.point - a.point) * f
        }
        return samples[samples.count - 1].point
    }

    func velocity(at time: Double) -> Point {
        guard let first = samples.first else { return .zero }
        let start = max(first.time, time - Self.window)
        let dt = time - start
        guard dt > 1e-9 else { return .zero }
        return (position(at: time) - position(at: start)) * (1 / dt)
    }
}
