/// A center's interceptors in consultation order — descending priority, equal priorities in the
/// order they were added — with the priority each had when it was added, so that a later change of
/// an interceptor's `priority` cannot reorder the chain under a held request.
struct InterceptorChain {
    private(set) var interceptors: [any DispatchInterceptor] = []
    private var priorities: [Int] = []

    var isEmpty: Bool { interceptors.isEmpty }

    /// Adds `interceptor` with `priority` after those of that priority or higher; `false` if it is
    /// already there. The caller reads the priority: the getter is the app's code, which must not run
    /// while the chain is being changed.
    mutating func insert(_ interceptor: any DispatchInterceptor, priority: Int) -> Bool {
        guard !interceptors.contains(where: { $0 === interceptor }) else { return false }
        let position = priorities.firstIndex { $0 < priority } ?? priorities.endIndex
        interceptors.insertOffThePath(interceptor, at: position)
        priorities.insertOffThePath(priority, at: position)
        return true
    }

    /// Removes `interceptor`; `false` if it was not there.
    mutating func remove(_ interceptor: any DispatchInterceptor) -> Bool {
        guard let position = interceptors.firstIndex(where: { $0 === interceptor }) else { return false }
        interceptors.removeOffThePath(at: position)
        priorities.removeOffThePath(at: position)
        return true
    }

    /// The priority `interceptor` was added with, or `nil` if it is not in the chain.
    func priority(of interceptor: any DispatchInterceptor) -> Int? {
        interceptors.firstIndex { $0 === interceptor }.map { priorities[$0] }
    }

    /// The interceptors consulted after `holder`, which had `priority`: those after it, or, if it
    /// was removed meanwhile, those it outranked.
    func remaining(after holder: any DispatchInterceptor, priority: Int) -> ArraySlice<
        any DispatchInterceptor
    > {
        if let position = interceptors.firstIndex(where: { $0 === holder }) {
            return interceptors[(position + 1)...]
        }
        let start = priorities.firstIndex { $0 < priority } ?? interceptors.endIndex
        return interceptors[start...]
    }
}
