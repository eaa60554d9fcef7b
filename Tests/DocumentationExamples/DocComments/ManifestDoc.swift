import DispatchKit

// The code blocks of the doc comments in Sources/DispatchKit/Manifest/.
enum RouteManifestDoc {
    // snippet: doc-route-manifest
    @MainActor func exportRoutes(center: DispatchCenter) -> String {
        let manifest = center.routeManifest()
        return manifest.jsonString()  // sorted keys, stable order: a committed copy diffs cleanly
    }
    // snippet: end
}
