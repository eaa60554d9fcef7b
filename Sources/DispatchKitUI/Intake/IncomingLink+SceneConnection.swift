import DispatchKit
import Foundation

extension IncomingLink {
    /// The links that launched a scene, from the connection options of
    /// `scene(_:willConnectTo:options:)`, in the order they are dispatched: each URL the scene is
    /// asked to open (`urlContexts`), with the app that sent it, then each user activity that is a
    /// universal link (``userActivity(activityType:webpageURL:)``); other activities are left out.
    ///
    /// The notification response a scene may be launched for is left out too: the notification
    /// center's delegate receives the same response, also at launch, and dispatches it there
    /// (``notificationResponse(actionIdentifier:userInfo:)``). Dispatching it here as well would
    /// open its link twice.
    ///
    /// - Parameters:
    ///   - urlContexts: Each URL to open and the bundle identifier of the app that sent it, if the
    ///     system tells it. UIKit hands them over as a set, so their order is none.
    ///   - userActivities: Each activity's `activityType` and `webpageURL`.
    /// - Returns: The links, URLs first.
    static func sceneConnection(
        urlContexts: [(url: URL, sourceApplication: String?)],
        userActivities: [(activityType: String, webpageURL: URL?)]
    ) -> [IncomingLink] {
        urlContexts.map { .openedURL($0.url, sourceApplication: $0.sourceApplication) }
            + userActivities.compactMap {
                userActivity(activityType: $0.activityType, webpageURL: $0.webpageURL)
            }
    }
}
