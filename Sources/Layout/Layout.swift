import DisplayList
import Geometry
import SceneModel

/// Lays out the view tree of one instant with SwiftUI's proposal rules: the root is proposed
/// the canvas size (points) and centred in the canvas. `scale` is the render's pixels per point (the pixel grid);
/// `imageScale`, the scene's own `canvas.scale` (`scale` when not given), sets the natural size of images.
/// Pure: the same inputs give the same result.
public func layout(_ root: ResolvedView, canvas: Size, scale: Double, imageScale: Double? = nil,
                   measurer: any TextMeasurer) -> LayoutResult {
    let env = LayoutEnvironment(measurer: measurer, canvasScale: scale, imageScale: imageScale ?? scale)
    let node = LayoutNode(root, stackAxis: nil, env: env)
    let proposal = ProposedSize(canvas)
    let canvasRect = Rect(origin: .zero, size: canvas)
    let laidOut = node.place(proposal, at: canvasRect.aligning(node.size(proposal), at: .center))
    return LayoutResult(canvas: canvas, root: laidOut, scale: scale)
}

/// The laid-out tree of one instant and a lookup from view identity to frame.
public struct LayoutResult: Sendable {
    /// Canvas size in points.
    public let canvas: Size
    public let root: LaidOutView
    /// Frame (canvas points) of every view by identity; when two views share an identity, the first
    /// in painter's order is kept.
    public let frames: [String: Rect]
    /// Pixels per point of the pixel grid the layout snapped to (0: none), which the display list's tiled offsets
    /// snap to as well.
    public let scale: Double

    public init(canvas: Size, root: LaidOutView, scale: Double = 0) {
        self.canvas = canvas
        self.root = root
        self.scale = scale
        var frames: [String: Rect] = [:]
        for v in root.allViews where frames[v.identity] == nil { frames[v.identity] = v.frame }
        self.frames = frames
    }

    /// Content frame (inside padding and frame, canvas points) of every view by identity, the first in painter's
    /// order when two share one.
    public var contentFrames: [String: Rect] {
        var out: [String: Rect] = [:]
        for v in root.allViews where out[v.identity] == nil { out[v.identity] = v.contentFrame }
        return out
    }

    /// The frame in canvas points of the view with this identity, if it is present.
    public func frame(of identity: String) -> Rect? { frames[identity] }

    /// One line per view, indented by depth: identity, kind, frame, and the content frame when it differs.
    public var dump: String {
        var lines: [String] = []
        func visit(_ v: LaidOutView, _ depth: Int, _ role: String) {
            var line = String(repeating: "  ", count: depth) + role + v.identity + " " + v.kind.shortName + " " + v.frame.description
            if v.contentFrame != v.frame { line += " content " + v.contentFrame.description }
            lines.append(line)
            if let b = v.background { visit(b, depth + 1, "background: ") }
            for c in v.children { visit(c, depth + 1, "") }
            if let o = v.overlay { visit(o, depth + 1, "overlay: ") }
            if let m = v.mask { visit(m, depth + 1, "mask: ") }
        }
        visit(root, 0, "")
        return lines.joined(separator: "\n")
    }
}

extension ResolvedKind {
    /// The scene format's name of the view type, for dumps.
    var shortName: String {
        switch self {
        case .shape(let outline, _): return outline.typeName
        case .text(let s, _, _): return "text \"\(s.escapingNewlines)\""
        case .image(_, _, _, let src, _): return "image \(src)"
        case .lottie(_, let frame, _, let src): return "lottie \(src) frame \(frame)"
        case .zstack: return "zstack"
        case .hstack: return "hstack"
        case .vstack: return "vstack"
        case .spacer: return "spacer"
        case .geometry: return "geometry"
        case .scroll(let axis): return "scroll \(axis.rawValue)"
        case .grid(let columns, _): return "grid \(columns.count) columns"
        case .paint: return "paint"
        }
    }
}
