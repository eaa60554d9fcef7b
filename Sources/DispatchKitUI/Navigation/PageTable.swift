/// Which page each node was made for, so that a navigator finds the node of a page it showed
/// (for ``NavigationStep/remove(_:)``, and to keep the nodes of a ``NavigationStep/setStack(_:)``
/// that are already shown).
///
/// Nodes are held weakly: a view controller the user closed is gone from the table when it is
/// deallocated, and the table never keeps one alive.
struct PageTable<Node: AnyObject> {
    private struct Entry {
        weak var node: Node?
        var page: AnyHashable
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    init() {}

    /// Remembers that `node` shows `page`, replacing what it showed before.
    @_semantics("optimize.sil.specialize.generic.never")
    mutating func remember(_ page: AnyHashable, for node: Node) {
        entries = entries.filter { $0.value.node != nil }
        entries[ObjectIdentifier(node)] = Entry(node: node, page: page)
    }

    /// The page `node` was made for, or `nil` if the table does not know it.
    @_semantics("optimize.sil.specialize.generic.never")
    func page(shownBy node: Node) -> AnyHashable? {
        // An identifier can be reused by a new object once the old one is gone: check it is the same.
        guard let entry = entries[ObjectIdentifier(node)], entry.node === node else { return nil }
        return entry.page
    }

    /// How many live nodes the table knows.
    var liveNodeCount: Int { entries.values.filter { $0.node != nil }.count }
}
