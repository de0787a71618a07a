import DisplayList
import Geometry

/// A readable text form of a display list, one command per line; the commands inside a layer
/// (and its mask) are indented under it. Used by `render dump` and by failing tests.
public func dump(_ list: DisplayList) -> String {
    var lines: [String] = []
    var depth = 0
    func emit(_ s: String) { lines.append(String(repeating: "  ", count: depth) + s) }
    for c in list.commands {
        switch c {
        case .fill(let f):
            emit("fill \(describe(f.path)) paint \(f.paint) bounds \(f.paintBounds)\(describe(f.transform))")
        case .stroke(let s):
            let ends = (s.lineCap == .butt ? "" : " cap \(s.lineCap.rawValue)") + (s.lineJoin == .miter ? "" : " join \(s.lineJoin.rawValue)")
            emit("stroke \(describe(s.path)) width \(fmt(s.lineWidth))\(ends) paint \(s.paint) bounds \(s.paintBounds)\(describe(s.transform))")
        case .text(let t):
            let st = t.style
            var style = "\(fmt(st.size))pt weight \(st.weight) \(st.design.rawValue)"
            if st.monospacedDigit { style += " tnum" }
            if st.kerning != 0 { style += " kerning \(fmt(st.kerning))" }
            style += describe(t.layout)
            emit("text \"\(t.text.escapingNewlines)\" \(style) at \(t.origin) paint \(t.paint) bounds \(t.paintBounds)\(describe(t.transform))")
        case .image(let i):
            let clip = i.clip.map { " clip \($0)" } ?? ""
            emit("image \(i.image.width)×\(i.image.height)px in \(i.rect)\(clip)\(describe(i.transform))")
        case .lottie(let l):
            emit("lottie \(l.document.path) frame \(l.frame) in \(l.rect)\(describe(l.transform))")
        case .beginLayer(let l):
            var parts = ["layer"]
            if l.opacity != 1 { parts.append("opacity \(fmt(l.opacity))") }
            if l.blur != 0 { parts.append("blur \(fmt(l.blur))") }
            if l.shadowMode == .independent && !l.shadows.isEmpty { parts.append("independent") }
            for s in l.shadows { parts.append("shadow \(s.color) r \(fmt(s.radius)) offset \(s.offset)") }
            if let clip = l.clip { parts.append("clip \(describe(clip))") }
            if let h = l.projection { parts.append("projection \(h)") }
            if let h = l.hinge {
                parts.append("hinge \(h.vertical ? "x" : "y") = \(fmt(h.position)), view \(h.viewAfter ? "after" : "before")")
            }
            emit(parts.joined(separator: " ") + describe(l.transform))
            depth += 1
            if let mask = l.mask {
                emit("mask")
                depth += 1
                for line in dump(mask).split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
                    emit(String(line))
                }
                depth -= 1
            }
        case .endLayer:
            depth = Swift.max(0, depth - 1)
            emit("end")
        }
    }
    return lines.joined(separator: "\n")
}

/// " transform …", or nothing for the identity, so that untransformed lists stay short.
private func describe(_ t: AffineTransform) -> String { t.isIdentity ? "" : " transform \(t)" }

/// A rectangle path by its rectangle; any other path by its element count and control bounds.
private func describe(_ p: Path) -> String {
    let e = p.elements
    if e.count == 5, case .move(let a) = e[0], case .line(let b) = e[1], case .line(let c) = e[2],
       case .line(let d) = e[3], case .close = e[4],
       a.y == b.y, b.x == c.x, c.y == d.y, d.x == a.x {
        return "rect \(p.controlBounds)"
    }
    return "path(\(e.count) elements) \(p.controlBounds)"
}

/// The text's line settings where they differ from one unwrapped leading line.
private func describe(_ l: TextLayout) -> String {
    var s = ""
    if let w = l.width { s += " wrap \(fmt(w))" }
    if let h = l.height { s += " height \(fmt(h))" }
    if let n = l.lineLimit { s += " lineLimit \(n)" }
    if l.alignment != .leading { s += " \(l.alignment.rawValue)" }
    if l.truncation != .tail { s += " truncate \(l.truncation.rawValue)" }
    if l.lineSpacing != 0 { s += " lineSpacing \(fmt(l.lineSpacing))" }
    return s
}

extension String {
    /// The string with each newline written as `\n`, so that a dump keeps one line per entry.
    var escapingNewlines: String { split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n") }
}
