// UIKit and SwiftUI apps: both receive universal links as user activities.
#if canImport(UIKit) || canImport(SwiftUI)
    import DispatchKit
    import Foundation

    extension DispatchCenter {
        /// Dispatches the universal link a user activity carries, from `scene(_:continue:)`,
        /// `application(_:continue:restorationHandler:)` or SwiftUI's `onContinueUserActivity`.
        ///
        /// Only an activity of type `NSUserActivityTypeBrowsingWeb` with a web page URL is a link; it
        /// is dispatched as `IncomingLink.universalLink(_:)`, which checks its host against
        /// `DispatchCenter.associatedDomains`. Any other activity is not this method's: nothing is
        /// dispatched.
        ///
        /// - Parameter userActivity: The activity the system passes.
        /// - Returns: The result of the dispatch, or `nil` for an activity that is not a web link.
        @discardableResult
        public func dispatch(_ userActivity: NSUserActivity) -> DispatchResult? {
            // DispatchKit decides from the type's value, which it writes out; it must be Apple's.
            assert(IncomingLink.browsingWebActivityType == NSUserActivityTypeBrowsingWeb)
            let link = IncomingLink.userActivity(
                activityType: userActivity.activityType, webpageURL: userActivity.webpageURL)
            return link.map { dispatch($0) }
        }
    }
#endif
