// Platforms: iOS tvOS watchOS
//
// A stub of Apple's UIKit module, for scripts/apple-check.sh only: it lets the Linux compiler
// type-check DispatchKitUI and the iOS examples for iOS, tvOS and watchOS. Nothing here is ever
// linked or run.
//
// The rule: declare only what the package's code uses (Sources/DispatchKitUI and
// Tests/DocumentationExamples/InAnIOSApp), each declaration transcribed from the iOS 26.2 SDK's
// UIKit headers (whose availability macros name iOS, tvOS and watchOS; AUDIT.md records the
// comparison, also with the tvOS 18.0 SDK) with its availability (an `@available` where Apple
// marks it newer than the package's floor of iOS 13 and tvOS 13, deprecated or unavailable), its
// isolation and its Sendable-ness. When the check reports a missing declaration, add that
// declaration here, transcribed the same way; never add one the package does not use.
//
// Where Apple ships it: iOS and tvOS; watchOS has a UIKit without view controllers, scenes or an
// application (everything below is unavailable there, as Apple marks it); macOS has none.
//
// Isolation: every class and protocol here is NS_SWIFT_UI_ACTOR in its header, which Swift imports
// as `@MainActor`, and the compiler treats every declaration imported from Objective-C as
// `@preconcurrency`; the stub says both. Apple's classes here inherit from NSObject, which gives
// them Hashable and NSObjectProtocol; the Foundation stub has no NSObject, so a class that the
// package puts in a Set says Hashable itself, and the protocols leave NSObjectProtocol out.
// Objective-C optional requirements cannot be declared without Objective-C interop: they are
// requirements with a default implementation here, which a conforming type may implement or not,
// as with an optional one (without the default arguments Apple's imported requirements have).
@_exported import Foundation

// MARK: - Responders and view controllers

/// iOS 26.2 SDK, UIResponder.h: `API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
/// @interface UIResponder : NSObject` (tvOS 9).
@available(watchOS, unavailable)
@MainActor
@preconcurrency
open class UIResponder {
    /// NSObject's initializer, which UIKit's classes inherit.
    public init() { fatalError("stub") }
}

/// iOS 26.2 SDK, UIViewController.h: `API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
/// @interface UIViewController : UIResponder` (tvOS 9).
@available(watchOS, unavailable)
@MainActor
@preconcurrency
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

/// iOS 26.2 SDK, UINavigationController.h: `API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos)
/// NS_SWIFT_UI_ACTOR @interface UINavigationController : UIViewController` (tvOS 9). Swift imports
/// every Objective-C method as `@discardableResult`, as the two pops say here.
@available(watchOS, unavailable)
@MainActor
@preconcurrency
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

/// iOS 26.2 SDK, UITabBarController.h: `API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos)
/// NS_SWIFT_UI_ACTOR @interface UITabBarController : UIViewController` (tvOS 9).
@available(watchOS, unavailable)
@MainActor
@preconcurrency
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

/// iOS 26.2 SDK, UIWindow.h: `API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
/// @interface UIWindow : UIView` (tvOS 9); UIView is not used here, nor `init()` (deprecated in
/// iOS 26 and tvOS 26 for `init(windowScene:)`).
@available(watchOS, unavailable)
@MainActor
@preconcurrency
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

/// iOS 26.2 SDK, UIScene.h: `API_AVAILABLE(ios(13.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
/// @interface UIScene : UIResponder` (tvOS 13).
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
@preconcurrency
open class UIScene: UIResponder {
    /// iOS 26.2 SDK, UISceneOptions.h: `API_AVAILABLE(ios(13.0)) API_UNAVAILABLE(watchos)
    /// NS_SWIFT_UI_ACTOR @interface UISceneConnectionOptions : NSObject` — why UIKit created the scene.
    @MainActor
    @preconcurrency
    open class ConnectionOptions {
        /// The URLs for UIKit to open.
        open var urlContexts: Set<UIOpenURLContext> { fatalError("stub") }

        /// The user activity objects containing the data the scene needs to handle.
        open var userActivities: Set<NSUserActivity> { fatalError("stub") }
    }

    /// iOS 26.2 SDK, UISceneOptions.h: `API_AVAILABLE(ios(13.0)) API_UNAVAILABLE(watchos)
    /// NS_SWIFT_UI_ACTOR @interface UISceneOpenURLOptions : NSObject` — how to open a URL.
    @MainActor
    @preconcurrency
    open class OpenURLOptions {
        /// The bundle ID of the app that originated the request.
        open var sourceApplication: String? { fatalError("stub") }
    }
}

/// iOS 26.2 SDK, UIWindowScene.h: `API_AVAILABLE(ios(13.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
/// @interface UIWindowScene : UIScene` (tvOS 13).
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
@preconcurrency
open class UIWindowScene: UIScene {}

/// iOS 26.2 SDK, UISceneSession.h: `API_AVAILABLE(ios(13.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
/// @interface UISceneSession : NSObject <NSSecureCoding>` (tvOS 13).
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
@preconcurrency
open class UISceneSession {}

/// iOS 26.2 SDK, UIOpenURLContext.h: `API_AVAILABLE(ios(13.0)) API_UNAVAILABLE(watchos)
/// NS_SWIFT_UI_ACTOR @interface UIOpenURLContext : NSObject` (tvOS 13); Hashable as an NSObject,
/// whose `==` and hash are nonisolated.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
@preconcurrency
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

/// iOS 26.2 SDK, UIScene.h: `API_AVAILABLE(ios(13.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
/// @protocol UISceneDelegate <NSObject>` (tvOS 13); its requirements are optional.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
@preconcurrency
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

/// iOS 26.2 SDK, UIWindowScene.h: `API_AVAILABLE(ios(13.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
/// @protocol UIWindowSceneDelegate <UISceneDelegate>` (tvOS 13); its requirements are optional.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
@preconcurrency
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

/// iOS 26.2 SDK, UIApplication.h: `API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
/// @interface UIApplication : UIResponder` (tvOS 9).
@available(watchOS, unavailable)
@MainActor
@preconcurrency
open class UIApplication: UIResponder {
    /// iOS 26.2 SDK: `typedef NSString * UIApplicationLaunchOptionsKey NS_TYPED_ENUM
    /// API_UNAVAILABLE(watchos)`, imported as `struct LaunchOptionsKey : Hashable, Equatable,
    /// RawRepresentable, @unchecked Sendable`.
    public struct LaunchOptionsKey: Hashable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// iOS 26.2 SDK: `typedef NSString * UIApplicationOpenURLOptionsKey NS_TYPED_ENUM
    /// API_DEPRECATED(…, ios(9.0, 26.0), tvos(9.0, 26.0)) API_UNAVAILABLE(watchos)`, imported as
    /// `struct OpenURLOptionsKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
    @available(
        iOS, introduced: 9.0, deprecated: 26.0,
        message:
            "Use UIScene lifecycle and equivalent properties on UISceneOpenURLOptions from a UIOpenURLContext in UIScene.ConnectionOptions.URLContexts instead."
    )
    @available(
        tvOS, introduced: 9.0, deprecated: 26.0,
        message:
            "Use UIScene lifecycle and equivalent properties on UISceneOpenURLOptions from a UIOpenURLContext in UIScene.ConnectionOptions.URLContexts instead."
    )
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A key containing the bundle ID of the app that sent the open-URL request to your app.
        @available(
            iOS, introduced: 9.0, deprecated: 26.0,
            message:
                "Use UIScene lifecycle and UISceneOpenURLOptions.sourceApplication from a UIOpenURLContext in UIScene.ConnectionOptions.URLContexts instead."
        )
        @available(
            tvOS, introduced: 9.0, deprecated: 26.0,
            message:
                "Use UIScene lifecycle and UISceneOpenURLOptions.sourceApplication from a UIOpenURLContext in UIScene.ConnectionOptions.URLContexts instead."
        )
        public static let sourceApplication = OpenURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    }
}

/// iOS 26.2 SDK, UIApplication.h: `API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @protocol
/// UIApplicationDelegate<NSObject>` (iOS 2, tvOS 9); its requirements are optional.
@available(watchOS, unavailable)
@MainActor
@preconcurrency
public protocol UIApplicationDelegate {
    /// Tells the delegate that the launch process is almost done and the app is almost ready to run.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// Asks the delegate to open a resource specified by a URL (iOS 9 to 26, tvOS 9 to 26).
    @available(
        iOS, introduced: 9.0, deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:openURLContexts:) from UISceneDelegate instead."
    )
    @available(
        tvOS, introduced: 9.0, deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:openURLContexts:) from UISceneDelegate instead."
    )
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
    @available(
        iOS, introduced: 9.0, deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:openURLContexts:) from UISceneDelegate instead."
    )
    @available(
        tvOS, introduced: 9.0, deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:openURLContexts:) from UISceneDelegate instead."
    )
    public func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool {
        false
    }
}
