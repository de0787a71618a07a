import Formats
import ImageIO
import Raster

extension RenderEnvironment {
    /// The environment of this process drawing text in `faces`: the raster and PNG libraries as linked, and the font
    /// file of each face with the first 16 hex digits of its SHA-256. A function of the faces alone, so a render
    /// records the same fingerprint at any --jobs.
    public static func current(faces: Set<FontFace>) -> RenderEnvironment {
        let libraries = (RasterEnvironment.libraryVersions + CodecVersions.all).map { Library(name: $0.name, version: $0.version) }
        let fonts = RasterEnvironment.fontFiles(for: faces).map { path in
            Font(file: String(path.split(separator: "/").last ?? Substring(path)),
                 sha256: RasterEnvironment.fileDigest(path, prefix: 16) ?? "unreadable")
        }
        return RenderEnvironment(libraries: libraries, fonts: fonts.sorted { ($0.file, $0.sha256) < ($1.file, $1.sha256) })
    }
}
