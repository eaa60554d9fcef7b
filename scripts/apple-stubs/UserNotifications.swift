// A stub of Apple's UserNotifications module, for scripts/apple-check.sh only: it lets the Linux
// compiler type-check DispatchKitUI and the iOS examples for iOS, macOS, tvOS and watchOS. Nothing
// here is ever linked or run.
//
// The rule: declare only what the package's code uses (Sources/DispatchKitUI and
// Tests/DocumentationExamples/InAnIOSApp), each declaration transcribed from Apple's documentation
// with its availability (an `@available` where Apple marks it newer than the package's floor of
// iOS 13, macOS 10.15, tvOS 13, watchOS 6, or unavailable), its isolation and its Sendable-ness.
// When the check reports a missing declaration, add that declaration here, transcribed the same
// way; never add one the package does not use.
//
// Everything here is from iOS 10, macOS 10.14, tvOS 10 and watchOS 3, below the floor. tvOS has the
// notification center but no responses to notifications: those are unavailable there, as Apple
// marks them. Apple's classes inherit from NSObject, which the Foundation stub does not have; the
// delegate's optional requirement is a requirement with a default implementation here, which a
// conforming type may implement or not, as with an optional one.
import Foundation

/// Apple: `class UNUserNotificationCenter : NSObject`.
open class UNUserNotificationCenter {
    /// Returns your app's notification center.
    open class func current() -> UNUserNotificationCenter { fatalError("stub") }

    /// The notification center's delegate.
    weak open var delegate: (any UNUserNotificationCenterDelegate)?
}

/// Apple: `protocol UNUserNotificationCenterDelegate : NSObjectProtocol`; its requirements are
/// optional.
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

/// Apple: `class UNNotificationResponse : NSObject, NSCopying, NSSecureCoding` (not on tvOS).
@available(tvOS, unavailable)
open class UNNotificationResponse {
    /// The notification to which the user responded.
    open var notification: UNNotification { fatalError("stub") }

    /// The identifier string of the action that the user selected.
    open var actionIdentifier: String { fatalError("stub") }
}

/// Apple: `let UNNotificationDefaultActionIdentifier: String` — the user opened the app from the
/// notification (not on tvOS).
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(tvOS, unavailable)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"

/// Apple: `class UNNotification : NSObject, NSCopying, NSSecureCoding`.
open class UNNotification {
    /// The notification request containing the payload and trigger condition for the notification.
    open var request: UNNotificationRequest { fatalError("stub") }
}

/// Apple: `class UNNotificationRequest : NSObject, NSCopying, NSSecureCoding`.
open class UNNotificationRequest {
    /// The content associated with the notification.
    open var content: UNNotificationContent { fatalError("stub") }
}

/// Apple: `class UNNotificationContent : NSObject, NSCopying, NSMutableCopying, NSSecureCoding`.
open class UNNotificationContent {
    /// The custom data to associate with the notification.
    open var userInfo: [AnyHashable: Any] { fatalError("stub") }
}
