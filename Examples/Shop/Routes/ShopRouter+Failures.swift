import DispatchKit
import DispatchKitEvents

extension ShopRouter {
    /// The message the app shows for a dispatch that ended without opening its page, or `nil` when
    /// there is nothing to tell: it opened, it waits (queued, or held by the login wall), the user
    /// cancelled the login that held it, or it repeated a tap just handled.
    ///
    /// Every dispatch of the center ends in one ``DispatchEvent``, also one that waited, so this sees
    /// the links of every source: a tap, another app, a universal link, a notification.
    public static func failureMessage(for event: DispatchEvent) -> String? {
        guard event.kind == .perform, let failure = event.failure else { return nil }
        switch failure {
        case .held, .queued, .holdCancelled, .duplicate:
            return nil
        case .executionFailed(_, let error as WebPageError):
            return error.description
        default:
            let link = event.url.map { "\($0)" } ?? "The link"
            return "\(link) could not be opened: \(failure)"
        }
    }
}

/// Hands the message for each failed dispatch to ``ShopRouter/showFailure``.
@MainActor
final class FailureObserver: DispatchObserver {
    private weak var router: ShopRouter?

    init(router: ShopRouter) { self.router = router }

    func observe(_ event: DispatchEvent) {
        guard let router, let message = ShopRouter.failureMessage(for: event) else { return }
        router.showFailure(message)
    }
}
