import CDeflate
import CPNG

/// The versions of the PNG libraries, for the environment fingerprint a manifest records.
public enum CodecVersions {
    /// ("libpng", version of the library loaded at run time), ("libdeflate", version of the headers compiled
    /// against: libdeflate offers no run-time query, only the `LIBDEFLATE_VERSION_STRING` macro).
    public static let all: [(name: String, version: String)] = [
        ("libpng", png_get_libpng_ver(nil).map { String(cString: $0) } ?? "unknown"),
        ("libdeflate", LIBDEFLATE_VERSION_STRING),
    ]
}
