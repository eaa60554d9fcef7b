import DispatchKit

extension DispatchCenter {
    /// Adds an observer: from now on it receives a ``DispatchEvent`` for every dispatch of this
    /// center. Adding one that is already there does nothing.
    public func addObserver(_ observer: any DispatchObserver) {
        let list = outcomeListener as? ObserverList ?? ObserverList()
        guard !list.observers.contains(where: { $0 === observer }) else { return }
        list.observers.append(observer)
        outcomeListener = list
    }

    /// Removes an observer. Removing one that was not added does nothing.
    public func removeObserver(_ observer: any DispatchObserver) {
        guard let list = outcomeListener as? ObserverList else { return }
        list.observers.removeAll { $0 === observer }
        // Without observers the center makes no traces: a dispatch nobody watches records nothing.
        if list.observers.isEmpty { outcomeListener = nil }
    }

    /// The observers, in the order they are told.
    public var observers: [any DispatchObserver] {
        (outcomeListener as? ObserverList)?.observers ?? []
    }
}
