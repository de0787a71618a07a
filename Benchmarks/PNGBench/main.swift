// png-bench: the PNG encoder alone, on a folder of rendered frames, as a render worker sees them (in order, one band
// cache). For each configuration: total bytes, encode milliseconds per frame, bands reused. Measures; asserts nothing.
//
//     swift build -c release --product png-bench
//     .build/release/png-bench FOLDER [FIRST-LAST] [--bands 0,8,16,32,64,128] [--filters adaptive,sampled,none,up,paeth]
//                          [--colours auto,rgba]
//
// Wall-clock times on a shared machine are noisy: compare configurations from the same run.
import Foundation
import Geometry
import ImageIO

/// This thread's CPU time in milliseconds: less disturbed than wall time by other processes on a busy machine.
func cpuMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

func filterStrategy(_ name: String) -> PNGFilterStrategy? {
    switch name {
    case "adaptive": return .adaptive
    case "sampled": return .sampledPerBand
    case "none": return .fixed(.none)
    case "sub": return .fixed(.sub)
    case "up": return .fixed(.up)
    case "average": return .fixed(.average)
    case "paeth": return .fixed(.paeth)
    default: return nil
    }
}

func option(_ name: String, _ arguments: [String]) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: png-bench FOLDER [FIRST-LAST] [--bands 0,32] [--filters adaptive,sampled]\n".utf8))
    exit(2)
}
var names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }.sorted()
if arguments.count > 1, !arguments[1].hasPrefix("--") {
    let bounds = arguments[1].split(separator: "-").compactMap { Int($0) }
    if bounds.count == 2 { names = Array(names[min(bounds[0], names.count)..<min(bounds[1] + 1, names.count)]) }
}
let bandHeights = (option("--bands", arguments) ?? "0,8,16,32,64,128").split(separator: ",").compactMap { Int($0) }
let filters = (option("--filters", arguments) ?? "adaptive,sampled").split(separator: ",").map(String.init)

var frames: [RGBAImage] = []
for name in names {
    do { frames.append(try PNGDecoder().decode(contentsOf: folder + "/" + name)) } catch {
        FileHandle.standardError.write(Data("png-bench: \(name): \(error)\n".utf8))
        exit(1)
    }
}
print("png-bench: \(frames.count) frames from \(folder)")

var start = cpuMilliseconds()
let opaque = frames.filter(\.isOpaque).count
print(String(format: "opacity scan: %.2f ms per frame, %d of %d opaque", (cpuMilliseconds() - start) / Double(max(frames.count, 1)),
             opaque, frames.count))

print("colour  filter     band rows       bytes  CPU ms/frame  reused/bands")
let colours: [PNGColourPolicy] = (option("--colours", arguments) ?? "auto,rgba").split(separator: ",")
    .map { $0 == "rgba" ? .rgba : .automatic }
for colour in colours {
    for filterName in filters {
        guard let strategy = filterStrategy(filterName) else { continue }
        for rows in bandHeights {
            let encoder = PNGEncoder(filter: strategy, colour: colour, bandHeight: rows)
            let cache = PNGBandCache()
            var bytes = 0
            start = cpuMilliseconds()
            for frame in frames {
                do { bytes += try encoder.encode(frame, cache: cache).count } catch {
                    print("png-bench: \(error)")
                    exit(1)
                }
            }
            let ms = (cpuMilliseconds() - start) / Double(max(frames.count, 1))
            print(String(format: "%-7@ %-10@ %9d %11d %13.2f  %d/%d", colour == .rgba ? "rgba" : "auto", filterName, rows,
                         bytes, ms, cache.hits, cache.hits + cache.misses))
        }
    }
}
