import DispatchKit
import Foundation

extension AppSiteAssociation {
    /// The file as JSON text, written the way ``RouteManifest/jsonString()`` writes a manifest: keys
    /// sorted, two-space indentation, one value per line, a final newline, non-ASCII text as
    /// UTF-8. The same routes give the same bytes on every platform, so a committed copy changes
    /// only where the routes do. The notes are not part of it.
    public func jsonString() -> String {
        var text = ""
        JSONValue(self).write(to: &text, indent: "")
        return text + "\n"
    }

    /// ``jsonString()`` as UTF-8 data: what to serve at `/.well-known/apple-app-site-association`.
    public func json() -> Data {
        Data(jsonString().utf8)
    }
}

/// A JSON value with sorted keys, written the same way everywhere (as the manifest's writer does).
private indirect enum JSONValue {
    case string(String)
    case boolean(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])

    init(_ association: AppSiteAssociation) {
        let details = JSONValue.object([
            ("appIDs", .array(association.appIDs.map(JSONValue.string))),
            ("components", .array(association.components.map(JSONValue.init))),
        ])
        self = .object([("applinks", .object([("details", .array([details]))]))])
    }

    init(_ component: AppSiteAssociation.Component) {
        var fields: [(String, JSONValue)] = [("/", .string(component.path))]
        if component.isExcluded { fields.append(("exclude", .boolean(true))) }
        if let comment = component.comment { fields.append(("comment", .string(comment))) }
        self = .object(fields)
    }

    func write(to text: inout String, indent: String) {
        switch self {
        case .string(let string): Self.write(string, to: &text)
        case .boolean(let boolean): text += boolean ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += indent + "  "
                element.write(to: &text, indent: indent + "  ")
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let fields):
            guard !fields.isEmpty else {
                text += "{}"
                return
            }
            let sorted = fields.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
            text += "{\n"
            for (index, (key, value)) in sorted.enumerated() {
                text += indent + "  "
                Self.write(key, to: &text)
                text += ": "
                value.write(to: &text, indent: indent + "  ")
                text += index == sorted.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    private static func write(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
