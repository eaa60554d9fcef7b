import DispatchKit

/// Receives a ``DispatchEvent`` for every dispatch of the centers it was added to.
///
/// Observers are told after the outcome is settled: what an observer does — throw, take its time,
/// dispatch again — does not change the outcome or the event's ``DispatchEvent/duration``. A
/// thrown error is ignored and the other observers are still told. A dispatch an observer makes
/// counts as nested, so an observer that dispatches on every event ends at
/// `DispatchCenter.maximumNestingDepth` instead of recursing for ever.
@MainActor
public protocol DispatchObserver: AnyObject {
    /// Called once per dispatch, on the main actor, in the order observers were added.
    func observe(_ event: DispatchEvent) throws
}
