/// "1 frame", "2 frames", "0 frames": a count with its noun, singular only for exactly one.
/// `plural` is for nouns that do not just take an "s".
public func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
}
