import DispatchKit
import DispatchKitUI
import Foundation

// The code blocks of the doc comments in Sources/DispatchKit/Intake/ and Sources/DispatchKitUI/Intake/.

enum AssociatedDomainsDoc {
    // snippet: doc-associated-domains
    @MainActor func declareDomains(center: DispatchCenter) {
        center.associatedDomains = ["applinks:test.com", "applinks:*.test.com"]
    }

    @MainActor func declareDomains(center: DispatchCenter, configured entries: [String]) throws {
        center.associatedDomains = try AssociatedDomains(entries)
    }
    // snippet: end
}

enum NotificationLinkKeyDoc {
    // snippet: doc-notification-link-key
    @MainActor func configureNotifications(center: DispatchCenter) {
        // {"aps": {"alert": "Your order shipped", "link": "cono://test.com/orders/7"}}
        center.notificationLinkKey = ["aps", "link"]
        // {"aps": {…}, "url": "cono://test.com/orders/7"}: the default
        center.notificationLinkKey = "url"
    }
    // snippet: end
}

enum IncomingLinkDoc {
    // snippet: doc-incoming-link
    @MainActor func receive(url: URL, from sendingApp: String?, center: DispatchCenter) {
        center.dispatch(.openedURL(url, sourceApplication: sendingApp))
    }
    // snippet: end
}

enum DispatchIncomingLinkDoc {
    // snippet: doc-dispatch-incoming-link
    @MainActor func continueBrowsing(webpageURL: URL, center: DispatchCenter) {
        let result = center.dispatch(.universalLink(webpageURL))
        if let failure = result.failure { print(failure) }  // refused: universal link … not on …
    }
    // snippet: end
}

enum NotificationPayloadDoc {
    // snippet: doc-notification-payload
    func didReceive(userInfo: [AnyHashable: Any], center: DispatchCenter) {
        let link = IncomingLink.notification(userInfo)  // copied: a value that may cross tasks
        Task { @MainActor in center.dispatch(link) }
    }
    // snippet: end
}
