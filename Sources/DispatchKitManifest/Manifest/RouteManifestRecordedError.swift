import DispatchKit
import Foundation

/// The compatibility test recorded the live routes instead of comparing them: the manifest file
/// was missing, or ``environmentVariable`` asked for a new one.
///
/// ``DispatchKit/DispatchCenter/routeChanges(sinceManifestAt:)`` throws it after writing the center's
/// ``DispatchKit/DispatchCenter/routeManifest()`` to ``file``, so that the test fails and says what to do:
/// commit the file. From then on the test compares the routes with it. An error, so that the test
/// stops there: the recording is what it did, not something that went wrong in the app.
public struct RouteManifestRecordedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the manifest was recorded.
    public enum Reason: Sendable, Hashable {
        /// There was no file: the first run of the test.
        case fileMissing
        /// ``RouteManifestRecordedError/environmentVariable`` was set, and the file was rewritten.
        case requested
    }

    /// The environment variable that asks for a new manifest: `DISPATCHKIT_RECORD_MANIFEST`. Set
    /// to `1` (or `true`, `yes`), the compatibility test overwrites its manifest file with the
    /// live routes and fails; unset it once the file is committed.
    public static let environmentVariable = "DISPATCHKIT_RECORD_MANIFEST"

    /// The file the manifest was written to.
    public let file: URL
    /// Why it was written.
    public let reason: Reason

    /// The news that `file` was recorded; ``DispatchKit/DispatchCenter/routeChanges(sinceManifestAt:)`` makes
    /// these.
    public init(file: URL, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// What happened and what to do, in one line.
    public var description: String {
        switch reason {
        case .fileMissing:
            return "no route manifest at \(file.path), so this build's routes were recorded there: "
                + "commit the file (the manifest of the release it describes); from then on the test "
                + "compares the routes with it"
        case .requested:
            return "\(Self.environmentVariable) is set, so this build's routes were recorded in "
                + "\(file.path): commit the file, then unset \(Self.environmentVariable) to compare "
                + "the routes with it again"
        }
    }

    /// Whether `environment` asks for a recording: the variable set to `1`, `true` or `yes`.
    static func isRequested(in environment: [String: String]) -> Bool {
        guard let value = environment[environmentVariable]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }
}

extension RouteManifestRecordedError: LocalizedError {
    /// The ``description``.
    public var errorDescription: String? { description }
}
