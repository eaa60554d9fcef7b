import DispatchKit
import DispatchKitManifest
import Foundation

// The code blocks of the doc comments of the universal-link generators
// (Sources/DispatchKitManifest/LinkFiles/AppSiteAssociation.swift, AndroidIntentFilter.swift, AssetLinks.swift, LinkFileError.swift).
enum LinkFilesDoc {
    // snippet: doc-link-file-error
    func serve(_ manifest: RouteManifest) {
        do {
            let association = try AppSiteAssociation(
                for: manifest, appIDs: ["ABCDE12345.com.example.app"], domains: ["https://test.com"])
            print(association.jsonString())
        } catch {
            print(error)  // domain "https://test.com": a URL, not a host name (write test.com)
        }
    }
    // snippet: end

    // snippet: doc-aasa-init
    @MainActor func publish(center: DispatchCenter) throws -> Data {
        let association = try AppSiteAssociation(
            for: center.routeManifest(), appIDs: ["ABCDE12345.com.example.app"], domains: ["test.com"])
        if association.claimsNothing { print("warning: the file opens no link in the app") }
        return association.json()
    }
    // snippet: end

    // snippet: doc-android-init
    @MainActor func androidFilter(center: DispatchCenter) throws -> String {
        let filter = try AndroidIntentFilter(for: center.routeManifest(), hosts: ["test.com"])
        if filter.claimsNothing { print("warning: the filter opens no link in the app") }
        return filter.xmlString()
    }
    // snippet: end

    // snippet: doc-android-schemes-init
    @MainActor func androidFilters(center: DispatchCenter) throws -> String {
        let filter = try AndroidIntentFilter(
            for: center.routeManifest(), hosts: ["test.com"], schemes: ["cono"])
        for note in filter.approximations { print("note: \(note)") }
        return filter.xmlString()  // the https filter, then the cono: one
    }
    // snippet: end

    // snippet: doc-assetlinks-init
    func publishAssetLinks() throws -> Data {
        // `keytool -list -v -keystore release.jks` prints it, after "SHA256:".
        let release =
            "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:"
            + "16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
        let links = try AssetLinks(packageName: "com.example.shop", fingerprints: [release])
        return links.json()  // serve at https://test.com/.well-known/assetlinks.json
    }
    // snippet: end
}
