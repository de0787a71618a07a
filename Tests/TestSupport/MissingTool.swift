import Foundation
import XCTest

/// What a test does when a tool it needs (python3, Pillow, jsonschema, Chromium) is not installed: it skips
/// with `message`, except under `CI=true`, where a missing tool is a failure (the CI machine must have it).
/// A tool that is installed but fails is never a skip: callers report that as a failure themselves.
public func missingTool(_ message: String) -> Error {
    if ProcessInfo.processInfo.environment["CI"] == "true" { return MissingToolInCI(message: message) }
    return XCTSkip(message)
}

/// A missing tool under `CI=true`: thrown from a test, it fails the test with the message.
public struct MissingToolInCI: Error, CustomStringConvertible {
    public var message: String
    public var description: String { "CI=true and a required tool is missing: \(message)" }
}
