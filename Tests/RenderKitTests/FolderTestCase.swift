import Foundation
import XCTest

/// A test case with a fresh folder of its own (`folder`), removed after each test: for tests whose witness is the
/// files written.
class FolderTestCase: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "\(type(of: self))-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
        try super.tearDownWithError()
    }
}
