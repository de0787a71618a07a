import Foundation

/// `rotation3D` of a view (scene format §3 item 9), SwiftUI's
/// `.rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`, with its values resolved.
public struct Rotation3D: Hashable, Sendable {
    /// Degrees; positive turns counter-clockwise looking down the axis (right-handed, y down).
    public var angle: Double
    /// The axis (x, y, z) as written; normalised when the map is built. Unitless.
    public var axis: (x: Double, y: Double, z: Double)
    /// The fixed point in units of the view's laid-out size ((0.5, 0.5) is the centre).
    public var anchor: UnitPoint
    /// Depth of the anchor, in points (positive towards the viewer).
    public var anchorZ: Double
    /// The eye sits max(w, h) / perspective points in front of the view; 0 for none (orthographic).
    public var perspective: Double

    public init(angle: Double, axis: (x: Double, y: Double, z: Double), anchor: UnitPoint = .center,
                anchorZ: Double = 0, perspective: Double = 1) {
        self.angle = angle; self.axis = axis; self.anchor = anchor; self.anchorZ = anchorZ; self.perspective = perspective
    }

    public static func == (a: Rotation3D, b: Rotation3D) -> Bool {
        a.angle == b.angle && a.axis == b.axis && a.anchor == b.anchor && a.anchorZ == b.anchorZ && a.perspective == b.perspective
    }

    public func hash(into h: inout Hasher) {
        h.combine(angle); h.combine(axis.x); h.combine(axis.y); h.combine(axis.z)
        h.combine(anchor); h.combine(anchorZ); h.combine(perspective)
    }

    /// The map of a view of laid-out size `width` × `height` points, in the view's own coordinates
    /// (origin at its top-left, y down): [x, y, 0, 1] · T(−a) · R · P · T(a), kept to the X, Y and W
    /// columns and the x, y and 1 rows (the view is flat: z = 0). Nil when a value is not finite
    /// or the axis has no direction, so that no caller ever divides by zero.
    public func homography(width w: Double, height h: Double) -> Homography? {
        // Divided by its largest part first, so that squaring neither overflows nor underflows.
        let big = Swift.max(abs(axis.x), abs(axis.y), abs(axis.z))
        guard big > 0, big.isFinite, angle.isFinite, anchorZ.isFinite, perspective.isFinite,
              w.isFinite, h.isFinite, anchor.x.isFinite, anchor.y.isFinite else { return nil }
        let ux = axis.x / big, uy = axis.y / big, uz = axis.z / big
        let len = (ux * ux + uy * uy + uz * uz).squareRoot()
        let x = ux / len, y = uy / len, z = uz / len
        let theta = angle * .pi / 180
        let c = cos(theta), s = sin(theta), t = 1 - c
        let r: [[Double]] = [
            [t * x * x + c, t * x * y + s * z, t * x * z - s * y],
            [t * x * y - s * z, t * y * y + c, t * y * z + s * x],
            [t * x * z + s * y, t * y * z - s * x, t * z * z + c],
        ]
        let ax = anchor.x * w, ay = anchor.y * h, az = anchorZ
        let side = Swift.max(w, h)
        // −1/d with d = max(w, h)/perspective; no perspective term when perspective is 0 (or the view has no size).
        let q = perspective != 0 && side > 0 ? -perspective / side : 0
        // Rows of T(−a)·R for the inputs x, y and 1 (z = 0): the point minus the anchor, rotated.
        func rotated(_ v: (Double, Double, Double), _ wIn: Double) -> [Double] {
            let (px, py, pz) = v
            let rx = px * r[0][0] + py * r[1][0] + pz * r[2][0]
            let ry = px * r[0][1] + py * r[1][1] + pz * r[2][1]
            let rz = px * r[0][2] + py * r[1][2] + pz * r[2][2]
            // ·P: W' = W + Z·(−1/d); ·T(a): X += ax·W', Y += ay·W'.
            let wOut = wIn + rz * q
            return [rx + ax * wOut, ry + ay * wOut, wOut]
        }
        let rowX = rotated((1, 0, 0), 0), rowY = rotated((0, 1, 0), 0), rowOne = rotated((-ax, -ay, -az), 1)
        return Homography(rows: rowX + rowY + rowOne)
    }
}
