import Foundation
import TestSupport
import XCTest

/// The SwiftUI files we keep as fixtures (Scenes/*.swift, and the hand-written *.swift seeds in
/// Fuzz/Corpus/swift-source — the fuzzer's kept inputs there have hash names and no extension, and need not be Swift)
/// type-check against a declarations-only stand-in for SwiftUI (Tests/SwiftUIStandIn/SwiftUI.swift, written from
/// Apple's documented signatures), so that they stay honest SwiftUI although SwiftUI does not exist on Linux.
///
/// `#Preview` is a macro. Its stand-in declaration carries Apple's signature and names a plugin of the same module and
/// type as Xcode's (PreviewsMacros.SwiftUIView); Tests/SwiftUIStandIn/PreviewsMacros.swift is that plugin, expanding
/// to nothing, built here against the toolchain's own swift-syntax (usr/lib/swift/host) and loaded with
/// `-load-plugin-library`. The compiler type-checks a macro's arguments before expanding it, so a preview's body is
/// checked like any other code. Without the toolchain's swift-syntax the test cannot check previews and skips (fails
/// under CI=true), as it does without swiftc.
///
/// Type-checking runs in the Swift 5 language mode, as an Xcode project's default; concurrency findings are warnings.
final class SwiftUIFixtureTypecheckTests: XCTestCase {
    var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// One scratch folder for the class: the stand-in is built once (about ten seconds) and shared by the tests.
    nonisolated(unsafe) static var scratch: URL!
    nonisolated(unsafe) static var standIn: Result<(swiftc: String, typecheck: [String]), Error>?
    var scratch: URL { Self.scratch }

    override class func setUp() {
        super.setUp()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-standin-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override class func tearDown() {
        if let s = scratch { try? FileManager.default.removeItem(at: s) }
        standIn = nil
        super.tearDown()
    }

    /// The fixtures: every .swift file in Scenes and Fuzz/Corpus/swift-source.
    func fixtures() throws -> [URL] {
        let fm = FileManager.default
        return try ["Scenes", "Fuzz/Corpus/swift-source"].flatMap { folder -> [URL] in
            let dir = repository.appendingPathComponent(folder)
            return try fm.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }.sorted()
                .map { dir.appendingPathComponent($0) }
        }
    }

    /// swiftc on PATH, and the toolchain's swift-syntax host libraries next to it (what the #Preview plugin links).
    func toolchain() throws -> (swiftc: String, host: String) {
        var swiftc: URL?
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { swiftc = candidate; break }
        }
        guard let swiftc else { throw missingTool("swiftc is not on PATH: the SwiftUI fixtures cannot be type-checked") }
        let host = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host")
        #if os(macOS)
        let libraryExtension = "dylib"
        #else
        let libraryExtension = "so"
        #endif
        for module in ["SwiftSyntax", "SwiftSyntaxMacros"] {
            let interface = host.appendingPathComponent("\(module).swiftmodule").path
            let library = host.appendingPathComponent("lib\(module).\(libraryExtension)").path
            guard FileManager.default.fileExists(atPath: interface), FileManager.default.fileExists(atPath: library) else {
                throw missingTool("the toolchain has no \(module) in \(host.path): the #Preview stand-in plugin cannot be built")
            }
        }
        return (swiftc.path, host.path)
    }

    /// The #Preview plugin and the SwiftUI stand-in module, built once into the scratch folder: swiftc and the
    /// arguments that type-check a file against them. A missing tool skips (fails under CI=true) every test.
    func buildStandIn() throws -> (swiftc: String, typecheck: [String]) {
        if Self.standIn == nil { Self.standIn = Result { try build() } }
        return try Self.standIn!.get()
    }

    private func build() throws -> (swiftc: String, typecheck: [String]) {
        let (swiftc, host) = try toolchain()
        let standIn = repository.appendingPathComponent("Tests/SwiftUIStandIn")
        #if os(macOS)
        let plugin = scratch.appendingPathComponent("libPreviewsMacros.dylib").path
        #else
        let plugin = scratch.appendingPathComponent("libPreviewsMacros.so").path
        #endif
        let moduleCache = scratch.appendingPathComponent("module-cache").path

        let pluginBuild = try runTool(swiftc, [
            "-emit-library", "-module-name", "PreviewsMacros", "-module-cache-path", moduleCache,
            "-I", host, "-L", host, "-lSwiftSyntax", "-lSwiftSyntaxMacros", "-Xlinker", "-rpath", "-Xlinker", host,
            standIn.appendingPathComponent("PreviewsMacros.swift").path, "-o", plugin,
        ])
        XCTAssertEqual(pluginBuild.status, 0, "building the #Preview stand-in plugin failed:\n\(pluginBuild.output)")

        let moduleBuild = try runTool(swiftc, [
            "-emit-module", "-module-name", "SwiftUI", "-parse-as-library", "-module-cache-path", moduleCache,
            "-load-plugin-library", plugin,
            "-emit-module-path", scratch.appendingPathComponent("SwiftUI.swiftmodule").path,
            standIn.appendingPathComponent("SwiftUI.swift").path,
        ])
        XCTAssertEqual(moduleBuild.status, 0, "building the SwiftUI stand-in module failed:\n\(moduleBuild.output)")
        if pluginBuild.status != 0 || moduleBuild.status != 0 { throw StandInBuildFailed() }

        return (swiftc, ["-typecheck", "-I", scratch.path, "-load-plugin-library", plugin, "-module-cache-path", moduleCache])
    }

    func testFixturesTypecheckAgainstTheSwiftUIStandIn() throws {
        let files = try fixtures()
        let names = files.map(\.lastPathComponent)
        for expected in ["UnlockView.swift", "SlideToUnlock.swift", "drag.swift", "handlers.swift"] {
            XCTAssertTrue(names.contains(expected), "\(expected) is not among the fixtures found: \(names)")
        }
        let (swiftc, typecheck) = try buildStandIn()
        for file in files {
            let run = try runTool(swiftc, typecheck + [file.path])
            let relative = file.path.replacingOccurrences(of: repository.path + "/", with: "")
            XCTAssertEqual(run.status, 0, "\(relative) does not type-check against the SwiftUI stand-in:\n\(run.output)")
        }
    }

    /// The stand-in checks something: a misspelt argument label, a wrong member, and a wrong type inside a #Preview
    /// body each fail, located in the file.
    func testTheStandInRejectsWrongSwiftUI() throws {
        let (swiftc, typecheck) = try buildStandIn()
        let scenes = repository.appendingPathComponent("Scenes")
        let mutations: [(file: String, from: String, to: String, what: String)] = [
            ("UnlockView.swift", "dampingFraction:", "dampingFracton:", "a misspelt label of Animation.spring"),
            ("UnlockView.swift", "in: .device)", "within: .device)", "a wrong label of Color.mix(with:by:in:)"),
            ("SlideToUnlock.swift", ".preferredColorScheme(.dark)", ".preferredColorScheme(.darkest)", "a wrong member inside #Preview"),
        ]
        for (index, m) in mutations.enumerated() {
            let original = try String(contentsOf: scenes.appendingPathComponent(m.file), encoding: .utf8)
            let mutated = original.replacingOccurrences(of: m.from, with: m.to)
            XCTAssertNotEqual(mutated, original, "\(m.file) no longer contains \(m.from): update this test")
            let copy = scratch.appendingPathComponent("mutant\(index)-\(m.file)")
            try Data(mutated.utf8).write(to: copy)
            let run = try runTool(swiftc, typecheck + [copy.path])
            XCTAssertNotEqual(run.status, 0, "\(m.what) (\(m.from) → \(m.to) in \(m.file)) type-checks:\n\(run.output)")
            XCTAssertTrue(run.output.contains(copy.lastPathComponent) && run.output.contains("error:"),
                          "\(m.what): no error located in the file:\n\(run.output)")
        }
    }
}

/// The stand-in module or its plugin did not build (the failure above has the compiler's output).
struct StandInBuildFailed: Error {}
