// swift-tools-version: 6.0
import PackageDescription

// A minimal app for measuring what linking DispatchKit costs in release text: ten activities, one
// dispatch, nothing else. Its own package, so that the library's users never see it; it uses the
// checkout named by DISPATCHKIT_PATH (scripts/size-probe.sh sets it), else this repository's root.
// Benchmarks/README.md ("What an app ships") says how it is built and measured.
let dispatchKitPath = Context.environment["DISPATCHKIT_PATH"] ?? "../.."

let package = Package(
    name: "SizeProbe",
    platforms: [.macOS(.v10_15)],
    dependencies: [.package(path: dispatchKitPath)],
    targets: [
        .executableTarget(
            name: "SizeProbe", dependencies: [.product(name: "DispatchKit", package: "DispatchKit")])
    ],
    swiftLanguageModes: [.v6]
)
