import DispatchKit
import Foundation

extension AppSiteAssociation {
    /// The file as JSON text, written the way ``RouteManifest/jsonString()`` writes a manifest: keys
    /// sorted, two-space indentation, one value per line, a final newline, non-ASCII text as
    /// UTF-8. The same routes give the same bytes on every platform, so a committed copy changes
    /// only where the routes do. The notes are not part of it.
    public func jsonString() -> String {
        var text = ""
        SortedJSON(self).write(to: &text, indent: "")
        return text + "\n"
    }

    /// ``jsonString()`` as UTF-8 data: what to serve at `/.well-known/apple-app-site-association`.
    public func json() -> Data {
        Data(jsonString().utf8)
    }
}

/// The file's objects as JSON values.
extension SortedJSON {
    init(_ association: AppSiteAssociation) {
        let details = SortedJSON.object([
            ("appIDs", .array(association.appIDs.map(SortedJSON.string))),
            ("components", .array(association.components.map(SortedJSON.init))),
        ])
        self = .object([("applinks", .object([("details", .array([details]))]))])
    }

    init(_ component: AppSiteAssociation.Component) {
        var fields: [(String, SortedJSON)] = [("/", .string(component.path))]
        if component.isExcluded { fields.append(("exclude", .boolean(true))) }
        if let comment = component.comment { fields.append(("comment", .string(comment))) }
        self = .object(fields)
    }
}
