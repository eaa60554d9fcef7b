// Arrays that change only at registration, in messages or on a rare path of a dispatch are
// changed and searched through these: one copy of the code for every element type. The standard
// library's `append`, `insert`, `remove` and `contains` are specialized for each element type they
// are used with, a few hundred bytes each in every app that links DispatchKit. The dispatch path
// and the index build keep the standard library's own, which are faster for their types. The other
// libraries of the package use them for the same kind of array.

extension Array {
    /// `append(_:)`, through one copy of the code for every element type.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    package mutating func appendOffThePath(_ element: Element) {
        append(element)
    }

    /// `insert(_:at:)`, through one copy of the code for every element type.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    package mutating func insertOffThePath(_ element: Element, at index: Int) {
        insert(element, at: index)
    }

    /// `remove(at:)`, through one copy of the code for every element type.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    package mutating func removeOffThePath(at index: Int) {
        remove(at: index)
    }

    /// `removeAll(where:)`, through one copy of the code for every element type.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    package mutating func removeAllOffThePath(where shouldBeRemoved: (Element) -> Bool) {
        removeAll(where: shouldBeRemoved)
    }
}

extension Array where Element: Equatable {
    /// `contains(_:)`, through one copy of the code for every element type.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    package func containsOffThePath(_ element: Element) -> Bool {
        contains(element)
    }
}
