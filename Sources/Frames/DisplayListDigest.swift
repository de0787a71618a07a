import DisplayList
import Geometry
import Raster

/// A hash of a display list's exact draw commands, the same on every machine and in every process — unlike
/// `Hashable`, whose seed changes per run. Golden manifests record it per frame: a frame whose digest and
/// environment match its golden's draws the golden's pixels, so `render test` can pass it without drawing it.
///
/// Every stored value of the commands goes in, walked by reflection with each type's name and each field's label (so
/// a change to the types changes the digest and redraws, the safe direction): doubles by bit pattern, strings as
/// UTF-8, image pixels as bytes, a Lottie document by its file's digest; unordered collections sorted. The bytes are
/// hashed with SHA-256 (`ContentDigest`), of which the first 16 hex digits are kept.
public enum DisplayListDigest {
    public static func hex(_ list: DisplayList) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8192)
        feed(list.commands, into: &bytes)
        return ContentDigest.sha256(bytes, prefix: 16)
    }

    private static func feed(_ value: Any, into bytes: inout [UInt8]) {
        switch value {
        case let d as Double:
            bytes.append(1)
            word(d.bitPattern, into: &bytes)
        case let i as Int:
            bytes.append(2)
            word(UInt64(bitPattern: Int64(i)), into: &bytes)
        case let s as String:
            bytes.append(3)
            text(s, into: &bytes)
        case let image as RGBAImage:
            bytes.append(4)
            word(UInt64(image.width), into: &bytes)
            word(UInt64(image.height), into: &bytes)
            bytes += image.pixels
        // The geometry every command is made of, field by field without reflection, which is slow (about 1 ms a
        // frame for Scenes/unlock.json otherwise, most of `render test`'s time on unchanged goldens).
        case let path as Path:
            bytes.append(7)
            word(UInt64(path.elements.count), into: &bytes)
            for element in path.elements {
                switch element {
                case .move(let p): bytes.append(0); point(p, into: &bytes)
                case .line(let p): bytes.append(1); point(p, into: &bytes)
                case .cubic(let a, let b, let c):
                    bytes.append(2); point(a, into: &bytes); point(b, into: &bytes); point(c, into: &bytes)
                case .close: bytes.append(3)
                }
            }
        case let p as Point:
            bytes.append(8)
            point(p, into: &bytes)
        case let r as Rect:
            bytes.append(9)
            for v in [r.origin.x, r.origin.y, r.size.width, r.size.height] { word(v.bitPattern, into: &bytes) }
        case let t as AffineTransform:
            bytes.append(10)
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { word(v.bitPattern, into: &bytes) }
        case let c as Color:
            bytes.append(11)
            for v in [c.r, c.g, c.b, c.a] { word(v.bitPattern, into: &bytes) }
        case let doc as LottieDocument:
            bytes.append(5)
            text(doc.path, into: &bytes)
            word(doc.digest, into: &bytes)
            word(UInt64(doc.frameCount), into: &bytes)
        default:
            let mirror = Mirror(reflecting: value)
            bytes.append(6)
            text(String(describing: mirror.subjectType), into: &bytes)
            word(UInt64(mirror.children.count), into: &bytes)
            if mirror.children.isEmpty {
                // A case without payload, nil, or a value Mirror does not open (Bool, other numbers): its text.
                text(String(describing: value), into: &bytes)
                return
            }
            var parts: [[UInt8]] = []
            for child in mirror.children {
                var part: [UInt8] = []
                text(child.label ?? "", into: &part)
                feed(child.value, into: &part)
                parts.append(part)
            }
            if mirror.displayStyle == .set || mirror.displayStyle == .dictionary {
                // Their order changes from process to process.
                parts.sort { $0.lexicographicallyPrecedes($1) }
            }
            for part in parts { bytes += part }
        }
    }

    private static func point(_ p: Point, into bytes: inout [UInt8]) {
        word(p.x.bitPattern, into: &bytes)
        word(p.y.bitPattern, into: &bytes)
    }

    private static func word(_ w: UInt64, into bytes: inout [UInt8]) {
        for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: w >> (8 * UInt64(k)))) }
    }

    private static func text(_ s: String, into bytes: inout [UInt8]) {
        word(UInt64(s.utf8.count), into: &bytes)
        bytes += s.utf8
    }
}
