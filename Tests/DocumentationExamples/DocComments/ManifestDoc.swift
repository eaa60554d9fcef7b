import DispatchKit
import DispatchKitManifest
import Foundation

// The code blocks of the doc comments in Sources/DispatchKit/Manifest/.
enum RouteManifestDoc {
    // snippet: doc-route-manifest
    @MainActor func exportRoutes(center: DispatchCenter) -> String {
        let manifest = center.routeManifest()
        return manifest.jsonString()  // sorted keys, stable order: a committed copy diffs cleanly
    }
    // snippet: end
}

enum RouteChangeDoc {
    // snippet: doc-route-change-widens-exposure
    @MainActor func changesToReview(_ center: DispatchCenter, since lastRelease: RouteManifest)
        -> [RouteChange]
    {
        center.routeChanges(since: lastRelease).filter { $0.isBreaking || $0.widensExposure }
    }
    // snippet: end

    @MainActor func compare(_ center: DispatchCenter, lastReleaseFile: URL) throws -> [RouteChange] {
        // snippet: doc-route-changes-since-manifest-at
        let changes = try center.routeChanges(sinceManifestAt: lastReleaseFile)
        // snippet: end
        return changes
    }
}
