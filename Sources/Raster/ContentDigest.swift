import CCairo

/// SHA-256 of bytes, through GLib's `GChecksum`: GLib is linked already for Pango, so the font fingerprints and the
/// display-list hashes need neither a new dependency nor a hand-written digest (Foundation on Linux has no CryptoKit).
public final class ContentDigest {
    private let checksum: OpaquePointer?

    public init() { checksum = g_checksum_new(G_CHECKSUM_SHA256) }

    deinit { if let checksum { g_checksum_free(checksum) } }

    /// Adds `bytes` to the digest.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { b in
            if let base = b.baseAddress, !b.isEmpty { g_checksum_update(checksum, base, gssize(b.count)) }
        }
    }

    /// The first `digits` hex digits of the SHA-256 of everything added (64 for the whole digest).
    public func hex(prefix digits: Int = 64) -> String {
        guard let checksum, let s = g_checksum_get_string(checksum) else { return "" }
        return String(String(cString: s).prefix(digits))
    }

    /// The first `digits` hex digits of the SHA-256 of `bytes`.
    public static func sha256(_ bytes: [UInt8], prefix digits: Int = 64) -> String {
        let d = ContentDigest()
        d.update(bytes)
        return d.hex(prefix: digits)
    }
}
