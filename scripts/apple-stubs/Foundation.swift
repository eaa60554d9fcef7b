// A stub of Apple's Foundation module, for scripts/apple-check.sh only: it lets the Linux compiler
// type-check the package for iOS, macOS, tvOS and watchOS. Nothing here is ever linked or run.
//
// The rule: declare only what the package's code uses, each declaration transcribed from Apple's
// documentation with its availability (an `@available` where Apple marks it newer than the
// package's floor of iOS 13, macOS 10.15, tvOS 13, watchOS 6), its isolation and its Sendable-ness.
// When the check reports a missing declaration, add that declaration here, transcribed the same
// way; never add one the package does not use. Everything below predates the floor unless marked.
//
// Apple's Foundation re-exports Dispatch (through CoreFoundation), so `import Foundation` alone
// makes `DispatchTime` visible; the stub does the same.
@_exported import Dispatch

// MARK: - Error bridging

// SILGen asks Foundation for these two whenever code converts between `Error` and `NSError`.

/// Apple: `func _convertErrorToNSError(_ error: any Error) -> NSError`.
public func _convertErrorToNSError(_ error: any Error) -> NSError { fatalError("stub") }

/// Apple: `func _convertNSErrorToError(_ error: NSError?) -> any Error`.
public func _convertNSErrorToError(_ error: NSError?) -> any Error { fatalError("stub") }

/// Apple: `class NSError : NSObject, @unchecked Sendable` (iOS 2, macOS 10.0).
open class NSError: Error, @unchecked Sendable {
    /// The user info dictionary.
    open var userInfo: [String: Any] { fatalError("stub") }
}

/// Apple: `let NSDebugDescriptionErrorKey: String` (iOS 2, macOS 10.5, tvOS 9, watchOS 2).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSDebugDescriptionErrorKey: String = "NSDebugDescription"

extension Error {
    /// Retrieve the localized description for this error.
    public var localizedDescription: String { fatalError("stub") }
}

/// Apple: `protocol LocalizedError : Error` (its other three requirements are not used here).
public protocol LocalizedError: Error {
    /// A localized message describing what error occurred.
    var errorDescription: String? { get }
}

extension LocalizedError {
    /// Apple's default: `nil`.
    public var errorDescription: String? { nil }
}

// MARK: - URLs

/// Apple: `struct URL`, Sendable (iOS 8, macOS 10.10).
public struct URL: Sendable {
    /// Creates a URL instance from the provided string; `nil` if the string is not a valid URL.
    public init?(string: String) { fatalError("stub") }

    /// Initializes a newly created file URL referencing the local file or directory at `path`.
    public init(fileURLWithPath path: String) { fatalError("stub") }

    /// The URL's absolute string.
    public var absoluteString: String { fatalError("stub") }

    /// The scheme, such as `https`.
    public var scheme: String? { fatalError("stub") }
}

/// Apple: `struct URLQueryItem`, Hashable, Sendable (iOS 8, macOS 10.10).
public struct URLQueryItem: Hashable, Sendable {
    /// Creates a query item with a name and value.
    public init(name: String, value: String?) { fatalError("stub") }

    /// The name of the query item.
    public var name: String

    /// The value of the query item.
    public var value: String?
}

// MARK: - Values

/// Apple: `struct UUID`, Sendable (iOS 6, macOS 10.8).
public struct UUID: Sendable {
    /// Creates a UUID from a string such as "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"; `nil` if the
    /// string is not a valid UUID.
    public init?(uuidString string: String) { fatalError("stub") }
}

/// Apple: `struct Data`, a RandomAccessCollection of bytes, Sendable (iOS 8, macOS 10.10).
public struct Data: RandomAccessCollection, Sendable {
    public typealias Index = Int
    public typealias Element = UInt8
    public typealias SubSequence = Data
    public typealias Indices = Range<Int>

    public var startIndex: Int { fatalError("stub") }
    public var endIndex: Int { fatalError("stub") }
    public subscript(index: Int) -> UInt8 { fatalError("stub") }
    public subscript(bounds: Range<Int>) -> Data { fatalError("stub") }

    /// Apple: `init<S: Sequence>(_ elements: S) where S.Element == UInt8` (iOS 8, macOS 10.10,
    /// tvOS 9, watchOS 2).
    public init<S: Sequence>(_ elements: S) where S.Element == UInt8 { fatalError("stub") }

    /// Access the raw bytes in the data.
    public func withUnsafeBytes<ResultType>(
        _ body: (UnsafeRawBufferPointer) throws -> ResultType
    ) rethrows -> ResultType { fatalError("stub") }
}

/// Apple: `class NSNumber : NSValue, @unchecked Sendable` (iOS 2, macOS 10.0).
open class NSNumber: @unchecked Sendable {
    /// Creates a number object containing a Boolean value.
    public init(value: Bool) { fatalError("stub") }
}

// Apple's Foundation makes `Int` bridge to `NSNumber`, which is what lets `number as? Int`
// convert; without this, the cast would be a compile-time "always fails" warning.
extension Int: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSNumber { fatalError("stub") }
    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout Int?) {
        fatalError("stub")
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout Int?) -> Bool {
        fatalError("stub")
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> Int { fatalError("stub") }
}

// MARK: - Strings

extension String {
    /// Returns a string created by using a given format string as a template into which the
    /// remaining argument values are substituted.
    public init(format: String, _ arguments: any CVarArg...) { fatalError("stub") }
}

extension StringProtocol {
    /// A string created by normalizing the string's contents using Form C.
    public var precomposedStringWithCanonicalMapping: String { fatalError("stub") }
}

// MARK: - JSON

/// Apple: `class JSONSerialization : NSObject`, not Sendable (iOS 5, macOS 10.7).
open class JSONSerialization {
    /// Options used when creating Foundation objects from JSON data.
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Allow top-level objects that aren't arrays or dictionaries (iOS 5, macOS 10.7).
        public static var fragmentsAllowed: ReadingOptions { fatalError("stub") }
    }

    /// Returns a Foundation object from given JSON data.
    open class func jsonObject(with data: Data, options opt: ReadingOptions = []) throws -> Any {
        fatalError("stub")
    }
}

// MARK: - Threads and the app

/// Apple: `class NSLock : NSObject, NSLocking, @unchecked Sendable` (iOS 2, macOS 10.0).
open class NSLock: @unchecked Sendable {
    public init() {}

    /// Attempts to acquire a lock, blocking a thread's execution until the lock can be acquired.
    open func lock() {}

    /// Relinquishes a previously acquired lock.
    open func unlock() {}
}

/// Apple: `class Bundle : NSObject, @unchecked Sendable` (iOS 2, macOS 10.0).
open class Bundle: @unchecked Sendable {
    /// Returns the bundle object that contains the current executable.
    open class var main: Bundle { fatalError("stub") }

    /// Returns the value associated with the specified key in the receiver's information property list.
    open func object(forInfoDictionaryKey key: String) -> Any? { fatalError("stub") }
}

// MARK: - User activities

/// Apple: `class NSUserActivity : NSObject`, not Sendable (iOS 8, macOS 10.10, tvOS 9, watchOS 2).
/// Hashable, as an NSObject is: the scene's launch options hold a `Set<NSUserActivity>`.
open class NSUserActivity: Hashable {
    /// The type of activity.
    open var activityType: String { fatalError("stub") }

    /// The webpage to load in a browser to continue the activity.
    open var webpageURL: URL? { fatalError("stub") }

    /// NSObject's equality: the same object.
    public static func == (lhs: NSUserActivity, rhs: NSUserActivity) -> Bool { lhs === rhs }

    /// NSObject's hash: the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Apple: `let NSUserActivityTypeBrowsingWeb: String` — an activity continued from Handoff or a
/// universal link (iOS 8, macOS 10.10, tvOS 9, watchOS 2).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"

/// Apple: `class NSNull` — the null of property lists and JSON (iOS 2, macOS 10.0, tvOS 9, watchOS 2).
open class NSNull: @unchecked Sendable {
    public init() { fatalError("stub") }
}

/// Apple: `open class JSONDecoder` — decodes `Decodable` values from JSON (iOS 7, macOS 10.9, tvOS 9,
/// watchOS 2).
open class JSONDecoder {
    public init() { fatalError("stub") }
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { fatalError("stub") }
}
