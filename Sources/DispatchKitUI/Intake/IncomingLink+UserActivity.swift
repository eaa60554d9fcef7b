import DispatchKit
import Foundation

extension IncomingLink {
    /// The value of Foundation's `NSUserActivityTypeBrowsingWeb` on Apple's platforms: the type of
    /// an activity that continues a web page, from a universal link or from Handoff.
    ///
    /// Foundation on Linux has no user activities, so the value is written out. DispatchKitUI checks
    /// it against the framework's constant in debug builds.
    static let browsingWebActivityType = "NSUserActivityTypeBrowsingWeb"

    /// The universal link a user activity carries, from `scene(_:continue:)`,
    /// `application(_:continue:restorationHandler:)`, `onContinueUserActivity` or the activities
    /// that launched a scene, or `nil` when the activity is not a link.
    ///
    /// Only an activity of type `NSUserActivityTypeBrowsingWeb` with a web page URL is a link; any
    /// other activity (Handoff of the app's own activities, Spotlight, Siri) is the app's to handle.
    /// The link's host is checked against the center's ``DispatchCenter/associatedDomains`` when it
    /// is dispatched, not here.
    ///
    /// - Parameters:
    ///   - activityType: The activity's `activityType`.
    ///   - webpageURL: The activity's `webpageURL`.
    /// - Returns: ``universalLink(_:)`` with the web page URL, or `nil`.
    static func userActivity(activityType: String, webpageURL: URL?) -> IncomingLink? {
        guard activityType == browsingWebActivityType, let webpageURL else { return nil }
        return .universalLink(webpageURL)
    }
}
