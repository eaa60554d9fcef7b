/// A center's weak reference to itself, made once per center and shared by all its requests.
///
/// A `weak var center` in every ``DispatchRequest`` cost side-table atomics on every dispatch:
/// forming the weak reference, and destroying it with the request. A request holds this object
/// strongly instead, which costs one retain and one release. The reference inside is weak, so a
/// request never keeps its center alive, and the center's strong hold on this object is no cycle.
///
/// `@unchecked Sendable`: ``center`` is written once, in `DispatchCenter.init`, before the object
/// is reachable from anywhere else; after that it is only read, and loading a weak reference is
/// thread-safe.
final class CenterReference: @unchecked Sendable {
    /// The center, or `nil` once it has been deallocated.
    weak var center: DispatchCenter?

    init() {}
}
