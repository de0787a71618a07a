import Raster
import XCTest

/// `ContentDigest` is SHA-256: FIPS 180-4's published examples, and a file read back gives its bytes' digest.
final class ContentDigestTests: XCTestCase {
    func testFIPSExamples() {
        XCTAssertEqual(ContentDigest.sha256(Array("abc".utf8)),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(ContentDigest.sha256([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(ContentDigest.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), prefix: 16),
                       "248d6a61d20638b8")
    }

    func testFileDigestIsTheDigestOfTheFilesBytes() throws {
        let path = NSTemporaryDirectory() + "content-digest-\(getpid()).bin"
        defer { unlink(path) }
        try Data("abc".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(RasterEnvironment.fileDigest(path, prefix: 16), "ba7816bf8f01cfea")
        XCTAssertNil(RasterEnvironment.fileDigest(path + ".absent", prefix: 16))
    }
}
