// A stub of Apple's Dispatch module, for scripts/apple-check.sh only: it lets the Linux compiler
// type-check the package for iOS, macOS, tvOS and watchOS. Nothing here is ever linked or run.
//
// The rule: declare only what the package's code uses, each declaration transcribed from Apple's
// SDK (the Dispatch overlay's .swiftinterface; AUDIT.md records the comparison) with its
// availability (an `@available` where Apple marks it newer than the package's floor of iOS 13,
// macOS 10.15, tvOS 13, watchOS 6), its isolation and its Sendable-ness. When the check reports a
// missing declaration, add that declaration here, transcribed the same way; never add one the
// package does not use.

/// SDKs (iOS 26.2, macOS 15.5, tvOS 18.0): `struct DispatchTime : Comparable, Sendable`, no
/// availability.
public struct DispatchTime: Comparable, Sendable {
    /// Returns the current time.
    public static func now() -> DispatchTime { fatalError("stub") }

    /// The number of nanoseconds since boot, excluding any time the system spent asleep.
    public var uptimeNanoseconds: UInt64 { fatalError("stub") }

    /// SDKs: in an extension, with `==`.
    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { fatalError("stub") }

    /// SDKs: in an extension, with `<`.
    public static func == (a: DispatchTime, b: DispatchTime) -> Bool { fatalError("stub") }
}
