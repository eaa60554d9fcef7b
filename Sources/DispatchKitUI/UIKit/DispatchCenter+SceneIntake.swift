// UIKit apps on iOS and tvOS. watchOS has a UIKit module without scenes; macOS has none.
#if canImport(UIKit) && !os(watchOS)
    import DispatchKit
    import Foundation
    import UIKit

    extension DispatchCenter {
        /// Dispatches the URLs a scene delegate receives in `scene(_:openURLContexts:)`, each as
        /// `IncomingLink.openedURL(_:sourceApplication:)` with the bundle identifier of the sending
        /// app when the system gives it.
        ///
        /// - Parameter urlContexts: The contexts UIKit passes; the order of a set is none.
        /// - Returns: The result of each dispatch.
        @discardableResult
        public func dispatch(_ urlContexts: Set<UIOpenURLContext>) -> [DispatchResult] {
            urlContexts.map { dispatch(.openedURL($0.url, sourceApplication: $0.options.sourceApplication)) }
        }

        /// Dispatches the links that launched a scene, from `scene(_:willConnectTo:options:)`: the
        /// URLs of `UIScene.ConnectionOptions.urlContexts`, then the universal links among
        /// `UIScene.ConnectionOptions.userActivities`.
        ///
        /// Call it when the window is set up; a center that is not ready (`isReady`) queues
        /// the links until it is. The notification a scene may be launched for is left out: the
        /// notification center's delegate receives it too, also at launch, and
        /// `dispatch(_:)` with the response dispatches it there, once.
        ///
        /// - Parameter connectionOptions: The options UIKit passes.
        /// - Returns: The result of each dispatch.
        @discardableResult
        public func dispatch(_ connectionOptions: UIScene.ConnectionOptions) -> [DispatchResult] {
            let links = IncomingLink.sceneConnection(
                urlContexts: connectionOptions.urlContexts.map { ($0.url, $0.options.sourceApplication) },
                userActivities: connectionOptions.userActivities.map { ($0.activityType, $0.webpageURL) })
            return links.map { dispatch($0) }
        }

        /// Dispatches a URL an app without scenes receives in `application(_:open:options:)`, as
        /// `IncomingLink.openedURL(_:sourceApplication:)` with the bundle identifier of the sending
        /// app when the system gives it.
        ///
        /// - Parameters:
        ///   - url: The URL.
        ///   - options: The options UIKit passes; `UIApplication.OpenURLOptionsKey.sourceApplication`
        ///     is read.
        /// - Returns: The result of the dispatch.
        @discardableResult
        public func dispatch(_ url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> DispatchResult {
            dispatch(.applicationOpened(url, sourceApplicationOption: options[.sourceApplication]))
        }
    }
#endif
