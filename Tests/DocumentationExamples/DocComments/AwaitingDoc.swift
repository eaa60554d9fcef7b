import DispatchKit
import DispatchKitAsync
import DispatchKitUI
import Foundation

// The code blocks of the doc comments in DispatchKitAsync/DispatchCenter+Awaiting.swift.
enum AwaitingDoc {
    // snippet: doc-center-await
    @MainActor func open(orderURL: URL, in center: DispatchCenter) async {
        let result = await center.dispatchAndWait(orderURL, timeout: 10)
        if let failure = result.failure { print(failure) }
    }
    // snippet: end

    // snippet: doc-await-incoming-link
    @MainActor func continueBrowsing(webpageURL: URL, center: DispatchCenter) async {
        let result = await center.dispatchAndWait(IncomingLink.universalLink(webpageURL))
        if let failure = result.failure { print(failure) }
    }
    // snippet: end
}
