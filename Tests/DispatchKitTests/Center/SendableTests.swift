import DispatchKit
import DispatchKitEvents
import DispatchKitRules
import DispatchKitUI
import Testing

// Compile-only checks: this file does not build if one of these types stops being `Sendable`.

private func requireSendable<T: Sendable>(_: T.Type) {}

private func requireSendableValue(_: some Sendable) {}

@Suite struct SendableTests {
    @Test func coreTypesAreSendable() {
        requireSendable(DispatchURL.self)
        requireSendable(DispatchURLError.self)
        requireSendable(DispatchURL.Limits.self)
        requireSendable(DispatchResult.self)
        requireSendable(DispatchFailure.self)
        requireSendable(DispatchRequest.self)
        // `@MainActor` classes are Sendable, so results and requests may carry them.
        requireSendable(DispatchCenter.self)
        requireSendable(DispatchActivity.self)
        requireSendableValue(DispatchURL.Limits.default)
    }

    @Test func linkTypesAreSendable() {
        requireSendable(LinkDecodingError.self)
        requireSendable(LinkDecodingError.Reason.self)
        requireSendable(LinkEncodingError.self)
        requireSendable(LinkEncodingError.Reason.self)
        // A link is a value a dispatch may carry across tasks.
        requireSendable((any DispatchLink).self)
    }

    @Test func policyTypesAreSendable() {
        requireSendable(DispatchOrigin.self)
        requireSendable(DispatchExposure.self)
        requireSendable(DispatchRejection.self)
        requireSendable(DispatchDecision.self)
        requireSendable(DispatchHold.self)
        requireSendable(DispatchHold.State.self)
        requireSendable(DispatchEvent.self)
        requireSendable(DispatchEvent.Decision.self)
        requireSendable(QueuedDispatch.self)
        requireSendable(RedirectRules.self)
        requireSendable(RedirectRulesError.self)
    }

    @Test func intakeTypesAreSendable() {
        // A link from the system may be handed from a delegate's queue to the main actor.
        requireSendable(IncomingLink.self)
        requireSendable(NotificationPayload.self)
        requireSendable(NotificationLinkKey.self)
        requireSendable(IntakeError.self)
        requireSendable(AssociatedDomains.self)
    }
}
