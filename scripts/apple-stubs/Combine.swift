// A stub of Apple's Combine module, for scripts/apple-check.sh only: it lets the Linux compiler
// type-check DispatchKitUI and the iOS examples for iOS, macOS, tvOS and watchOS. Nothing here is
// ever linked or run.
//
// The rule: declare only what the package's code uses (Sources/DispatchKitUI and
// Tests/DocumentationExamples/InAnIOSApp), each declaration transcribed from the iOS 26.2 SDK's
// Combine interface (AUDIT.md records the comparison, also with the macOS 15.5 and tvOS 18.0 SDKs,
// which declare the same) with its availability (iOS 13, macOS 10.15, tvOS 13 and watchOS 6 for all
// of Combine: the package's floor, written out as Apple does), its isolation (none in Combine) and
// its Sendable-ness (none of these is Sendable). When the check
// reports a missing declaration, add that declaration here, transcribed the same way; never add
// one the package does not use.
//
// The package uses ObservableObject and @Published; Publisher is here because ObservableObject's
// associated type names it, with its two associated types and not its subscription machinery.

/// iOS 26.2 SDK: `protocol Publisher<Output, Failure>` — declares that a type can transmit a
/// sequence of values over time (its requirement `receive(subscriber:)` is not transcribed: nothing
/// here subscribes).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Publisher<Output, Failure> {
    /// The kind of values published by this publisher.
    associatedtype Output
    /// The kind of errors this publisher might publish.
    associatedtype Failure: Error
}

/// iOS 26.2 SDK: `protocol ObservableObject : AnyObject` — a type of object with a publisher that
/// emits before the object has changed.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ObservableObject: AnyObject {
    /// The type of publisher that emits before the object has changed.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// A publisher that emits before the object has changed.
    var objectWillChange: ObjectWillChangePublisher { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher that emits before the object has changed.
    public var objectWillChange: ObservableObjectPublisher { fatalError("stub") }
}

/// iOS 26.2 SDK: `final class ObservableObjectPublisher : Publisher`, not Sendable — the default
/// publisher of an ObservableObject (its `send()` is not used).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final public class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    /// Creates an observable object publisher instance.
    public init() {}
}

/// iOS 26.2 SDK: `@propertyWrapper struct Published<Value>`, not Sendable — a type that publishes a
/// property marked with an attribute (`init(initialValue:)` and the projected publisher are not
/// used).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct Published<Value> {
    /// Creates the published instance with an initial wrapped value.
    public init(wrappedValue: Value) { fatalError("stub") }

    /// Apple declares it unavailable: a published property is reached through its enclosing class.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    /// How the property of a class reads and writes the value, and announces the change.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}
