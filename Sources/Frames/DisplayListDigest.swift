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

    private static func word(_ w: UInt64, into bytes: inout [UInt8]) {
        for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: w >> (8 * UInt64(k)))) }
    }

    private static func text(_ s: String, into bytes: inout [UInt8]) {
        word(UInt64(s.utf8.count), into: &bytes)
        bytes += s.utf8
    }
}
