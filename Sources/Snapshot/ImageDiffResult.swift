import Geometry

/// What `ImageDiff` found.
public struct ImageDiffResult: Sendable, Equatable {
    /// Pixels whose colour differs by more than the threshold and that are not explained as antialiasing.
    public var differingPixels: Int
    /// Pixels that differ by more than the threshold but look like antialiasing (not counted when `includeAA` is off).
    public var antialiasedPixels: Int
    /// width × height of the compared images.
    public var totalPixels: Int
    /// The picture of the differences (when asked for): the first image as faded grey, differences red (255, 0, 0),
    /// antialiasing yellow (255, 255, 0), all opaque.
    public var diffImage: RGBAImage?

    /// Whether no pixel counts as different.
    public var matches: Bool { differingPixels == 0 }
}
