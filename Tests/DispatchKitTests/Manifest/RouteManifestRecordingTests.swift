import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

/// The compatibility test's record mode (`DispatchCenter.routeChanges(sinceManifestAt:)`): an app
/// had no documented way to produce the manifest its test compares against. The file missing, or
/// the environment variable set, writes the live manifest and fails with what to do; a file present
/// is compared.
@MainActor
@Suite struct RouteManifestRecordingTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "route-manifest-recording-\(UInt64.random(in: 0...UInt64.max))")

    var file: URL { directory.appendingPathComponent("Manifests/last-release.json") }

    func center(_ patterns: [RoutePattern]) -> DispatchCenter {
        ManifestRelease([ManifestFixture(patterns, exposure: .external)]).center()
    }

    /// The error a call threw, if it threw one.
    func recording(_ body: () throws -> [RouteChange]) -> (any Error)? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingFileIsWrittenAndTheTestFailsSayingToCommitIt() throws {
        let center = center(["/product/:id<int>"])
        let error = recording { try center.routeChangesOrRecording(manifestAt: file, environment: [:]) }
        #expect(
            error as? RouteManifestRecordedError
                == RouteManifestRecordedError(file: file, reason: .fileMissing))
        let written = try RouteManifest(json: Data(contentsOf: file))
        #expect(written == center.routeManifest())
        let message = "\(error.map(String.init(describing:)) ?? "")"
        #expect(message.contains(file.path))
        #expect(message.contains("commit the file"))
    }

    @Test func theEnvironmentVariableRewritesAPresentFileAndFails() throws {
        try center(["/cart"]).routeManifest().json().write(to: makeFolder())
        let center = center(["/product/:id<int>"])
        let error = recording {
            try center.routeChangesOrRecording(
                manifestAt: file, environment: [RouteManifestRecordedError.environmentVariable: "1"])
        }
        #expect(
            error as? RouteManifestRecordedError == RouteManifestRecordedError(file: file, reason: .requested)
        )
        #expect(try RouteManifest(json: Data(contentsOf: file)) == center.routeManifest())
        #expect("\(error.map(String.init(describing:)) ?? "")".contains("unset DISPATCHKIT_RECORD_MANIFEST"))
    }

    @Test func aPresentFileIsComparedWithTheLiveRoutes() throws {
        try center(["/cart", "/product/:id<int>"]).routeManifest().json().write(to: makeFolder())
        let center = center(["/cart"])
        for value in ["0", "", "no"] {
            let changes = try center.routeChangesOrRecording(
                manifestAt: file, environment: [RouteManifestRecordedError.environmentVariable: value])
            #expect(changes.map(\.pattern) == ["/product/:id<int>"])
            #expect(changes.allSatisfy { $0.isBreaking })
        }
        // Nothing was rewritten.
        #expect(try RouteManifest(json: Data(contentsOf: file)).routes.count == 2)
    }

    @Test func aFileThatIsNoManifestIsAnErrorNotARecording() throws {
        try Data("[1, 2]".utf8).write(to: makeFolder())
        let error = recording {
            try center(["/cart"]).routeChangesOrRecording(manifestAt: file, environment: [:])
        }
        #expect(error is RouteManifestError)
    }

    /// Creates the file's folder and returns the file.
    func makeFolder() throws -> URL {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file
    }
}
