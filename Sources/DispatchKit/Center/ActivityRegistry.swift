/// The registered activity classes: edited by registration, frozen into an ordered snapshot.
///
/// Registration only appends or removes an entry (O(1) amortised / O(n)); the sort into
/// consultation order happens once, in ``ordered()``, which the center calls the first time it
/// needs the order after a change.
struct ActivityRegistry {
    private struct Entry {
        let activity: DispatchActivity.Type
        let priority: Int
        let sequence: Int
    }

    private var entries: [Entry] = []
    private var members: Set<ObjectIdentifier> = []
    private var nextSequence = 0

    /// Adds `activity` with `priority`, its priority read by the caller. Returns `false` if it was
    /// already registered.
    mutating func insert(_ activity: DispatchActivity.Type, priority: Int) -> Bool {
        guard members.insert(ObjectIdentifier(activity)).inserted else { return false }
        entries.append(Entry(activity: activity, priority: priority, sequence: nextSequence))
        nextSequence += 1
        return true
    }

    /// Removes `activity`. Returns `false` if it was not registered.
    mutating func remove(_ activity: DispatchActivity.Type) -> Bool {
        guard members.remove(ObjectIdentifier(activity)) != nil else { return false }
        entries.removeAllOffThePath { $0.activity == activity }
        return true
    }

    /// Consultation order: higher priority first, then registration order.
    func ordered() -> [(activity: DispatchActivity.Type, priority: Int)] {
        entries.sortedByPosition { lhs, rhs in
            lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.sequence < rhs.sequence
        }.map { ($0.activity, $0.priority) }
    }
}
