#if canImport(SwiftUI)
    import DispatchKit
    import DispatchKitUI
    import Foundation
    import SwiftUI

    extension View {
        /// Dispatches the URLs SwiftUI opens in this view's scene (`onOpenURL`) to `center`.
        ///
        /// SwiftUI passes universal links there too, as their web page URL: an `http` or `https` URL
        /// is dispatched as `IncomingLink.universalLink(_:)`, which checks its host against the
        /// center's `DispatchCenter.associatedDomains`; any other URL as
        /// `IncomingLink.openedURL(_:sourceApplication:)` from an app SwiftUI does not name.
        @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
        public func dispatchOpenedURLs(to center: DispatchCenter) -> some View {
            onOpenURL { url in center.dispatch(.openedInSwiftUI(url)) }
        }

        /// Dispatches the web-browsing user activities this view's scene continues
        /// (`onContinueUserActivity(NSUserActivityTypeBrowsingWeb)`) to `center`, as universal links.
        @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
        public func dispatchWebBrowsingActivities(to center: DispatchCenter) -> some View {
            onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in center.dispatch(activity) }
        }
    }
#endif
