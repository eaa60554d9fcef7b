import Foundation

// DispatchBenchmark: the performance measurements, in one process. See Benchmarks/README.md.

if CommandLine.arguments.dropFirst() == [HeapUsage.childFlag] {
    Suite.heapChild()
    exit(0)
}

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--profile-hostile" {
    let families = HostileInput.families
    guard let index = Int(CommandLine.arguments[2]), families.indices.contains(index) else {
        FileHandle.standardError.write(
            Data("DispatchBenchmark: --profile-hostile INDEX (0 to \(families.count - 1))\n".utf8))
        exit(2)
    }
    Profile.hostile(families[index].input)
    exit(0)
}

if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--profile" {
    let routeCount = CommandLine.arguments.count > 3 ? Int(CommandLine.arguments[3]) : 10_000
    guard let routeCount, Profile.run(CommandLine.arguments[2], routeCount: routeCount) else {
        FileHandle.standardError.write(
            Data(
                "DispatchBenchmark: --profile dispatch|parse|floor|build|plain-link|typed-link|link-value|formatted-link|module-link|module-value [N, a multiple of 10]\n"
                    .utf8))
        exit(2)
    }
    exit(0)
}

let options: Options
do throws(OptionsError) {
    guard let parsed = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Options.usage)
        exit(0)
    }
    options = parsed
} catch {
    FileHandle.standardError.write(Data("DispatchBenchmark: \(error)\n\n\(Options.usage)\n".utf8))
    exit(2)
}

#if DEBUG
    FileHandle.standardError.write(
        Data("warning: a debug build; run with `-c release` for real numbers\n".utf8))
#endif

let started = DispatchTime.now().uptimeNanoseconds
let results = Suite(quick: options.quick, hostileOnly: options.hostileOnly, typedOnly: options.typedOnly)
    .run()
let markdown = MarkdownReport.render(results)
print(markdown)

do {
    if let path = options.markdownPath {
        try markdown.write(toFile: path, atomically: true, encoding: .utf8)
    }
    if let path = options.svgPath {
        try SVGChart.render(results).write(toFile: path, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("DispatchBenchmark: cannot write: \(error)\n".utf8))
    exit(1)
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
FileHandle.standardError.write(
    Data("done in \(String(format: "%.1f", seconds)) s (checksum \(blackHoleSink))\n".utf8))
