// Platforms: iOS tvOS watchOS
//
// A stub of Apple's UIKit module, for scripts/apple-check.sh only: it lets the Linux compiler
// type-check DispatchKitUI and the iOS examples for iOS, tvOS and watchOS. Nothing here is ever
// linked or run.
//
// The rule: declare only what the package's code uses (Sources/DispatchKitUI and
// Tests/DocumentationExamples/InAnIOSApp), each declaration transcribed from Apple's documentation
// with its availability (an `@available` where Apple marks it newer than the package's floor of
// iOS 13 and tvOS 13, or unavailable), its isolation and its Sendable-ness. When the check reports
// a missing declaration, add that declaration here, transcribed the same way; never add one the
// package does not use.
//
// Where Apple ships it: iOS and tvOS; watchOS has a UIKit without view controllers, scenes or an
// application (everything below is unavailable there, as Apple marks it); macOS has none.
//
// Apple's classes here inherit from NSObject, which gives them Hashable and NSObjectProtocol; the
// Foundation stub has no NSObject, so a class that the package puts in a Set says Hashable itself,
// and the protocols leave NSObjectProtocol out. Objective-C optional requirements cannot be declared
// without Objective-C interop: they are requirements with a default implementation here, which a
// conforming type may implement or not, as with an optional one.
@_exported import Foundation

// MARK: - Responders and view controllers

/// Apple: `@MainActor class UIResponder : NSObject` (iOS 2, tvOS 9).
@available(watchOS, unavailable)
@MainActor
open class UIResponder {
    /// NSObject's initializer, which UIKit's classes inherit.
    public init() { fatalError("stub") }
}

/// Apple: `@MainActor class UIViewController : UIResponder` (iOS 2, tvOS 9).
@available(watchOS, unavailable)
@MainActor
open class UIViewController: UIResponder {
    /// A localized string that represents the view this controller manages.
    open var title: String?

    /// The view controller that is presented by this view controller, or one of its ancestors in
    /// the view controller hierarchy (iOS 5).
    open var presentedViewController: UIViewController? { fatalError("stub") }

    /// The view controller that presented this view controller (iOS 5).
    open var presentingViewController: UIViewController? { fatalError("stub") }

    /// A Boolean value indicating whether the view controller is being dismissed (iOS 5).
    open var isBeingDismissed: Bool { fatalError("stub") }

    /// Presents a view controller modally (iOS 5).
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) { fatalError("stub") }

    /// Dismisses the view controller that was presented modally by the view controller (iOS 5).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { fatalError("stub") }
}

/// Apple: `@MainActor class UINavigationController : UIViewController` (iOS 2, tvOS 9).
@available(watchOS, unavailable)
@MainActor
open class UINavigationController: UIViewController {
    /// Initializes and returns a newly created navigation controller.
    public init(rootViewController: UIViewController) { fatalError("stub") }

    /// The view controllers currently on the navigation stack.
    open var viewControllers: [UIViewController] {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    /// Pushes a view controller onto the receiver's stack and updates the display.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) { fatalError("stub") }

    /// Pops all the view controllers on the stack except the root view controller and updates the
    /// display.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? { fatalError("stub") }

    /// Pops view controllers until the specified view controller is at the top of the navigation stack.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        fatalError("stub")
    }

    /// Replaces the view controllers currently managed by the navigation controller with the
    /// specified items (iOS 3).
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) { fatalError("stub") }
}

/// Apple: `@MainActor class UITabBarController : UIViewController` (iOS 2, tvOS 9).
@available(watchOS, unavailable)
@MainActor
open class UITabBarController: UIViewController {
    /// An array of the root view controllers displayed by the tab bar interface.
    open var viewControllers: [UIViewController]? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    /// The view controller associated with the currently selected tab item (Apple's property is
    /// `unowned(unsafe)`, which a computed stub cannot say).
    open var selectedViewController: UIViewController? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    /// The index of the view controller associated with the currently selected tab item.
    open var selectedIndex: Int {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// MARK: - Windows and scenes

/// Apple: `@MainActor class UIWindow : UIView` (iOS 2, tvOS 9); UIView is not used here.
@available(watchOS, unavailable)
@MainActor
open class UIWindow: UIResponder {
    /// Creates a window and associates it with the specified scene object.
    @available(iOS 13.0, tvOS 13.0, *)
    public init(windowScene: UIWindowScene) { fatalError("stub") }

    /// The root view controller for the window.
    open var rootViewController: UIViewController? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() { fatalError("stub") }
}

/// Apple: `@MainActor class UIScene : UIResponder` (iOS 13, tvOS 13).
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIScene: UIResponder {
    /// Apple: `@MainActor class ConnectionOptions : NSObject` — why UIKit created the scene.
    @MainActor
    open class ConnectionOptions {
        /// The URLs for UIKit to open.
        open var urlContexts: Set<UIOpenURLContext> { fatalError("stub") }

        /// The user activity objects containing the data the scene needs to handle.
        open var userActivities: Set<NSUserActivity> { fatalError("stub") }
    }

    /// Apple: `@MainActor class OpenURLOptions : NSObject` — how to open a URL.
    @MainActor
    open class OpenURLOptions {
        /// The bundle ID of the app that originated the request.
        open var sourceApplication: String? { fatalError("stub") }
    }
}

/// Apple: `@MainActor class UIWindowScene : UIScene` (iOS 13, tvOS 13).
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindowScene: UIScene {}

/// Apple: `@MainActor class UISceneSession : NSObject, NSSecureCoding` (iOS 13, tvOS 13).
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UISceneSession {}

/// Apple: `@MainActor class UIOpenURLContext : NSObject` (iOS 13, tvOS 13); Hashable as an NSObject.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIOpenURLContext: Hashable {
    /// The URL to open.
    open var url: URL { fatalError("stub") }

    /// Additional information for determining how to open the URL.
    open var options: UIScene.OpenURLOptions { fatalError("stub") }

    /// NSObject's equality: the same object.
    nonisolated public static func == (lhs: UIOpenURLContext, rhs: UIOpenURLContext) -> Bool { lhs === rhs }

    /// NSObject's hash.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Apple: `@MainActor protocol UISceneDelegate : NSObjectProtocol` (iOS 13, tvOS 13); its
/// requirements are optional.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UISceneDelegate {
    /// Tells the delegate about the addition of a scene to the app.
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions)

    /// Asks the delegate to open one or more URLs.
    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>)

    /// Tells the delegate to handle the specified Handoff-related activity.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
}

@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
extension UISceneDelegate {
    /// An optional requirement the delegate does not implement.
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {}

    /// An optional requirement the delegate does not implement.
    public func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {}

    /// An optional requirement the delegate does not implement.
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
}

/// Apple: `@MainActor protocol UIWindowSceneDelegate : UISceneDelegate` (iOS 13, tvOS 13); its
/// requirements are optional.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The main window associated with the scene.
    var window: UIWindow? { get set }
}

@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
extension UIWindowSceneDelegate {
    /// An optional requirement the delegate does not implement.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

// MARK: - The application

/// Apple: `@MainActor class UIApplication : UIResponder` (iOS 2, tvOS 9).
@available(watchOS, unavailable)
@MainActor
open class UIApplication: UIResponder {
    /// Apple: `struct LaunchOptionsKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
    public struct LaunchOptionsKey: Hashable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// Apple: `struct OpenURLOptionsKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`
    /// (iOS 9 to 26, tvOS 9 to 26: deprecated for the scene life cycle's UIOpenURLContext).
    @available(iOS, introduced: 9.0, deprecated: 26.0)
    @available(tvOS, introduced: 9.0, deprecated: 26.0)
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A key containing the bundle ID of the app that sent the open-URL request to your app.
        public static let sourceApplication = OpenURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    }
}

/// Apple: `@MainActor protocol UIApplicationDelegate : NSObjectProtocol` (iOS 2, tvOS 9); its
/// requirements are optional.
@available(watchOS, unavailable)
@MainActor
public protocol UIApplicationDelegate {
    /// Tells the delegate that the launch process is almost done and the app is almost ready to run.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// Asks the delegate to open a resource specified by a URL (iOS 9 to 26, tvOS 9 to 26).
    @available(iOS, introduced: 9.0, deprecated: 26.0)
    @available(tvOS, introduced: 9.0, deprecated: 26.0)
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any])
        -> Bool
}

@available(watchOS, unavailable)
extension UIApplicationDelegate {
    /// An optional requirement the delegate does not implement.
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    /// An optional requirement the delegate does not implement.
    @available(iOS, introduced: 9.0, deprecated: 26.0)
    @available(tvOS, introduced: 9.0, deprecated: 26.0)
    public func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool {
        false
    }
}
