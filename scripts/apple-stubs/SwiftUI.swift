// A stub of Apple's SwiftUI module, for scripts/apple-check.sh only: it lets the Linux compiler
// type-check DispatchKitUI and the iOS examples for iOS, macOS, tvOS and watchOS. Nothing here is
// ever linked or run.
//
// The rule: declare only what the package's code uses (Sources/DispatchKitUI and
// Tests/DocumentationExamples/InAnIOSApp), and what that code resolves to against Apple's SDK (the
// `LocalizedStringKey` initializer behind `Text("Home")`, the builders' `buildExpression`), each
// declaration transcribed from the iOS 26.2 SDK's SwiftUI and SwiftUICore interfaces (AUDIT.md
// records the comparison with them and with the macOS 15.5 and tvOS 18.0 SDKs) with its
// availability, written out per platform as Apple writes it (SwiftUI starts at the package's floor
// of iOS 13, macOS 10.15, tvOS 13 and watchOS 6, and much of it later), its deprecations (those
// "in a future version", 100000.0, included: they warn nowhere yet), its isolation and its
// Sendable-ness, explicit unavailability included. When the check reports a missing declaration,
// add that declaration here, transcribed the same way; never add one the package does not use.
//
// Isolation as in the iOS 26.2 SDK: View, App and Scene are `@MainActor @preconcurrency`; most
// views are nonisolated structs (written `nonisolated` here: a stub's conformance to View would
// otherwise make them main-actor types, as the tvOS 18.0 SDK still has them), while
// NavigationStack and ObservedObject are main-actor types; the modifiers are `nonisolated`.
//
// SwiftUI re-exports SwiftUICore, which declares View, Text, Binding and the rest of the core since
// the 2024 SDKs; the stub declares both in this one module. A view that SwiftUI draws itself has
// `Never` as its body, as in SwiftUI; Apple's interface shows no public `body` for them, and the
// extension below stands in for SwiftUI's. A modifier returns its view unchanged here: only its
// signature matters. visionOS attributes are left out: the package does not build for visionOS.
//
// What `import SwiftUI` brings, as with Apple's: Foundation, and UIKit wherever there is one
// (SwiftUI's umbrella header imports UIKit except on macOS, and its module exports what it
// imports). Combine is imported, not exported: Apple's Foundation names ObservableObject and
// Published with typealiases, which this stub's Foundation does not transcribe, but Combine's own
// members (the default `objectWillChange`) need `import Combine` with either.
import Combine
@_exported import Foundation

#if os(iOS) || os(tvOS) || os(watchOS)
    @_exported import UIKit
#endif

// MARK: - Views and builders

/// iOS 26.2 SDK: `@MainActor @preconcurrency protocol View` (iOS 13, macOS 10.15, tvOS 13,
/// watchOS 6) — a part of the app's user interface.
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
    /// The body of a view SwiftUI draws itself (not public in Apple's interface).
    public var body: Never { fatalError("stub") }
}

/// iOS 26.2 SDK: `extension Never : View` (its body, as the other drawn views', is not public).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    public typealias Body = Never
}

/// iOS 26.2 SDK: `@resultBuilder struct ViewBuilder` (iOS 13, macOS 10.15, tvOS 13, watchOS 6), not
/// Sendable — constructs views from closures.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
    /// Passes a single view written as a child view through unmodified.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { fatalError("stub") }

    /// Builds an empty view from a block containing no statements.
    public static func buildBlock() -> EmptyView { fatalError("stub") }

    /// Passes a single view written as a child view through unmodified.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { fatalError("stub") }

    /// Builds a view of several children.
    @_disfavoredOverload
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > { fatalError("stub") }
}

@available(*, unavailable)
extension ViewBuilder: Sendable {}

/// iOS 26.2 SDK: `@frozen struct TupleView<T> : View` (iOS 13, macOS 10.15, tvOS 13, watchOS 6),
/// nonisolated, not Sendable — a view created from a Swift tuple of view values.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
nonisolated public struct TupleView<T>: View {
    public typealias Body = Never
}

@available(*, unavailable)
extension TupleView: Sendable {}

/// iOS 26.2 SDK: `@frozen struct EmptyView : View` (iOS 13, macOS 10.15, tvOS 13, watchOS 6),
/// nonisolated, Sendable — a view that doesn't contain any content.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
nonisolated public struct EmptyView: View, Sendable {
    public typealias Body = Never

    /// Creates an empty view.
    public init() {}
}

/// iOS 26.2 SDK: `@frozen struct AnyView : View` (iOS 13, macOS 10.15, tvOS 13, watchOS 6),
/// nonisolated, not Sendable — a type-erased view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
nonisolated public struct AnyView: View {
    public typealias Body = Never

    /// Create an instance that type-erases `view`.
    public init<V: View>(_ view: V) {}
}

@available(*, unavailable)
extension AnyView: Sendable {}

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

/// iOS 26.2 SDK: `@frozen struct Alignment : Equatable` (iOS 13, macOS 10.15, tvOS 13, watchOS 6),
/// Sendable through an extension — an alignment in both axes.
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

/// iOS 26.2 SDK: `@propertyWrapper @preconcurrency @MainActor @frozen struct ObservedObject<ObjectType>
/// : DynamicProperty where ObjectType : ObservableObject` (iOS 13, macOS 10.15, tvOS 13, watchOS 6),
/// Sendable as a main-actor type — subscribes to an observable object and invalidates a view
/// whenever it changes (DynamicProperty and the projected value are not used).
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

/// iOS 26.2 SDK: `@frozen struct Transaction` (iOS 13, macOS 10.15, tvOS 13, watchOS 6), not
/// Sendable — the context of the current state-processing update.
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

@available(*, unavailable)
extension Transaction: Sendable {}

/// iOS 26.2 SDK: `func withTransaction<Result>(_ transaction: Transaction, _ body: () throws ->
/// Result) rethrows -> Result` (iOS 13, macOS 10.15, tvOS 13, watchOS 6) — executes a closure with
/// the specified transaction and returns the result.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows
    -> Result
{
    try body()
}

// MARK: - Navigation

/// iOS 26.2 SDK: `@MainActor @preconcurrency struct NavigationStack<Data, Root> : View where Root :
/// View` (iOS 16, macOS 13, tvOS 16, watchOS 9), not Sendable; its initializers are main-actor
/// ones too (the tvOS 18.0 SDK's are `nonisolated`).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@MainActor
@preconcurrency
public struct NavigationStack<Data, Root: View>: View {
    /// Creates a navigation stack with homogeneous navigation state that you can control.
    @MainActor @preconcurrency
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable
    {}

    /// The content of the stack.
    @MainActor @preconcurrency public var body: some View { fatalError("stub") }
}

@available(*, unavailable)
extension NavigationStack: Sendable {}

/// iOS 26.2 SDK: `struct NavigationView<Content> : View where Content : View` (iOS 13, macOS 10.15,
/// tvOS 13, watchOS 7; deprecated in a future version), nonisolated, not Sendable.
@available(
    iOS, introduced: 13.0, deprecated: 100000.0, message: "use NavigationStack or NavigationSplitView instead"
)
@available(
    macOS, introduced: 10.15, deprecated: 100000.0,
    message: "use NavigationStack or NavigationSplitView instead"
)
@available(
    tvOS, introduced: 13.0, deprecated: 100000.0,
    message: "use NavigationStack or NavigationSplitView instead"
)
@available(
    watchOS, introduced: 7.0, deprecated: 100000.0,
    message: "use NavigationStack or NavigationSplitView instead"
)
nonisolated public struct NavigationView<Content: View>: View {
    public typealias Body = Never

    /// Creates a destination-based navigation view.
    public init(@ViewBuilder content: () -> Content) {}
}

@available(*, unavailable)
extension NavigationView: Sendable {}

/// iOS 26.2 SDK: `struct NavigationLink<Label, Destination> : View where Label : View, Destination :
/// View` (iOS 13, macOS 10.15, tvOS 13, watchOS 6), nonisolated, not Sendable.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct NavigationLink<Label: View, Destination: View>: View {
    /// Creates a navigation link that presents the destination view when active.
    @available(
        iOS, introduced: 13.0, deprecated: 16.0,
        message:
            "use NavigationLink(value:label:), or navigationDestination(isPresented:destination:), inside a NavigationStack or NavigationSplitView"
    )
    @available(
        macOS, introduced: 10.15, deprecated: 13.0,
        message:
            "use NavigationLink(value:label:), or navigationDestination(isPresented:destination:), inside a NavigationStack or NavigationSplitView"
    )
    @available(
        tvOS, introduced: 13.0, deprecated: 16.0,
        message:
            "use NavigationLink(value:label:), or navigationDestination(isPresented:destination:), inside a NavigationStack or NavigationSplitView"
    )
    @available(
        watchOS, introduced: 6.0, deprecated: 9.0,
        message:
            "use NavigationLink(value:label:), or navigationDestination(isPresented:destination:), inside a NavigationStack or NavigationSplitView"
    )
    public init(destination: Destination, isActive: Binding<Bool>, @ViewBuilder label: () -> Label) {}

    /// The content of the link.
    @MainActor @preconcurrency public var body: some View { fatalError("stub") }
}

@available(*, unavailable)
extension NavigationLink: Sendable {}

/// iOS 26.2 SDK: `protocol NavigationViewStyle` (iOS 13, macOS 10.15, tvOS 13, watchOS 7;
/// deprecated in a future version); its underscored requirements are not transcribed.
@available(
    iOS, introduced: 13.0, deprecated: 100000.0,
    message: "replace styled NavigationView with NavigationStack or NavigationSplitView instead"
)
@available(
    macOS, introduced: 10.15, deprecated: 100000.0,
    message: "replace styled NavigationView with NavigationStack or NavigationSplitView instead"
)
@available(
    tvOS, introduced: 13.0, deprecated: 100000.0,
    message: "replace styled NavigationView with NavigationStack or NavigationSplitView instead"
)
@available(
    watchOS, introduced: 7.0, deprecated: 100000.0,
    message: "replace styled NavigationView with NavigationStack or NavigationSplitView instead"
)
public protocol NavigationViewStyle {}

/// iOS 26.2 SDK: `struct StackNavigationViewStyle : NavigationViewStyle` (iOS 13, tvOS 13, watchOS 7;
/// not on macOS; deprecated in a future version), not Sendable — one top view at a time.
@available(
    iOS, introduced: 13.0, deprecated: 100000.0,
    message: "replace stack-styled NavigationView with NavigationStack"
)
@available(macOS, unavailable)
@available(
    tvOS, introduced: 13.0, deprecated: 100000.0,
    message: "replace stack-styled NavigationView with NavigationStack"
)
@available(
    watchOS, introduced: 7.0, deprecated: 100000.0,
    message: "replace stack-styled NavigationView with NavigationStack"
)
public struct StackNavigationViewStyle: NavigationViewStyle {
    /// Creates a navigation view style represented by a view stack that only shows a single top
    /// view at a time.
    public init() {}
}

@available(*, unavailable)
extension StackNavigationViewStyle: Sendable {}

/// iOS 26.2 SDK: `struct TabView<SelectionValue, Content> : View where SelectionValue : Hashable,
/// Content : View` (iOS 13, macOS 10.15, tvOS 13, watchOS 7), nonisolated, not Sendable.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View {
    /// Creates an instance that selects from content associated with `Selection` values
    /// (deprecated in a future version).
    @available(iOS, deprecated: 100000.0, message: "Use TabContentBuilder-based TabView initializers instead")
    @available(
        macOS, deprecated: 100000.0, message: "Use TabContentBuilder-based TabView initializers instead"
    )
    @available(
        tvOS, deprecated: 100000.0, message: "Use TabContentBuilder-based TabView initializers instead"
    )
    @available(
        watchOS, deprecated: 100000.0, message: "Use TabContentBuilder-based TabView initializers instead"
    )
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}

    /// The content of the tab view.
    @MainActor @preconcurrency public var body: some View { fatalError("stub") }
}

@available(*, unavailable)
extension TabView: Sendable {}

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
    /// watchOS 7; deprecated in a future version).
    @available(
        iOS, introduced: 13.0, deprecated: 100000.0,
        message: "replace styled NavigationView with NavigationStack or NavigationSplitView instead"
    )
    @available(
        macOS, introduced: 10.15, deprecated: 100000.0,
        message: "replace styled NavigationView with NavigationStack or NavigationSplitView instead"
    )
    @available(
        tvOS, introduced: 13.0, deprecated: 100000.0,
        message: "replace styled NavigationView with NavigationStack or NavigationSplitView instead"
    )
    @available(
        watchOS, introduced: 7.0, deprecated: 100000.0,
        message: "replace styled NavigationView with NavigationStack or NavigationSplitView instead"
    )
    nonisolated public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { self }

    /// Layers the given view behind this view (disfavored; deprecated in a future version).
    @available(
        iOS, introduced: 13.0, deprecated: 100000.0, message: "Use `background(alignment:content:)` instead."
    )
    @available(
        macOS, introduced: 10.15, deprecated: 100000.0,
        message: "Use `background(alignment:content:)` instead."
    )
    @available(
        tvOS, introduced: 13.0, deprecated: 100000.0, message: "Use `background(alignment:content:)` instead."
    )
    @available(
        watchOS, introduced: 6.0, deprecated: 100000.0,
        message: "Use `background(alignment:content:)` instead."
    )
    @_disfavoredOverload
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

    /// Sets the tab bar item associated with this view (iOS 13, macOS 10.15, tvOS 13, watchOS 7;
    /// deprecated in a future version).
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
    @available(
        iOS, deprecated: 100000.0,
        message: "Use `Tab(title:image:value:content:)` and related initializers instead"
    )
    @available(
        macOS, deprecated: 100000.0,
        message: "Use `Tab(title:image:value:content:)` and related initializers instead"
    )
    @available(
        tvOS, deprecated: 100000.0,
        message: "Use `Tab(title:image:value:content:)` and related initializers instead"
    )
    @available(
        watchOS, deprecated: 100000.0,
        message: "Use `Tab(title:image:value:content:)` and related initializers instead"
    )
    nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { self }

    /// Sets the unique tag value of this view (`includeOptional` also tags it with the value as an
    /// optional, for a selection of optional type).
    nonisolated public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View { self }
}

// MARK: - Apps and scenes

/// iOS 26.2 SDK: `@preconcurrency @MainActor protocol App` (iOS 14, macOS 11, tvOS 14, watchOS 7) —
/// the structure and behavior of an app.
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

/// iOS 26.2 SDK: `@preconcurrency @MainActor protocol Scene` (iOS 14, macOS 11, tvOS 14, watchOS 7)
/// — a part of an app's user interface with a life cycle managed by the system.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor
@preconcurrency
public protocol Scene {
    /// The type of scene that represents the body of this scene.
    associatedtype Body: Scene

    /// The content and behavior of the scene.
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

/// iOS 26.2 SDK: `extension Never : Scene` (its body is not public).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {
    /// The body of a scene that has none.
    public var body: Never { fatalError("stub") }
}

/// iOS 26.2 SDK: `@resultBuilder struct SceneBuilder` (iOS 14, macOS 11, tvOS 14, watchOS 7), not
/// Sendable — constructs scenes from closures.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct SceneBuilder {
    /// Passes a single scene written in the builder through unmodified.
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { fatalError("stub") }

    /// Passes a single scene unmodified.
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { fatalError("stub") }
}

@available(*, unavailable)
extension SceneBuilder: Sendable {}

/// iOS 26.2 SDK: `struct WindowGroup<Content> : Scene where Content : View` (iOS 14, macOS 11,
/// tvOS 14, watchOS 7), nonisolated, not Sendable — a scene that presents a group of identically
/// structured windows.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct WindowGroup<Content: View>: Scene {
    /// Creates a window group (deprecated in iOS 18, macOS 15, tvOS 18 and watchOS 11 for the
    /// initializer with an escaping view builder).
    @available(
        iOS, introduced: 14.0, deprecated: 18.0, renamed: "init(makeContent:)",
        message: "Use the initializer which takes an escaping view builder instead."
    )
    @available(
        macOS, introduced: 11.0, deprecated: 15.0, renamed: "init(makeContent:)",
        message: "Use the initializer which takes an escaping view builder instead."
    )
    @available(
        tvOS, introduced: 14.0, deprecated: 18.0, renamed: "init(makeContent:)",
        message: "Use the initializer which takes an escaping view builder instead."
    )
    @available(
        watchOS, introduced: 7.0, deprecated: 11.0, renamed: "init(makeContent:)",
        message: "Use the initializer which takes an escaping view builder instead."
    )
    public init(@ViewBuilder content: () -> Content) {}

    /// The content of the window group.
    @MainActor @preconcurrency public var body: some Scene { fatalError("stub") }
}

@available(*, unavailable)
extension WindowGroup: Sendable {}
