// A stub of Apple's Foundation module, for scripts/apple-check.sh only: it lets the Linux compiler
// type-check the package for iOS, macOS, tvOS and watchOS. Nothing here is ever linked or run.
//
// The rule: declare only what the package's code uses, each declaration transcribed from Apple's
// SDK (the Swift overlay's .swiftinterface, the Objective-C headers for the NS classes; AUDIT.md
// records the comparison) with its availability (an `@available` where Apple marks it newer than
// the package's floor of iOS 13, macOS 10.15, tvOS 13, watchOS 6, or deprecated), its isolation
// and its Sendable-ness, explicit unavailability included. When the check reports a missing
// declaration, add that declaration here, transcribed the same way; never add one the package
// does not use. Everything below predates the floor unless marked.
//
// The NS classes inherit from NSObject, which this stub does not declare: a class that the package
// puts in a Set or compares says Hashable itself, as NSObject makes it.
//
// Apple's Foundation re-exports Dispatch (through CoreFoundation), so `import Foundation` alone
// makes `DispatchTime` visible; the stub does the same.
@_exported import Dispatch

// MARK: - Error bridging

// SILGen asks Foundation for these two whenever code converts between `Error` and `NSError`.

/// SDKs: `func _convertErrorToNSError(_ error: any Error) -> NSError` (iOS 8, macOS 10.10).
public func _convertErrorToNSError(_ error: any Error) -> NSError { fatalError("stub") }

/// SDKs: `func _convertNSErrorToError(_ error: NSError?) -> any Error` (iOS 8, macOS 10.10).
public func _convertNSErrorToError(_ error: NSError?) -> any Error { fatalError("stub") }

/// SDKs: `class NSError : NSObject, NSCopying, NSSecureCoding, @unchecked Sendable` (iOS 2,
/// macOS 10.0), `Error` through the overlay's `extension NSError : Error`.
open class NSError: Error, @unchecked Sendable {
    /// The user info dictionary.
    open var userInfo: [String: Any] { fatalError("stub") }
}

/// SDKs: `let NSDebugDescriptionErrorKey: String` (iOS 2, macOS 10.5, tvOS 9, watchOS 2).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSDebugDescriptionErrorKey: String = "NSDebugDescription"

extension Error {
    /// SDKs: `extension Error { var localizedDescription: String { get } }`.
    public var localizedDescription: String { fatalError("stub") }
}

/// SDKs: `protocol LocalizedError : Error` (its other three requirements, each with a default,
/// are not used here).
public protocol LocalizedError: Error {
    /// A localized message describing what error occurred.
    var errorDescription: String? { get }
}

extension LocalizedError {
    /// Apple's default: `nil`.
    public var errorDescription: String? { nil }
}

// MARK: - URLs

/// SDKs: `struct URL : Equatable, Sendable, Hashable` (iOS 8, macOS 10.10).
public struct URL: Equatable, Sendable, Hashable {
    /// Creates a URL instance from the provided string; `nil` if the string is not a valid URL.
    public init?(string: String) { fatalError("stub") }

    /// Initializes a newly created file URL referencing the local file or directory at `path`
    /// (deprecated in a future version, as Apple marks it).
    @available(
        macOS, introduced: 10.10, deprecated: 100000.0,
        message: "Use init(filePath:directoryHint:relativeTo:) instead"
    )
    @available(
        iOS, introduced: 8.0, deprecated: 100000.0,
        message: "Use init(filePath:directoryHint:relativeTo:) instead"
    )
    @available(
        tvOS, introduced: 9.0, deprecated: 100000.0,
        message: "Use init(filePath:directoryHint:relativeTo:) instead"
    )
    @available(
        watchOS, introduced: 2.0, deprecated: 100000.0,
        message: "Use init(filePath:directoryHint:relativeTo:) instead"
    )
    public init(fileURLWithPath path: String) { fatalError("stub") }

    /// The URL's absolute string.
    public var absoluteString: String { fatalError("stub") }

    /// The scheme, such as `https`.
    public var scheme: String? { fatalError("stub") }

    /// The path of the URL (deprecated in a future version, as Apple marks it).
    @available(macOS, introduced: 10.10, deprecated: 100000.0, message: "Use path(percentEncoded:) instead")
    @available(iOS, introduced: 8.0, deprecated: 100000.0, message: "Use path(percentEncoded:) instead")
    @available(tvOS, introduced: 9.0, deprecated: 100000.0, message: "Use path(percentEncoded:) instead")
    @available(watchOS, introduced: 2.0, deprecated: 100000.0, message: "Use path(percentEncoded:) instead")
    public var path: String { fatalError("stub") }

    /// Returns a URL constructed by removing the last path component of self.
    public func deletingLastPathComponent() -> URL { fatalError("stub") }
}

/// SDKs: `struct URLQueryItem : Hashable, Equatable, Sendable` (iOS 8, macOS 10.10).
public struct URLQueryItem: Hashable, Sendable {
    /// Creates a query item with a name and value.
    public init(name: String, value: String?) { fatalError("stub") }

    /// The name of the query item.
    public var name: String

    /// The value of the query item.
    public var value: String?
}

// MARK: - Values

/// SDKs: `struct UUID : Hashable, Equatable, CustomStringConvertible, Sendable` (iOS 6, macOS 10.8).
public struct UUID: Hashable, CustomStringConvertible, Sendable {
    /// Creates a UUID from a string such as "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"; `nil` if the
    /// string is not a valid UUID.
    public init?(uuidString string: String) { fatalError("stub") }

    /// The UUID as a string, such as "E621E1F8-C36C-495A-93FC-0C247A3E6E5F".
    public var description: String { fatalError("stub") }
}

/// SDKs: `extension Foundation.UUID : Swift.Codable` (iOS 6, macOS 10.8, tvOS 9, watchOS 2).
extension UUID: Codable {
    public init(from decoder: any Decoder) throws { fatalError("stub") }
    public func encode(to encoder: any Encoder) throws { fatalError("stub") }
}

/// SDKs: `struct Date : Comparable, Hashable, Equatable, Sendable` and
/// `extension Foundation.Date : Swift.Codable` (iOS 8, macOS 10.10, tvOS 9, watchOS 2). Only the
/// type is used: typed links name it to refuse it.
public struct Date: Comparable, Hashable, Sendable, Codable {
    public static func < (lhs: Date, rhs: Date) -> Bool { fatalError("stub") }
    public init(from decoder: any Decoder) throws { fatalError("stub") }
    public func encode(to encoder: any Encoder) throws { fatalError("stub") }
}

/// SDKs: `@frozen struct Data : Equatable, Hashable, RandomAccessCollection, MutableCollection,
/// RangeReplaceableCollection, MutableDataProtocol, ContiguousBytes, Sendable` (iOS 8, macOS 10.10);
/// the mutable collections and the data protocols are not transcribed (nothing here mutates data).
public struct Data: Hashable, RandomAccessCollection, Sendable {
    public typealias Index = Int
    public typealias Element = UInt8
    public typealias SubSequence = Data
    public typealias Indices = Range<Int>

    public var startIndex: Int { fatalError("stub") }
    public var endIndex: Int { fatalError("stub") }
    public subscript(index: Int) -> UInt8 { fatalError("stub") }
    public subscript(bounds: Range<Int>) -> Data { fatalError("stub") }

    /// SDKs: `init<S: Sequence>(_ elements: S) where S.Element == UInt8`.
    public init<S: Sequence>(_ elements: S) where S.Element == UInt8 { fatalError("stub") }

    /// SDKs: `typealias ReadingOptions = NSData.ReadingOptions`.
    public typealias ReadingOptions = NSData.ReadingOptions
    /// SDKs: `typealias WritingOptions = NSData.WritingOptions`.
    public typealias WritingOptions = NSData.WritingOptions

    /// Initialize a `Data` with the contents of a `URL`.
    public init(contentsOf url: __shared URL, options: ReadingOptions = []) throws { fatalError("stub") }

    /// Write the contents of the `Data` to a location.
    public func write(to url: URL, options: WritingOptions = []) throws { fatalError("stub") }

    /// Access the raw bytes in the data.
    public func withUnsafeBytes<ResultType>(
        _ body: (UnsafeRawBufferPointer) throws -> ResultType
    ) rethrows -> ResultType { fatalError("stub") }
}

/// SDKs: `class NSData : NSObject, NSCopying, NSMutableCopying, NSSecureCoding` (NSData.h); only its
/// option sets are used, through `Data`.
open class NSData {
    /// SDKs: `struct NSData.ReadingOptions : OptionSet, Sendable` (`NSDataReadingOptions`).
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    /// SDKs: `struct NSData.WritingOptions : OptionSet, Sendable` (`NSDataWritingOptions`).
    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// `NSDataWritingAtomic`: write to an auxiliary file, then replace the destination.
        public static var atomic: WritingOptions { fatalError("stub") }
    }
}

/// SDKs: `class NSNumber : NSValue, @unchecked Sendable` (iOS 2, macOS 10.0; `NS_SWIFT_SENDABLE` in
/// NSValue.h).
open class NSNumber: @unchecked Sendable {
    /// Creates a number object containing a Boolean value.
    public init(value: Bool) { fatalError("stub") }

    /// The number object's value expressed as a Boolean value.
    open var boolValue: Bool { fatalError("stub") }
}

// MARK: - Files and the process

/// SDKs: `class FileManager : NSObject` (NSFileManager.h, iOS 2, macOS 10.0; not `Sendable`).
open class FileManager {
    /// SDKs: `class var \`default\`: FileManager { get }` (`defaultManager`).
    open class var `default`: FileManager { fatalError("stub") }

    /// SDKs: `func fileExists(atPath path: String) -> Bool`.
    open func fileExists(atPath path: String) -> Bool { fatalError("stub") }

    /// SDKs: `func createDirectory(at url: URL, withIntermediateDirectories createIntermediates:
    /// Bool, attributes: [FileAttributeKey : Any]? = nil) throws` (iOS 5, macOS 10.7, tvOS 9,
    /// watchOS 2); its attributes, which the package does not pass, are not transcribed.
    open func createDirectory(at url: URL, withIntermediateDirectories createIntermediates: Bool) throws {
        fatalError("stub")
    }
}

/// SDKs: `class ProcessInfo : NSObject, @unchecked Sendable` (NSProcessInfo.h, `NS_SWIFT_SENDABLE`;
/// iOS 2, macOS 10.0).
open class ProcessInfo: @unchecked Sendable {
    /// SDKs: `class var processInfo: ProcessInfo { get }`.
    open class var processInfo: ProcessInfo { fatalError("stub") }

    /// SDKs: `var environment: [String : String] { get }`.
    open var environment: [String: String] { fatalError("stub") }
}

// SDKs: `extension Int : _ObjectiveCBridgeable` with `NSNumber`, which is what lets
// `number as? Int` convert; without this, the cast would be a compile-time "always fails" warning.
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
    /// remaining argument values are substituted. iOS 26.2 SDK: `@unsafe` (it reads its arguments
    /// as the format says), which matters only under strict memory safety.
    @unsafe
    public init(format: String, _ arguments: any CVarArg...) { fatalError("stub") }

    /// SDKs: `struct Encoding : RawRepresentable, Sendable, Equatable` (iOS 8, macOS 10.10); only
    /// `utf8` of its constants is transcribed.
    public struct Encoding: RawRepresentable, Sendable, Equatable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let utf8 = Encoding(rawValue: 4)
    }
}

extension StringProtocol {
    /// Returns `true` if `other` is non-empty and contained within `self` by case-sensitive,
    /// non-literal search. The SDKs' overload, which code importing Foundation resolves to rather
    /// than the standard library's iOS 16 `contains(_:)` of collections.
    public func contains<T: StringProtocol>(_ other: T) -> Bool { fatalError("stub") }

    /// A string created by normalizing the string's contents using Form C.
    public var precomposedStringWithCanonicalMapping: String { fatalError("stub") }

    /// The string in `encoding`, or `nil` if it cannot be encoded (iOS 8, macOS 10.10; the
    /// iOS 18 overload of `String` is not transcribed: below it, calls resolve to this one).
    public func data(using encoding: String.Encoding, allowLossyConversion: Bool = false) -> Data? {
        fatalError("stub")
    }
}

// MARK: - JSON

/// SDKs: `class JSONSerialization : NSObject` (iOS 5, macOS 10.7), in a header audited for
/// sendability: its Sendable conformance is unavailable.
open class JSONSerialization {
    /// SDKs: `struct ReadingOptions : OptionSet, @unchecked Sendable`.
    public struct ReadingOptions: OptionSet, @unchecked Sendable {
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

@available(*, unavailable)
extension JSONSerialization: Sendable {}

/// SDKs: `open class JSONDecoder` — decodes `Decodable` values from JSON (iOS 8, macOS 10.10,
/// tvOS 9, watchOS 2); `@unchecked Sendable` from iOS 16, macOS 13, tvOS 16 and watchOS 9.
open class JSONDecoder {
    public init() { fatalError("stub") }
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { fatalError("stub") }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension JSONDecoder: @unchecked Sendable {}

/// SDKs: `class NSNull : NSObject, NSCopying, NSSecureCoding, @unchecked Sendable` — the null of
/// property lists and JSON (iOS 2, macOS 10.0, tvOS 9, watchOS 2).
open class NSNull: @unchecked Sendable {
    public init() { fatalError("stub") }
}

// MARK: - Threads and the app

/// SDKs: `class NSLock : NSObject, NSLocking, @unchecked Sendable` (iOS 2, macOS 10.0); `lock()`
/// and `unlock()` are NSLocking's requirements there.
open class NSLock: @unchecked Sendable {
    public init() {}

    /// Attempts to acquire a lock, blocking a thread's execution until the lock can be acquired.
    open func lock() {}

    /// Relinquishes a previously acquired lock.
    open func unlock() {}
}

/// SDKs: `class Bundle : NSObject, @unchecked Sendable` (iOS 2, macOS 10.0).
open class Bundle: @unchecked Sendable {
    /// Returns the bundle object that contains the current executable.
    open class var main: Bundle { fatalError("stub") }

    /// Returns the value associated with the specified key in the receiver's information property list.
    open func object(forInfoDictionaryKey key: String) -> Any? { fatalError("stub") }
}

/// SDKs: `class FileHandle : NSObject, NSSecureCoding, @unchecked Sendable` (NSFileHandle.h,
/// `NS_SWIFT_SENDABLE`; iOS 2, macOS 10.0, tvOS 9, watchOS 2).
open class FileHandle: @unchecked Sendable {
    /// SDKs: `class var standardError: FileHandle { get }` (`fileHandleWithStandardError`).
    open class var standardError: FileHandle { fatalError("stub") }

    /// SDKs: `func write(_ data: Data)` (`writeData:`), deprecated with the replacement
    /// `writeData:error:` in a version still to come (`API_TO_BE_DEPRECATED`): no warning at any
    /// deployment target.
    @available(iOS, introduced: 2.0, deprecated: 100000, message: "Use write(contentsOf:) instead")
    @available(macOS, introduced: 10.0, deprecated: 100000, message: "Use write(contentsOf:) instead")
    @available(tvOS, introduced: 9.0, deprecated: 100000, message: "Use write(contentsOf:) instead")
    @available(watchOS, introduced: 2.0, deprecated: 100000, message: "Use write(contentsOf:) instead")
    open func write(_ data: Data) { fatalError("stub") }
}

// MARK: - User activities

/// SDKs: `class NSUserActivity : NSObject` (iOS 8, macOS 10.10, tvOS 9, watchOS 2), in a header
/// audited for sendability: its Sendable conformance is unavailable. Hashable, as an NSObject is:
/// the scene's launch options hold a `Set<NSUserActivity>`.
open class NSUserActivity: Hashable {
    /// The type of activity.
    open var activityType: String { fatalError("stub") }

    /// The webpage to load in a browser to continue the activity.
    open var webpageURL: URL? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    /// NSObject's equality: the same object.
    public static func == (lhs: NSUserActivity, rhs: NSUserActivity) -> Bool { lhs === rhs }

    /// NSObject's hash: the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@available(*, unavailable)
extension NSUserActivity: Sendable {}

/// SDKs: `let NSUserActivityTypeBrowsingWeb: String` — an activity continued from Handoff or a
/// universal link (iOS 8, macOS 10.10, tvOS 9, watchOS 2).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
