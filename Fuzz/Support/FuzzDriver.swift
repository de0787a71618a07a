import Foundation

/// Runs a fuzz target. Built with `-sanitize=fuzzer -DFUZZING` (see `make fuzz`), the target is
/// handed to libFuzzer, which takes over the command line (corpus folders, `-max_total_time=…`).
/// Built normally, the target runs once on each file named on the command line, so a crash
/// file that libFuzzer wrote can be replayed under the debugger or in a plain build.
///
/// Why a driver instead of libFuzzer's own `main`: SwiftPM gives every executable target a
/// `main`, which hides libFuzzer's; `LLVMFuzzerRunDriver` is libFuzzer's entry point for that case.
public enum FuzzDriver {
    nonisolated(unsafe) static var target: (([UInt8]) -> Void)?

    /// Never returns: exits with libFuzzer's status, or 0 after replaying every file.
    public static func run(_ body: @escaping ([UInt8]) -> Void) -> Never {
        target = body
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
        #else
        let files = CommandLine.arguments.dropFirst()
        if files.isEmpty {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE… (replays inputs; build with make fuzz to fuzz)\n".utf8))
            exit(2)
        }
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(1)
            }
            body([UInt8](data))
            print("\(path): ok")
        }
        exit(0)
        #endif
    }
}

/// libFuzzer's per-input entry point (also exported under the conventional name, so the
/// target can be linked with other drivers such as AFL++'s libFuzzer shim).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzDriver.target?(bytes)
    return 0
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt
#endif
