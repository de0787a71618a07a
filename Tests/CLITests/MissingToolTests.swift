import Foundation
import TestSupport
import XCTest

/// A missing tool skips a test on a developer's machine and fails it under `CI=true`.
final class MissingToolTests: XCTestCase {
    func testMissingToolSkipsLocallyAndFailsUnderCI() {
        let saved = getenv("CI").map { String(cString: $0) }
        defer { if let saved { setenv("CI", saved, 1) } else { unsetenv("CI") } }
        unsetenv("CI")
        XCTAssertTrue(missingTool("no tool") is XCTSkip)
        setenv("CI", "false", 1)
        XCTAssertTrue(missingTool("no tool") is XCTSkip)
        setenv("CI", "true", 1)
        let error = missingTool("no tool")
        XCTAssertTrue(error is MissingToolInCI)
        XCTAssertEqual("\(error)", "CI=true and a required tool is missing: no tool")
    }
}
