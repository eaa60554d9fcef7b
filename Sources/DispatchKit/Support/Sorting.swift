// DispatchKit sorts at registration, in messages and on a rare path of a dispatch, never in a loop
// that matters for speed; so does DispatchKitUI, in messages. The standard library's sort,
// specialized for each element type, is several kilobytes of machine code per type in every app
// that links DispatchKit; here each sort of elements other than strings sorts their positions
// instead, through one function that is never specialized again.

/// The positions `0..<count` in the order `areInIncreasingOrder` gives, equal ones in their first
/// order (the standard library's sort is stable).
@inline(never)
package func sortedPositions(count: Int, by areInIncreasingOrder: (Int, Int) -> Bool) -> [Int] {
    var positions = Array(0..<count)
    positions.sort(by: areInIncreasingOrder)
    return positions
}

/// `sorted()` for strings, through the same one sort: the standard library's own for strings was
/// 2.4 KB of an app, for a few messages and keys (in each library that sorted strings).
package func sortedTexts(_ texts: [String]) -> [String] {
    sortedPositions(count: texts.count) { texts[$0] < texts[$1] }.map { texts[$0] }
}

extension Array {
    /// The elements in the order `areInIncreasingOrder` gives, equal ones in their first order:
    /// what `sorted(by:)` returns, without a copy of the sort for `Element`.
    func sortedByPosition(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        sortedPositions(count: count) { areInIncreasingOrder(self[$0], self[$1]) }.map { self[$0] }
    }
}
