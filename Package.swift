// swift-tools-version: 6.0
import Foundation
import PackageDescription

// SwiftUI source as a scene (docs/swiftui-source.md) parses with swift-syntax. The toolchain ships its own build of
// swift-syntax's libraries (usr/lib/swift/host: the modules macros are built against, as library-evolution
// interfaces with shared objects), which the SwiftSource target links when they are there: building the package
// version from source doubled `make demo` (docs/swiftui-source.md has the figures). Without them (or with
// RENDER_SWIFT_SYNTAX=package) the swift-syntax package at the version this machine kind ships is built instead.
// Only `render-swiftui` and the tests link the translator; `render` asks it, as a process, to translate .swift files.
let toolchainSyntax: String? = {
    let env = ProcessInfo.processInfo.environment
    if env["RENDER_SWIFT_SYNTAX"] == "package" { return nil }
    for dir in (env["PATH"] ?? "").split(separator: ":") {
        let swiftc = URL(fileURLWithPath: String(dir)).appendingPathComponent("swiftc")
        guard FileManager.default.isExecutableFile(atPath: swiftc.path) else { continue }
        let host = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host")
        let modules = ["SwiftSyntax", "SwiftParser", "SwiftOperators"]
        if modules.allSatisfy({ FileManager.default.fileExists(atPath: host.appendingPathComponent("\($0).swiftmodule").path)
                                 && FileManager.default.fileExists(atPath: host.appendingPathComponent("lib\($0).so").path) }) {
            return host.path
        }
        return nil
    }
    return nil
}()
let syntaxModules = ["SwiftSyntax", "SwiftParser", "SwiftOperators"]
let swiftSourceDependencies: [Target.Dependency] = toolchainSyntax != nil ? [] : [
    .product(name: "SwiftSyntax", package: "swift-syntax"),
    .product(name: "SwiftParser", package: "swift-syntax"),
    .product(name: "SwiftOperators", package: "swift-syntax"),
]
// The translator and every target that imports it find the toolchain's swift-syntax modules here.
let swiftSourceSettings: [SwiftSetting] = toolchainSyntax.map { [.unsafeFlags(["-I", $0])] } ?? []
// SwiftSource itself is built with library evolution and imports swift-syntax `internal`ly, so that modules importing
// it (SwiftPM's generated test runner among them, which takes no flags) do not need to find swift-syntax. Its warnings
// are silenced: library evolution warns on every import of this package's own (non-evolution) modules.
let swiftSourceOwnSettings: [SwiftSetting] = toolchainSyntax.map { [.unsafeFlags(["-I", $0, "-enable-library-evolution", "-suppress-warnings"])] } ?? []
let swiftSourceLinking: [LinkerSetting] = toolchainSyntax.map { host in
    [.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host])] + syntaxModules.map { .linkedLibrary($0) }
} ?? []

// The pipeline, one target per stage; each target knows only the ones to its left:
// SceneModel → Timeline → Layout → DisplayList → Raster → ImageIO, with Snapshot and the CLI on top.
// Every target declares exactly the modules it imports, no more (reaching one through another target does not count):
// `make test` checks it with Tests/check-imports.py.
// The targets whose loops touch every pixel (the projective sampler, blur, masks, PNG filters, image diffs) are
// optimised in debug builds too: the tests render every frame of the reference scenes, and `swift test` on a debug
// build with unoptimised pixel loops ran past ten minutes. (`make test` runs the tests on an optimised build with
// -enable-testing: see the Makefile.) Release builds are optimised anyway; -enable-testing stays on in debug, so
// @testable imports keep working.
let pixelLoops: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "render",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "render", targets: ["render"]),
        .executable(name: "render-swiftui", targets: ["render-swiftui"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `render watch`'s HTTP server: SwiftNIO's HTTP/1 codec, which bounds what a client can make the server do
        // (docs/previews.md has the figures: FlyingFox 0.27.1 spent time growing with the square of a header's size).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ] + (toolchainSyntax == nil ? [
        // The SwiftUI front end's parser when the toolchain has no swift-syntax libraries (see toolchainSyntax above).
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ] : []),
    targets: [
        // The files we write (manifests, events, frame file names) as types, the one JSON writer and text escaping.
        .target(name: "Formats"),
        .target(name: "Geometry", dependencies: ["Formats"]),
        .target(name: "Motion"),
        // The scene document as JSON with positions (parser, values, located problems) and the SwiftUI front end's
        // interface: what the JSON reader and the Swift front end share, without the rest of the scene model.
        .target(name: "SceneJSON", dependencies: ["Formats"]),
        .target(name: "SceneModel", dependencies: ["Geometry", "Motion", "Formats", "SceneJSON"]),
        // The JSON front end: a scene document's JSON values (a file's, or what the SwiftUI front end made of a .swift
        // file) read into the scene model, every problem located; `--set`/`--state` files; expectation files.
        .target(name: "SceneJSONReader", dependencies: ["SceneModel", "Geometry", "Formats"]),
        .target(name: "DisplayList", dependencies: ["Geometry"]),
        .target(name: "Timeline", dependencies: ["SceneModel", "Motion", "Geometry"]),
        .target(name: "Layout", dependencies: ["SceneModel", "DisplayList", "Geometry"]),
        // The SwiftUI front end: a `.swift` file's View structs translated, without compiling or running them, into
        // the scene JSON the SceneModel reader reads (each value located in the `.swift` file).
        .target(name: "SwiftSource", dependencies: ["SceneJSON", "Motion"] + swiftSourceDependencies,
                swiftSettings: swiftSourceOwnSettings, linkerSettings: swiftSourceLinking),
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // zlib only for adler32_combine (libdeflate has no combine); libpng-dev already depends on zlib1g-dev.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // rlottie draws `lottie` views (scene format §3.3b); Debian's librlottie-dev.
        .systemLibrary(name: "CRLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        .target(name: "Lottie", dependencies: ["Geometry", "CRLottie"]),
        .target(name: "Raster", dependencies: ["DisplayList", "Geometry", "CCairo", "Lottie"], swiftSettings: pixelLoops),
        .target(name: "ImageIO", dependencies: ["Geometry", "CPNG", "CDeflate", "CZlib"], swiftSettings: pixelLoops),
        .target(name: "Snapshot", dependencies: ["Geometry"], swiftSettings: pixelLoops),
        // The frame stage: where Timeline and Layout meet (FrameSource), and the one frame pump every output is fed by.
        .target(name: "Frames", dependencies: [
            "DisplayList", "Formats", "Geometry", "ImageIO", "Layout", "Lottie", "Raster", "SceneModel", "SceneJSONReader", "Timeline",
        ]),
        // The outputs, one folder each (Sources/RenderKit/Outputs), every one a FrameSink of the pump.
        .target(name: "RenderKit", dependencies: [
            "Frames", "Formats", "DisplayList", "Geometry", "ImageIO", "Raster", "SceneModel", "Timeline",
        ]),
        // Golden testing, its own stage: `render test`'s pixel goldens and motion goldens (two strategies under one
        // record-mode table), expectations, the reports, `render accept` and `render review`'s page.
        .target(name: "GoldenTesting", dependencies: [
            "Frames", "Formats", "DisplayList", "Geometry", "ImageIO", "Layout", "Motion", "Raster", "RenderKit", "SceneModel", "Snapshot", "Timeline",
        ]),
        // The command line is a library, so the fuzz target `fuzz-cli` (and tests) can run it in process;
        // the `render` executable is its one-line main.
        // The hardened loopback HTTP server of `render watch` and `render review` (limits, timers, connection cap,
        // request rules): SwiftNIO is imported here and nowhere else; the commands answer `LoopbackRequest`s.
        .target(name: "Loopback", dependencies: [
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .target(name: "RenderCLI", dependencies: [
            "Frames", "Formats", "GoldenTesting", "RenderKit", "Geometry", "SceneModel", "SceneJSONReader", "ImageIO", "Loopback",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "render", dependencies: ["RenderCLI"]),
        // The SwiftUI front end as a process: `render` runs it to translate a .swift file (SwiftFrontEndProcess).
        .executableTarget(name: "render-swiftui", dependencies: ["SceneJSON", "SwiftSource"], swiftSettings: swiftSourceSettings),
        // `png-bench`: the PNG encoder alone on a folder of frames (band heights, filters, colour types); see its main.swift.
        .executableTarget(name: "png-bench", dependencies: ["ImageIO", "Geometry"], path: "Benchmarks/PNGBench"),
        // Fuzz targets (Fuzz/, see docs/limits.md): plain builds replay input files; `make fuzz`
        // rebuilds them with -sanitize=fuzzer -DFUZZING into .build/fuzz and runs libFuzzer.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "fuzz-scene-loader", dependencies: ["FuzzSupport", "SceneModel", "SceneJSONReader"], path: "Fuzz/SceneLoader"),
        .executableTarget(name: "fuzz-expression", dependencies: ["FuzzSupport", "SceneModel", "Geometry"], path: "Fuzz/Expression"),
        .executableTarget(name: "fuzz-png", dependencies: ["FuzzSupport", "ImageIO"], path: "Fuzz/PNG"),
        .executableTarget(name: "fuzz-lottie", dependencies: ["FuzzSupport", "Frames", "Lottie", "Geometry"], path: "Fuzz/Lottie"),
        .executableTarget(name: "fuzz-pipeline", dependencies: ["FuzzSupport", "Frames", "SceneModel"], path: "Fuzz/Pipeline"),
        .executableTarget(name: "fuzz-swift-source", dependencies: ["FuzzSupport", "SceneModel", "SceneJSONReader", "SwiftSource"], path: "Fuzz/SwiftSource",
                          swiftSettings: swiftSourceSettings),
        .executableTarget(name: "fuzz-cli", dependencies: ["FuzzSupport", "RenderCLI"], path: "Fuzz/CLI"),
        // Test helpers shared by several test targets (a seeded random generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "FormatsTests", dependencies: ["Formats"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "MotionTests", dependencies: ["TestSupport", "Motion"]),
        .testTarget(name: "SceneModelTests", dependencies: ["TestSupport", "SceneModel", "SceneJSONReader", "Geometry"], exclude: ["BadScenes"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline", "SceneModel", "SceneJSONReader", "Geometry"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "SceneModel", "DisplayList", "Geometry"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "DisplayList", "Geometry", "CCairo"]),
        .testTarget(name: "ImageIOTests", dependencies: ["TestSupport", "ImageIO", "Geometry", "CDeflate"]),
        .testTarget(name: "SnapshotTests", dependencies: ["Snapshot", "Geometry"]),
        .testTarget(name: "RenderKitTests", dependencies: [
            "TestSupport", "Frames", "Formats", "GoldenTesting", "RenderKit", "SceneModel", "Timeline", "Geometry", "Raster", "DisplayList",
            "ImageIO", "SwiftSource",
        ], swiftSettings: swiftSourceSettings),
        .testTarget(name: "SwiftSourceTests", dependencies: ["SwiftSource", "SceneJSON", "SceneModel", "SceneJSONReader", "Timeline"], swiftSettings: swiftSourceSettings),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "Frames", "GoldenTesting", "RenderKit", "ImageIO", "Geometry", "SceneModel"],
                    exclude: ["Scripts"]),
    ]
)
