import DispatchKit
import Foundation

// The code blocks of the "Universal links and App Links from the same routes" section of the
// "Route manifest" article (TheRouteManifest.md).

enum GeneratorExamples {
    @MainActor
    static func appSiteAssociation(center: DispatchCenter) throws {
        // snippet: manifest-aasa
        // Throws for an app ID or a domain that is not one (`https://test.com`), or one given twice.
        let association = try AppSiteAssociation(
            for: center.routeManifest(), appIDs: ["ABCDE12345.com.example.cono"], domains: ["test.com"])
        if association.claimsNothing { print("warning: no route is exposed to universal links") }
        // Serve this at https://test.com/.well-known/apple-app-site-association
        try association.json().write(to: URL(fileURLWithPath: "apple-app-site-association"))
        // What the format cannot say exactly, route by route: review it, do not serve it.
        for note in association.approximations { print(note) }
        // snippet: end
    }

    @MainActor
    static func androidIntentFilter(center: DispatchCenter) throws {
        // snippet: manifest-android
        let filter = try AndroidIntentFilter(for: center.routeManifest(), hosts: ["test.com"])
        print(filter.xmlString())  // <intent-filter …> to paste into the activity of AndroidManifest.xml
        for note in filter.approximations { print(note) }
        // With minSdk 31 or later, `syntax: .pathAdvancedPattern` stops a parameter at a slash.
        // snippet: end
    }
}
