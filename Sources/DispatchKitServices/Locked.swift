import Foundation

/// A value that is read and written only while a lock is held.
///
/// An `NSLock` rather than `Synchronization.Mutex`, which needs macOS 15 / iOS 18: the package
/// builds for macOS 10.15 / iOS 13. `@unchecked Sendable`: every access to `value` goes through
/// ``withLock(_:)``.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Keep `body` short, and never call code
    /// that might come back to this lock (a service factory, for one): `NSLock` is not reentrant.
    func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
