// swift-tools-version: 6.0
import PackageDescription

// One settings block for every target: Swift 6 language mode (strict concurrency) comes with the
// tools version; the upcoming features make existentials and imports explicit.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "DispatchKit",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "DispatchKit", targets: ["DispatchKit"]),
        .executable(name: "SampleApp", targets: ["SampleApp"]),
    ],
    targets: [
        .target(name: "DispatchKit", swiftSettings: settings),
        .executableTarget(
            name: "SampleApp", dependencies: ["DispatchKit"], path: "SampleApp", swiftSettings: settings),
        .testTarget(name: "DispatchKitTests", dependencies: ["DispatchKit"], swiftSettings: settings),
        .testTarget(
            name: "SampleAppTests", dependencies: ["SampleApp", "DispatchKit"], swiftSettings: settings),
    ],
    swiftLanguageModes: [.v6]
)
