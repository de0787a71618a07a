/// How a stroke's open ends are drawn (SwiftUI's `CGLineCap`): flat at the end point, a half disc around it, or a half
/// square beyond it. SwiftUI's `StrokeStyle` default is `.butt`.
public enum LineCap: String, Hashable, Sendable, CaseIterable { case butt, round, square }

/// How a stroke turns a corner (SwiftUI's `CGLineJoin`): a sharp point (cut off past the miter limit, 10), an arc, or a
/// flat cut. SwiftUI's `StrokeStyle` default is `.miter`.
public enum LineJoin: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }
