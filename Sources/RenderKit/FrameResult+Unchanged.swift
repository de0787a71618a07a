extension FrameResult {
    /// How many of `frames` (in index order) have the same pixel hash as the frame with the index just
    /// before theirs. Which worker drew which frame, and so which bytes were actually reused, depends
    /// on scheduling; this count does not, so identical runs report the same number.
    static func unchanged(_ frames: [FrameResult]) -> Int {
        zip(frames, frames.dropFirst()).filter { a, b in b.index == a.index + 1 && b.hash == a.hash }.count
    }
}
