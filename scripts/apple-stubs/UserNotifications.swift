// A stub of Apple's UserNotifications module, for scripts/apple-check.sh only: it lets the Linux
// compiler type-check DispatchKitUI and the iOS examples for iOS, macOS, tvOS and watchOS. Nothing
// here is ever linked or run.
//
// The rule: declare only what the package's code uses (Sources/DispatchKitUI and
// Tests/DocumentationExamples/InAnIOSApp), each declaration transcribed from the iOS 26.2 SDK's
// UserNotifications headers (whose availability macros name macOS, iOS, tvOS and watchOS; AUDIT.md
// records the comparison, also with the macOS 15.5 and tvOS 18.0 SDKs) with its availability (an
// `@available` where Apple marks it newer than the package's floor of iOS 13, macOS 10.15, tvOS 13,
// watchOS 6, or unavailable), its isolation (none: these headers have no NS_SWIFT_UI_ACTOR) and its
// Sendable-ness (none: they are not audited for sendability, so nothing is Sendable and nothing is
// explicitly not).
// When the check reports a missing declaration, add that declaration here, transcribed the same
// way; never add one the package does not use.
//
// Everything here is from iOS 10, macOS 10.14, tvOS 10 and watchOS 3, below the floor. tvOS has the
// notification center but no responses to notifications: those are unavailable there, as Apple
// marks them. Apple's classes inherit from NSObject, which the Foundation stub does not have; the
// delegate's optional requirement is a requirement with a default implementation here, which a
// conforming type may implement or not, as with an optional one. UserNotifications' module exports
// Foundation, as this stub does.
@_exported import Foundation

/// iOS 26.2 SDK, UNUserNotificationCenter.h: `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0),
/// tvos(10.0)) @interface UNUserNotificationCenter : NSObject`.
open class UNUserNotificationCenter {
    /// Returns your app's notification center.
    open class func current() -> UNUserNotificationCenter { fatalError("stub") }

    /// The notification center's delegate.
    weak open var delegate: (any UNUserNotificationCenterDelegate)?
}

/// iOS 26.2 SDK, UNUserNotificationCenter.h: `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0),
/// tvos(10.0)) @protocol UNUserNotificationCenterDelegate <NSObject>`; its requirements are optional.
/// The completion handler is imported `@Sendable`, the convention for a method Swift also imports as
/// `async` (that form, also an optional requirement, is not used here).
public protocol UNUserNotificationCenterDelegate: AnyObject {
    // Apple marks it unavailable on tvOS, which only an @objc protocol's member can say: the stub
    // leaves it out there.
    #if !os(tvOS)
        /// Asks the delegate to process the user's response to a delivered notification.
        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    #endif
}

#if !os(tvOS)
    extension UNUserNotificationCenterDelegate {
        /// An optional requirement the delegate does not implement.
        public func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void
        ) {}
    }
#endif

/// iOS 26.2 SDK, UNNotificationResponse.h: `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos) @interface UNNotificationResponse : NSObject <NSCopying, NSSecureCoding>`.
@available(tvOS, unavailable)
open class UNNotificationResponse {
    /// The notification to which the user responded.
    open var notification: UNNotification { fatalError("stub") }

    /// The identifier string of the action that the user selected.
    open var actionIdentifier: String { fatalError("stub") }
}

/// iOS 26.2 SDK, UNNotificationResponse.h: `NSString *const UNNotificationDefaultActionIdentifier
/// API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos)` — the user opened the
/// app from the notification.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(tvOS, unavailable)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"

/// iOS 26.2 SDK, UNNotification.h: `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))
/// @interface UNNotification : NSObject <NSCopying, NSSecureCoding>`.
open class UNNotification {
    /// The notification request containing the payload and trigger condition for the notification.
    open var request: UNNotificationRequest { fatalError("stub") }
}

/// iOS 26.2 SDK, UNNotificationRequest.h: `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0),
/// tvos(10.0)) @interface UNNotificationRequest : NSObject <NSCopying, NSSecureCoding>`.
open class UNNotificationRequest {
    /// The content associated with the notification.
    open var content: UNNotificationContent { fatalError("stub") }
}

/// iOS 26.2 SDK, UNNotificationContent.h: `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0),
/// tvos(10.0)) @interface UNNotificationContent : NSObject <NSCopying, NSMutableCopying,
/// NSSecureCoding>`.
open class UNNotificationContent {
    /// The custom data to associate with the notification (`API_UNAVAILABLE(tvos)`).
    @available(tvOS, unavailable)
    open var userInfo: [AnyHashable: Any] { fatalError("stub") }
}
