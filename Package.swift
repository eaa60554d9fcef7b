// swift-tools-version: 6.0
import Foundation
import PackageDescription

// One settings block for every target: Swift 6 language mode (strict concurrency) comes with the
// tools version; the upcoming features make existentials and imports explicit.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// The benchmark compares with vapor/routing-kit only when asked to, so that the library has no
// dependency to fetch:
//   DISPATCHKIT_BENCH_ROUTINGKIT=1 swift run -c release --scratch-path .build-bench-rk DispatchBenchmark
let benchmarkWithRoutingKit = Context.environment["DISPATCHKIT_BENCH_ROUTINGKIT"] == "1"

let package = Package(
    name: "DispatchKit",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "DispatchKit", targets: ["DispatchKit"]),
        // The navigator activities show pages through, its steps and states, its UIKit adapter, and
        // the links the system hands over (IncomingLink): for an app whose activities navigate or
        // that receives the system's links; one that only dispatches its own never links it.
        .library(name: "DispatchKitUI", targets: ["DispatchKitUI"]),
        // The SwiftUI navigator, page stack, sheets and view modifiers: for a SwiftUI app; a UIKit
        // app never links them.
        .library(name: "DispatchKitSwiftUI", targets: ["DispatchKitSwiftUI"]),
        // The route tools (manifest, compatibility, universal-link files, rule checks): for an app's
        // test target and the command-line tool, never needed by the app itself to run.
        .library(name: "DispatchKitManifest", targets: ["DispatchKitManifest"]),
        .executable(name: "SampleApp", targets: ["SampleApp"]),
        // The redirect rules and their JSON reader: for an app that sends links elsewhere by rules
        // it downloads (DispatchPolicy.md, "Redirect and downgrade rules").
        .library(name: "DispatchKitRules", targets: ["DispatchKitRules"]),
        // The registry of services that modules find by protocol: for an app whose modules share
        // services (DestinationsAndServices.md, "Services by protocol").
        .library(name: "DispatchKitServices", targets: ["DispatchKitServices"]),
        // The events of each dispatch and the observers that receive them: for an app that logs or
        // counts its dispatches (DispatchPolicy.md, "Dispatch events").
        .library(name: "DispatchKitEvents", targets: ["DispatchKitEvents"]),
        // The awaiting dispatch (`dispatchAndWait`), which runs the work of asynchronous activities:
        // for an app with an AsyncDispatchActivity (WritingAnActivity.md, "Do asynchronous work").
        .library(name: "DispatchKitAsync", targets: ["DispatchKitAsync"]),
        .executable(name: "dispatch-manifest", targets: ["DispatchManifestTool"]),
    ],
    dependencies: benchmarkWithRoutingKit
        ? [.package(url: "https://github.com/vapor/routing-kit.git", from: "4.9.3")] : [],
    targets: [
        .target(name: "DispatchKit", swiftSettings: settings),
        // The rule checks need the rules, and the manifest reader their JSON scan.
        .target(
            name: "DispatchKitManifest", dependencies: ["DispatchKit", "DispatchKitRules"],
            swiftSettings: settings),
        .target(name: "DispatchKitRules", dependencies: ["DispatchKit"], swiftSettings: settings),
        .target(name: "DispatchKitUI", dependencies: ["DispatchKit"], swiftSettings: settings),
        .target(
            name: "DispatchKitSwiftUI", dependencies: ["DispatchKit", "DispatchKitUI"],
            swiftSettings: settings),
        .target(name: "DispatchKitServices", dependencies: ["DispatchKit"], swiftSettings: settings),
        .target(name: "DispatchKitEvents", dependencies: ["DispatchKit"], swiftSettings: settings),
        .target(name: "DispatchKitAsync", dependencies: ["DispatchKit"], swiftSettings: settings),
        .executableTarget(
            // DispatchKitManifest for `--export manifest|aasa|android`: the sample is a console demo
            // that also shows the route tools, not an app that ships (an app imports DispatchKit and
            // DispatchKitUI, and DispatchKitManifest in its test target only).
            // DispatchKitRules for `--rules`, DispatchKitServices for the account service, DispatchKitEvents
            // for the events it prints (`--events`).
            name: "SampleApp",
            dependencies: [
                "DispatchKit", "DispatchKitManifest", "DispatchKitUI", "DispatchKitRules",
                "DispatchKitServices", "DispatchKitEvents",
            ],
            path: "SampleApp",
            // The example rules document, read at run time with --rules (DispatchPolicy.md, "Redirect
            // and downgrade rules"). manifest-3.0.json: the routes of an earlier release, for
            // `dispatch-manifest diff` (TheRouteManifest.md).
            exclude: ["redirect-rules.json", "manifest-3.0.json"], swiftSettings: settings),
        // The command-line tool over manifest files (TheRouteManifest.md).
        .executableTarget(
            name: "DispatchManifestTool",
            dependencies: ["DispatchKit", "DispatchKitManifest", "DispatchKitRules"],
            swiftSettings: settings),
        .executableTarget(
            name: "DispatchBenchmark",
            dependencies: ["DispatchKit", "DispatchBenchmarkHeap", "DispatchTestSupport"]
                + (benchmarkWithRoutingKit ? [.product(name: "RoutingKit", package: "routing-kit")] : []),
            path: "Benchmarks/DispatchBenchmark", swiftSettings: settings),
        .target(name: "DispatchBenchmarkHeap", path: "Benchmarks/DispatchBenchmarkHeap"),
        // libFuzzer target: prints a hint and exits 2 unless built with the fuzzer flags
        // (scripts/fuzz.sh). The seed corpus is Tests/Fuzz/corpus.
        .executableTarget(
            name: "DispatchFuzz",
            dependencies: ["DispatchKit", "DispatchKitManifest", "DispatchKitRules", "DispatchTestSupport"],
            path: "Tests/Fuzz/DispatchFuzz", swiftSettings: settings),
        // What the tests, the fuzzer and the benchmark share: the reference router and the seeded
        // generator. Not a product.
        .target(
            name: "DispatchTestSupport", dependencies: ["DispatchKit"], path: "Tests/DispatchTestSupport",
            swiftSettings: settings),
        // A program that registers an invalid pattern on a new center: the tests run it to watch the
        // default configuration-error handler stop a debug build. Not a product.
        .executableTarget(
            name: "ConfigurationErrorProbe", dependencies: ["DispatchKit"],
            path: "Tests/ConfigurationErrorProbe",
            swiftSettings: settings),
        // The tests of the library modules: the manifest tests (Manifest/, which import
        // DispatchKitManifest) and the rules tests (which import DispatchKitRules) share the route
        // generators and link fixtures of the others, and some tests compare the two (both JSON readers, every public type name, every printed value).
        .testTarget(
            name: "DispatchKitTests",
            dependencies: [
                "DispatchKit", "DispatchKitManifest", "DispatchKitRules", "DispatchTestSupport",
                "ConfigurationErrorProbe", "DispatchKitUI", "DispatchKitSwiftUI", "DispatchKitServices",
                "DispatchKitEvents", "DispatchKitAsync",
            ],
            swiftSettings: settings),
        .testTarget(
            name: "DispatchManifestToolTests",
            dependencies: ["DispatchManifestTool", "DispatchKit", "DispatchKitManifest"],
            swiftSettings: settings),
        .testTarget(
            name: "SampleAppTests",
            dependencies: [
                "SampleApp", "DispatchKit", "DispatchKitManifest", "DispatchKitUI", "DispatchKitServices",
                "DispatchKitRules", "DispatchKitEvents",
            ],
            swiftSettings: settings),
        // The code blocks of the README and the DocC articles, read from the documents
        // (scripts/doc-blocks.sh) and compiled by a test as a user's code (public API only) with the
        // settings above; the blocks of the doc comments, as regions of DocComments/ (a test checks
        // each block is one).
        .testTarget(
            name: "DocumentationExamples",
            dependencies: [
                "DispatchKit", "DispatchKitManifest", "DispatchKitRules", "DispatchKitUI",
                "DispatchKitSwiftUI", "DispatchKitServices", "DispatchKitEvents", "DispatchKitAsync",
            ],
            swiftSettings: settings),
        // The routes of the iOS example app (Examples/Shop), which its two app targets compile, as a
        // module the tests below reach on Linux. Not a product.
        .target(
            name: "ExampleShopRoutes", dependencies: ["DispatchKit", "DispatchKitEvents", "DispatchKitUI"],
            path: "Examples/Shop/Routes",
            swiftSettings: settings),
        // The example app's links reach the pages its README names, and its committed
        // apple-app-site-association file is the one its routes generate.
        .testTarget(
            name: "ExampleShopTests",
            dependencies: [
                "ExampleShopRoutes", "DispatchKit", "DispatchKitManifest", "DispatchKitUI",
            ],
            swiftSettings: settings),
    ],
    swiftLanguageModes: [.v6]
)
