import DisplayList
import Geometry
import SceneModel
import Timeline

/// Draws the scripted finger over rendered frames (`--show-touches`), so that a designer sees where
/// the touch is: a translucent white disc about 40 pt across with a ring, bigger and stronger as force
/// grows, fading out briefly after the finger lifts. A thin dark outline keeps it visible on light
/// backgrounds.
public struct TouchOverlay: Sendable {
    public let trace: TouchTrace

    /// Radius of the disc at rest, in points (the ~40 pt fingertip of the Simulator's touch indicator).
    public static let radius = 20.0
    /// How much bigger the disc is at full force (fraction of `radius`).
    public static let forceGrowth = 0.4
    /// Seconds the disc takes to fade out after an up.
    public static let fadeDuration = 0.25

    public init(scene: Scene) {
        trace = TouchTrace(input: scene.input, fps: scene.fps)
    }

    /// The overlay's draw commands at `time` seconds; empty when no finger shows.
    public func commands(at time: Double) -> [DisplayCommand] {
        guard let touch = trace.touch(at: time) else { return [] }
        let fade: Double
        if touch.isDown {
            fade = 1
        } else {
            guard touch.sinceUp < Self.fadeDuration else { return [] }
            fade = 1 - touch.sinceUp / Self.fadeDuration
        }
        let force = min(max(touch.force, 0), 1)
        // Lifting, the disc swells a little as it fades, like a fingertip leaving the glass.
        let lift = touch.isDown ? 0 : 0.15 * (1 - fade)
        let r = Self.radius * (1 + Self.forceGrowth * force + lift)
        let disc = Rect(x: touch.point.x - r, y: touch.point.y - r, width: 2 * r, height: 2 * r)
        let fillAlpha = (0.22 + 0.23 * force) * fade
        let ringAlpha = (0.75 + 0.25 * force) * fade
        let ringWidth = 1.5 + 1.5 * force
        var out: [DisplayCommand] = []
        let outline = Rect(x: disc.minX - ringWidth / 2 - 0.5, y: disc.minY - ringWidth / 2 - 0.5,
                           width: disc.width + ringWidth + 1, height: disc.height + ringWidth + 1)
        out.append(.stroke(StrokeCommand(path: .ellipse(in: outline), paint: .color(Color(r: 0, g: 0, b: 0, a: 0.25 * fade)),
                                         paintBounds: outline, lineWidth: 1, transform: .identity)))
        out.append(.fill(FillCommand(path: .ellipse(in: disc), paint: .color(Color(r: 1, g: 1, b: 1, a: fillAlpha)),
                                     paintBounds: disc, transform: .identity)))
        out.append(.stroke(StrokeCommand(path: .ellipse(in: disc), paint: .color(Color(r: 1, g: 1, b: 1, a: ringAlpha)),
                                         paintBounds: disc, lineWidth: ringWidth, transform: .identity)))
        return out
    }

    /// Appends the overlay at `time` seconds to a frame's display list.
    public func draw(into list: inout DisplayList, at time: Double) {
        for c in commands(at: time) { list.append(c) }
    }
}
