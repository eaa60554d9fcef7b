import DispatchKit

/// A center's observers, which it tells through its outcome listener.
@MainActor
final class ObserverList: DispatchOutcomeListener {
    var observers: [any DispatchObserver] = []

    func dispatch(_ trace: DispatchTrace, endedWith result: DispatchResult, at now: UInt64) {
        let event = DispatchEvent(trace, result: result, now: now)
        // An observer that adds or removes observers changes the list for the next event only.
        for observer in observers { try? observer.observe(event) }
    }
}

extension DispatchEvent {
    @MainActor
    init(_ trace: DispatchTrace, result: DispatchResult, now: UInt64) {
        let kind: Kind
        switch trace.kind {
        case .perform: kind = .perform
        case .makeDestination: kind = .makeDestination
        case .remove: kind = .remove
        }
        self.init(
            kind: kind, url: trace.url, source: trace.source, failure: result.failure,
            activity: result.activity.map { type(of: $0) }, linkCase: result.activity?.request.linkCaseName,
            redirects: trace.redirects,
            decisions: trace.decisions.map { Decision(interceptor: $0.interceptor, decision: $0.decision) },
            duration: Double(now &- trace.start) / 1e9, isNested: trace.isNested)
    }
}
