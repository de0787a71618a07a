/// Finds "did you mean" candidates for misspelt names (variables, functions, colours, keys).
public enum NameSuggestion {
    /// The known name closest to `name` by edit distance (Levenshtein, case-insensitive),
    /// or nil when even the closest differs in more than about a third of its letters.
    /// Ties go to the name that sorts first, so the suggestion does not depend on hashing order.
    public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        let limit = max(1, min(3, (target.count + 1) / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() {
            let d = distance(target, Array(candidate.lowercased().unicodeScalars))
            if d <= limit, best.map({ d < $0.distance }) ?? true { best = (candidate, d) }
        }
        return best?.name
    }

    /// Levenshtein distance: insertions, deletions and substitutions each cost 1.
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// The candidate closest to `word` by edit distance (case-insensitive), when close enough to be a likely typo: within
/// two edits, or a third of the candidate's letters. Looser than `NameSuggestion.nearest(to:among:)`, for keys and
/// names the reader of a scene or expectation file suggests. Ties go to the name that sorts first.
public func nearest(_ word: String, in candidates: [String]) -> String? {
    var best: (String, Int)?
    for c in candidates.sorted() {
        let d = NameSuggestion.distance(word.lowercased(), c.lowercased())
        if d < (best?.1 ?? Int.max) { best = (c, d) }
    }
    guard let (c, d) = best else { return nil }
    return d <= max(2, c.count / 3) ? c : nil
}
