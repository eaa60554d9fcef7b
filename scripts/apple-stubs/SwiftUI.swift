// A stub of Apple's SwiftUI module, for scripts/apple-check.sh only: it lets the Linux compiler
// type-check DispatchKitUI and the iOS examples for iOS, macOS, tvOS and watchOS. Nothing here is
// ever linked or run.
//
// The rule: declare only what the package's code uses (Sources/DispatchKitUI and
// Tests/DocumentationExamples/InAnIOSApp), each declaration transcribed from Apple's documentation
// with its availability (written out per platform, as Apple's documentation gives it: SwiftUI
// starts at the package's floor of iOS 13, macOS 10.15, tvOS 13 and watchOS 6, and much of it
// later), its deprecations, its isolation (View and its friends are `@MainActor @preconcurrency`;
// the modifiers and most views are `nonisolated`) and its Sendable-ness. When the check reports a
// missing declaration, add that declaration here, transcribed the same way; never add one the
// package does not use.
//
// A view that SwiftUI draws itself has `Never` as its body, as in SwiftUI. A modifier returns its
// view unchanged here: only its signature matters. Apple's result builders are `@ViewBuilder`
// (renamed `@ContentBuilder` in the newest documentation, which the package's code does not name);
// only the build methods the package's code needs are declared.
import Combine
import Foundation

// MARK: - Views and builders

/// Apple: `@MainActor @preconcurrency protocol View` — a part of the app's user interface.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor
@preconcurrency
public protocol View {
    /// The type of view representing the body of this view.
    associatedtype Body: View

    /// The content and behavior of the view.
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View where Body == Never {
    /// The body of a view SwiftUI draws itself.
    public var body: Never { fatalError("stub") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    /// The body of a view or scene that has none.
    public var body: Never { fatalError("stub") }
}

/// Apple: `@resultBuilder struct ViewBuilder` — constructs views from closures.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
    /// Builds an empty view from a block containing no statements.
    public static func buildBlock() -> EmptyView { fatalError("stub") }

    /// Passes a single view written as a child view through unmodified.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// Builds a view of two children.
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> {
        fatalError("stub")
    }
}

/// Apple: `@frozen struct TupleView<T>` — a view created from a Swift tuple of view values.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct TupleView<T>: View {
    public typealias Body = Never
}

/// Apple: `@frozen struct EmptyView` — a view that doesn't contain any content.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct EmptyView: View {
    public typealias Body = Never

    /// Creates an empty view.
    nonisolated public init() {}
}

/// Apple: `@frozen struct AnyView` — a type-erased view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct AnyView: View {
    public typealias Body = Never

    /// Create an instance that type-erases `view`.
    nonisolated public init<V: View>(_ view: V) {}
}

/// iOS 26.2 SDK: `@frozen struct Text : Equatable, Sendable` (iOS 13, macOS 10.15, tvOS 13,
/// watchOS 6), nonisolated, a View through an extension — a view that displays one or more lines
/// of read-only text.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
nonisolated public struct Text: Equatable, Sendable {
    /// Creates a text view that displays localized content identified by a key: what
    /// `Text("literal")` calls (the generic initializer below is disfavored).
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
        comment: StaticString? = nil
    ) {}

    /// Creates a text view that displays a stored string without localization.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text: View {
    public typealias Body = Never
}

/// iOS 26.2 SDK: `@frozen struct LocalizedStringKey : Equatable, ExpressibleByStringInterpolation`
/// (iOS 13, macOS 10.15, tvOS 13, watchOS 6), not Sendable — the key of a localized string, which a
/// string literal or an interpolation makes.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    /// Creates a localized string key from the given string literal.
    public init(stringLiteral value: String) { fatalError("stub") }

    /// Creates a localized string key from the given string interpolation.
    public init(stringInterpolation: StringInterpolation) { fatalError("stub") }

    /// iOS 26.2 SDK: `struct StringInterpolation : StringInterpolationProtocol`, not Sendable; only
    /// the appends for literals and strings and the generic fallback are transcribed.
    public struct StringInterpolation: StringInterpolationProtocol {
        public typealias StringLiteralType = String

        public init(literalCapacity: Int, interpolationCount: Int) { fatalError("stub") }

        /// Appends a literal string segment to a string interpolation.
        public mutating func appendLiteral(_ literal: String) { fatalError("stub") }

        /// Appends a string to a string interpolation.
        public mutating func appendInterpolation(_ string: String) { fatalError("stub") }

        /// Any other value: its debug description, unlocalized. Unconditionally deprecated in the
        /// iOS 26.2 SDK; the macOS 15.5 and tvOS 18.0 SDKs do not have this overload at all.
        @available(
            *, deprecated,
            message:
                "Localized string interpolation produces an unlocalized, debug description for this type of value. Use a type supported by LocalizedStringKey.StringInterpolation or initialize a LocalizedStringResource instead with an interpolated value that conforms to CustomLocalizedStringResourceConvertible."
        )
        @_disfavoredOverload
        public mutating func appendInterpolation<T>(_ object: T) { fatalError("stub") }
    }

    public static func == (a: LocalizedStringKey, b: LocalizedStringKey) -> Bool { fatalError("stub") }
}

@available(*, unavailable)
extension LocalizedStringKey.StringInterpolation: Sendable {}

@available(*, unavailable)
extension LocalizedStringKey: Sendable {}

/// Apple: `@frozen struct Alignment` — an alignment in both axes.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct Alignment: Equatable, Sendable {
    /// A guide that marks the center of the view.
    public static let center = Alignment()
}

// MARK: - State

/// iOS 26.2 SDK: `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>` (iOS 13,
/// macOS 10.15, tvOS 13, watchOS 6), `@unchecked Sendable` where `Value : Sendable` — reads and
/// writes a value owned by a source of truth (its property-wrapper and member-lookup parts are not
/// used).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct Binding<Value> {
    /// Creates a binding with closures that read and write the binding value. Both closures take
    /// the isolation of the context that writes them (`@_inheritActorContext`): written in a
    /// main-actor method, they are main-actor closures without saying so.
    @preconcurrency
    public init(
        @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
        @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}

    /// Creates a binding with a closure that reads the binding value, and a closure that applies
    /// the result of a write with the transaction of the write.
    @preconcurrency
    public init(
        @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
        @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value, Transaction) -> Void
    ) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: @unchecked Sendable where Value: Sendable {}

/// Apple: `@MainActor @propertyWrapper @preconcurrency @frozen struct ObservedObject<ObjectType>
/// where ObjectType : ObservableObject` — subscribes to an observable object and invalidates a
/// view whenever it changes.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor
@propertyWrapper
@preconcurrency
@frozen
public struct ObservedObject<ObjectType: ObservableObject> {
    /// Creates an observed object with an initial wrapped value.
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

    /// The underlying value that the observed object references.
    @MainActor @preconcurrency public var wrappedValue: ObjectType
}

/// Apple: `@frozen struct Transaction` — the context of the current state-processing update.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct Transaction {
    /// Creates a transaction.
    public init() {}

    /// A Boolean value that indicates whether views should disable animations.
    public var disablesAnimations: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

/// Apple: executes a closure with the specified transaction and returns the result.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows
    -> Result
{
    try body()
}

// MARK: - Navigation

/// Apple: `nonisolated struct NavigationStack<Data, Root> where Root : View` (iOS 16, macOS 13,
/// tvOS 16, watchOS 9).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
nonisolated public struct NavigationStack<Data, Root: View>: View {
    public typealias Body = Never

    /// Creates a navigation stack with homogeneous navigation state that you can control.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable
    {}
}

/// Apple: `nonisolated struct NavigationView<Content> where Content : View` (iOS 13, macOS 10.15,
/// tvOS 13, watchOS 7; deprecated in 27 for NavigationStack and NavigationSplitView).
@available(iOS, introduced: 13.0, deprecated: 27.0)
@available(macOS, introduced: 10.15, deprecated: 27.0)
@available(tvOS, introduced: 13.0, deprecated: 27.0)
@available(watchOS, introduced: 7.0, deprecated: 27.0)
nonisolated public struct NavigationView<Content: View>: View {
    public typealias Body = Never

    /// Creates a destination-based navigation view.
    public init(@ViewBuilder content: () -> Content) {}
}

/// Apple: `nonisolated struct NavigationLink<Label, Destination> where Label : View, Destination : View`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct NavigationLink<Label: View, Destination: View>: View {
    public typealias Body = Never

    /// Creates a navigation link that presents the destination view when active (deprecated in
    /// iOS 16, macOS 13, tvOS 16, watchOS 9 for NavigationLink(value:label:) and
    /// navigationDestination(isPresented:destination:)).
    @available(iOS, introduced: 13.0, deprecated: 16.0)
    @available(macOS, introduced: 10.15, deprecated: 13.0)
    @available(tvOS, introduced: 13.0, deprecated: 16.0)
    @available(watchOS, introduced: 6.0, deprecated: 9.0)
    public init(destination: Destination, isActive: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}

/// Apple: `protocol NavigationViewStyle` (iOS 13, macOS 10.15, tvOS 13, watchOS 7; deprecated in 27).
@available(iOS, introduced: 13.0, deprecated: 27.0)
@available(macOS, introduced: 10.15, deprecated: 27.0)
@available(tvOS, introduced: 13.0, deprecated: 27.0)
@available(watchOS, introduced: 7.0, deprecated: 27.0)
public protocol NavigationViewStyle {}

/// Apple: `struct StackNavigationViewStyle` — one top view at a time (iOS 13, tvOS 13, watchOS 7;
/// not on macOS; deprecated in 27).
@available(iOS, introduced: 13.0, deprecated: 27.0)
@available(macOS, unavailable)
@available(tvOS, introduced: 13.0, deprecated: 27.0)
@available(watchOS, introduced: 7.0, deprecated: 27.0)
public struct StackNavigationViewStyle: NavigationViewStyle {
    /// Creates a navigation view style represented by a view stack that only shows a single top
    /// view at a time.
    public init() {}
}

/// Apple: `nonisolated struct TabView<SelectionValue, Content> where SelectionValue : Hashable,
/// Content : View` (iOS 13, macOS 10.15, tvOS 13, watchOS 7).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View {
    public typealias Body = Never

    /// Creates an instance that selects from content associated with `Selection` values.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}

// MARK: - Modifiers

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    /// Associates a destination view with a presented data type for use within a navigation stack
    /// (iOS 16, macOS 13, tvOS 16, watchOS 9).
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { self }

    /// Sets the style for navigation views within this view (iOS 13, macOS 10.15, tvOS 13,
    /// watchOS 7; deprecated in 27).
    @available(iOS, introduced: 13.0, deprecated: 27.0)
    @available(macOS, introduced: 10.15, deprecated: 27.0)
    @available(tvOS, introduced: 13.0, deprecated: 27.0)
    @available(watchOS, introduced: 7.0, deprecated: 27.0)
    nonisolated public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { self }

    /// Layers the given view behind this view (deprecated in 27 for background(alignment:content:)).
    @available(iOS, introduced: 13.0, deprecated: 27.0)
    @available(macOS, introduced: 10.15, deprecated: 27.0)
    @available(tvOS, introduced: 13.0, deprecated: 27.0)
    @available(watchOS, introduced: 6.0, deprecated: 27.0)
    nonisolated public func background<Background: View>(
        _ background: Background, alignment: Alignment = .center
    ) -> some View { self }

    /// Presents a sheet using the given item as a data source for the sheet's content.
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }

    /// Registers a handler to invoke in response to a URL that your app receives (iOS 14, macOS 11,
    /// tvOS 14, watchOS 7).
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }

    /// Registers a handler to invoke in response to a user activity that your app receives (iOS 14,
    /// macOS 11, tvOS 14, watchOS 7).
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func onContinueUserActivity(
        _ activityType: String, perform action: @escaping (NSUserActivity) -> Void
    ) -> some View { self }

    /// Adds an action to perform before this view appears.
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    /// Sets the tab bar item associated with this view (iOS 13, macOS 10.15, tvOS 13, watchOS 7).
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
    nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { self }

    /// Sets the unique tag value of this view.
    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { self }
}

// MARK: - Apps and scenes

/// Apple: `@MainActor @preconcurrency protocol App` — the structure and behavior of an app (iOS 14,
/// macOS 11, tvOS 14, watchOS 7).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor
@preconcurrency
public protocol App {
    /// The type of scene representing the content of the app.
    associatedtype Body: Scene

    /// The content and behavior of the app.
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }

    /// Creates an instance of the app using the body that you define for its content.
    @MainActor @preconcurrency init()
}

/// Apple: `@MainActor @preconcurrency protocol Scene` — a part of an app's user interface with a
/// life cycle managed by the system (iOS 14, macOS 11, tvOS 14, watchOS 7).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor
@preconcurrency
public protocol Scene {
    /// The type of scene that represents the body of this scene.
    associatedtype Body: Scene

    /// The content and behavior of the scene.
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Scene where Body == Never {
    /// The body of a scene SwiftUI makes itself.
    public var body: Never { fatalError("stub") }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

/// Apple: `@resultBuilder struct SceneBuilder` — constructs scenes from closures (iOS 14, macOS 11,
/// tvOS 14, watchOS 7).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct SceneBuilder {
    /// Passes a single scene unmodified.
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// Apple: `nonisolated struct WindowGroup<Content> where Content : View` — a scene that presents a
/// group of identically structured windows (iOS 14, macOS 11, tvOS 14, watchOS 7).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct WindowGroup<Content: View>: Scene {
    public typealias Body = Never

    /// Creates a window group.
    public init(@ViewBuilder content: () -> Content) {}
}
