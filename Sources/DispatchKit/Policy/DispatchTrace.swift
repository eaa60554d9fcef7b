/// What an event needs to know about a dispatch while it runs. Made only when something listens
/// (``DispatchCenter/outcomeListener``, which DispatchKitEvents sets while the center has
/// observers), so that a dispatch nobody watches records nothing.
@MainActor
package final class DispatchTrace {
    /// What the dispatch was to do: execute, make a destination, or remove.
    package enum Kind: Sendable {
        case perform, makeDestination, remove
    }

    /// One interceptor's decision, named after the interceptor's class.
    ///
    /// A class, as it is made once and never changed: as a struct of a string and an enum with
    /// payloads, it had value witnesses of its own (0.6 KB of an app).
    package final class Decision: Sendable {
        package let interceptor: String
        package let decision: DispatchDecision

        init(interceptor: String, decision: DispatchDecision) {
            self.interceptor = interceptor
            self.decision = decision
        }
    }

    package let url: DispatchURL?
    package let source: DispatchOrigin
    package let start: UInt64
    package let isNested: Bool
    package let kind: Kind
    package internal(set) var redirects: [DispatchURL] = []
    package internal(set) var decisions: [Decision] = []

    init(url: DispatchURL?, source: DispatchOrigin, start: UInt64, isNested: Bool, kind: Kind = .perform) {
        self.url = url
        self.source = source
        self.start = start
        self.isNested = isNested
        self.kind = kind
    }
}

/// Who hears how each dispatch ended: DispatchKitEvents' list of a center's observers, set while
/// the list is not empty. DispatchKit itself knows nothing of events.
@MainActor
package protocol DispatchOutcomeListener: AnyObject {
    /// The dispatch of `trace` ended with `result` at `now` (the center's clock). Called in the scope
    /// of the dispatch's source, counted as a nested dispatch.
    func dispatch(_ trace: DispatchTrace, endedWith result: DispatchResult, at now: UInt64)
}
