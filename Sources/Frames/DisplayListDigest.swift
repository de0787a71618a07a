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
///
/// A digest made with an instance (`digest.hex(list)`) remembers the bytes of the commands it fed that hold no image
/// (fills, strokes, text, layers without a mask): a command equal to one of an earlier list is not walked again, which
/// is most commands of a scene's next frame. The bytes are the same either way, but for a command equal to a remembered
/// one with a zero of the other sign somewhere (equal, yet other bits): its digest then differs from the golden's, and
/// the frame is drawn and compared, never passed wrongly.
public struct DisplayListDigest: Sendable {
    /// Each remembered command's bytes as they follow the list's header (its empty label, then the command).
    private var remembered: [DisplayCommand: [UInt8]] = [:]
    private var known: KnownTypes? = KnownTypes()
    /// Commands remembered at most; past it the memory starts again.
    static let rememberedLimit = 4096

    public init() {}

    public static func hex(_ list: DisplayList) -> String {
        var digest = DisplayListDigest()
        return digest.hex(list)
    }

    public mutating func hex(_ list: DisplayList) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8192)
        guard !list.commands.isEmpty else {
            Self.feed(list.commands, into: &bytes, known: &known)
            return ContentDigest.sha256(bytes, prefix: 16)
        }
        // What feeding the array writes before its elements (its type's name and count), then each element as an
        // unlabelled child.
        bytes.append(6)
        Self.text(String(describing: Mirror(reflecting: list.commands).subjectType), into: &bytes)
        Self.word(UInt64(list.commands.count), into: &bytes)
        for command in list.commands {
            if let part = remembered[command] { bytes += part; continue }
            var part: [UInt8] = []
            Self.text("", into: &part)
            Self.feed(command, into: &part, known: &known)
            bytes += part
            if Self.holdsNoImage(command) {
                if remembered.count >= Self.rememberedLimit { remembered.removeAll(keepingCapacity: true) }
                remembered[command] = part
            }
        }
        return ContentDigest.sha256(bytes, prefix: 16)
    }

    /// Commands cheap to hash and small to keep: no image pixels inside.
    private static func holdsNoImage(_ command: DisplayCommand) -> Bool {
        switch command {
        case .fill, .stroke, .text: true
        case .beginLayer(let layer): layer.mask == nil
        case .image, .lottie, .endLayer: false
        }
    }

    /// `hex` as it was first written, every value's kind found by trying each cast in turn, for tests to check that
    /// `hex` gives the same digest (goldens record it).
    static func hexTryingEveryCast(_ list: DisplayList) -> String {
        var bytes: [UInt8] = []
        var none: KnownTypes?
        feed(list.commands, into: &bytes, known: &none)
        return ContentDigest.sha256(bytes, prefix: 16)
    }

    /// How a value is fed: as one of the kinds written field by field, or by reflection.
    private enum Kind {
        case double, int, string, image, path, point, rect, transform, color, lottie, reflected
        /// An optional, whose casts are those of the value it holds.
        case optional
    }

    /// Each type's kind and, when reflected, its name as `text` writes it: the same for every value of the type, so
    /// found once per list (trying casts and naming a type by reflection took most of a digest's time). An optional
    /// is cast as the value it holds, so it is fed as that value when that is one of the kinds fed field by field, and
    /// reflected otherwise (as the casts, which all fail on nil, did). Types whose casts depend on the value otherwise
    /// (AnyHashable, classes, which may hold others) are not kept and go through the casts every time.
    private struct KnownTypes {
        var kinds: [ObjectIdentifier: (kind: Kind, name: [UInt8])] = [:]
    }

    private static func kind(of value: Any) -> Kind {
        switch value {
        case is Double: .double
        case is Int: .int
        case is String: .string
        case is RGBAImage: .image
        case is Path: .path
        case is Point: .point
        case is Rect: .rect
        case is AffineTransform: .transform
        case is Color: .color
        case is LottieDocument: .lottie
        default: .reflected
        }
    }

    private static func valueDecidesCasts(_ type: Any.Type) -> Bool {
        type == AnyHashable.self || type is AnyClass
    }

    /// How `value` is fed, and its type's name when it is reflected: kept in `known` when there is one.
    private static func resolve(_ value: Any, known: inout KnownTypes?) -> (kind: Kind, name: [UInt8]?) {
        let type = Swift.type(of: value)
        if let k = known?.kinds[ObjectIdentifier(type)] { return k }
        guard known != nil, !valueDecidesCasts(type) else { return (Self.kind(of: value), nil) }
        let kind: Kind = type is any OptionalValue.Type ? .optional : Self.kind(of: value)
        var name: [UInt8] = []
        if kind == .reflected || kind == .optional { text(String(describing: Mirror(reflecting: value).subjectType), into: &name) }
        known!.kinds[ObjectIdentifier(type)] = (kind, name)
        return (kind, name)
    }

    private static func feed(_ value: Any, into bytes: inout [UInt8], known: inout KnownTypes?) {
        let (kind, name) = resolve(value, known: &known)
        switch kind {
        case .optional:
            guard let wrapped = (value as! any OptionalValue).wrapped else {
                // What reflecting nil writes: the type, no children, "nil".
                bytes.append(6)
                bytes += name!
                word(0, into: &bytes)
                text("nil", into: &bytes)
                return
            }
            // An optional inside is cast through to what it holds in turn.
            let inner = Swift.type(of: wrapped) is any OptionalValue.Type ? Self.kind(of: wrapped) : resolve(wrapped, known: &known).kind
            if inner != .reflected {
                // The casts reach the value: fed as it.
                feed(wrapped, into: &bytes, known: &known)
                return
            }
            // Reflected, as the casts fail: the optional's one child, "some".
            bytes.append(6)
            bytes += name!
            word(1, into: &bytes)
            text("some", into: &bytes)
            feed(wrapped, into: &bytes, known: &known)
        case .double:
            bytes.append(1)
            word((value as! Double).bitPattern, into: &bytes)
        case .int:
            bytes.append(2)
            word(UInt64(bitPattern: Int64(value as! Int)), into: &bytes)
        case .string:
            bytes.append(3)
            text(value as! String, into: &bytes)
        case .image:
            let image = value as! RGBAImage
            bytes.append(4)
            word(UInt64(image.width), into: &bytes)
            word(UInt64(image.height), into: &bytes)
            bytes += image.pixels
        // The geometry every command is made of, field by field without reflection, which is slow (about 1 ms a
        // frame for Scenes/unlock.json otherwise, most of `render test`'s time on unchanged goldens).
        case .path:
            let path = value as! Path
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
        case .point:
            bytes.append(8)
            point(value as! Point, into: &bytes)
        case .rect:
            let r = value as! Rect
            bytes.append(9)
            for v in [r.origin.x, r.origin.y, r.size.width, r.size.height] { word(v.bitPattern, into: &bytes) }
        case .transform:
            let t = value as! AffineTransform
            bytes.append(10)
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { word(v.bitPattern, into: &bytes) }
        case .color:
            let c = value as! Color
            bytes.append(11)
            for v in [c.r, c.g, c.b, c.a] { word(v.bitPattern, into: &bytes) }
        case .lottie:
            let doc = value as! LottieDocument
            bytes.append(5)
            text(doc.path, into: &bytes)
            word(doc.digest, into: &bytes)
            word(UInt64(doc.frameCount), into: &bytes)
        case .reflected:
            let mirror = Mirror(reflecting: value)
            var children = Array(mirror.children)
            if let stroke = value as? StrokeCommand, stroke.lineCap == .butt, stroke.lineJoin == .miter {
                // A stroke with the default ends and corners is fed as strokes were before they had them, so the
                // digests golden manifests recorded for such frames stay valid.
                children.removeAll { $0.label == "lineCap" || $0.label == "lineJoin" }
            }
            bytes.append(6)
            if let name { bytes += name } else { text(String(describing: mirror.subjectType), into: &bytes) }
            word(UInt64(children.count), into: &bytes)
            if children.isEmpty {
                // A case without payload, nil, or a value Mirror does not open (Bool, other numbers): its text.
                text(String(describing: value), into: &bytes)
                return
            }
            let unordered = mirror.displayStyle == .set || mirror.displayStyle == .dictionary
            var parts: [[UInt8]] = []
            for child in children {
                // Fed straight into `bytes` unless they are to be sorted.
                var part: [UInt8] = []
                text(child.label ?? "", into: &part)
                if unordered {
                    feed(child.value, into: &part, known: &known)
                    parts.append(part)
                } else {
                    bytes += part
                    feed(child.value, into: &bytes, known: &known)
                }
            }
            if unordered {
                // Their order changes from process to process.
                parts.sort { $0.lexicographicallyPrecedes($1) }
                for part in parts { bytes += part }
            }
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

/// Optionals, whose casts reach the value they hold (`DisplayListDigest`).
private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrapped: Any? { map { $0 } }
}
