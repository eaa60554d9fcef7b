import DispatchKit

// A route change reads the same in `print`, in the debugger and in a failed `#expect`, where an
// optional change or an array of changes is shown through `debugDescription`.

extension RouteChange: CustomDebugStringConvertible {
    /// The ``description``: the change in one sentence.
    public var debugDescription: String { description }
}
