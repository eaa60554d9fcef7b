import Foundation

extension AssetLinks {
    /// The file as JSON text, written the way ``AppSiteAssociation/jsonString()`` writes its file:
    /// keys sorted, two-space indentation, one value per line, a final newline. The same apps give
    /// the same bytes on every platform, so a committed copy changes only where the apps do.
    public func jsonString() -> String {
        var text = ""
        SortedJSON(self).write(to: &text, indent: "")
        return text + "\n"
    }

    /// ``jsonString()`` as UTF-8 data: what to serve at `/.well-known/assetlinks.json` on each host
    /// of the App Links.
    public func json() -> Data {
        Data(jsonString().utf8)
    }
}

/// The file's statements as JSON values.
extension SortedJSON {
    init(_ links: AssetLinks) {
        self = .array(
            links.apps.map { app in
                .object([
                    ("relation", .array([.string(AssetLinks.relation)])),
                    (
                        "target",
                        .object([
                            ("namespace", .string("android_app")),
                            ("package_name", .string(app.packageName)),
                            ("sha256_cert_fingerprints", .array(app.fingerprints.map(SortedJSON.string))),
                        ])
                    ),
                ])
            })
    }
}
