import Foundation

// How iOS reads the `applinks` section of an apple-app-site-association file, written from Apple's
// documentation and independent of the generator's code:
// - applinks.Details.Components
//   (developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/
//   components-swift.dictionary): the components are read in order and the first that matches
//   decides; `exclude: true` keeps the URL out of the app; a component matches when every key it
//   has matches (`"/"` the path, `"?"` the query, `"#"` the fragment, each defaulting to `*`);
//   `*` matches zero or more characters, `?` exactly one; `caseSensitive` and `percentEncoded`
//   default to `true`.
// - A URL that no component matches is not a universal link.
// Only the path key is evaluated (the generator writes no `"?"`, `"#"` or `percentEncoded`, and the
// reader refuses them); the path is compared percent-encoded, as the link writes it: `%3f` is not
// `%3F`, and a trailing slash is a character like any other.

/// The `details` entry of a parsed file, and the answer for one URL.
struct AppSiteAssociationMatcher {
    struct Component {
        var path: String
        var exclude: Bool
        var caseSensitive: Bool
    }

    let appIDs: [String]
    let components: [Component]

    enum ReadError: Error { case notAFile(String) }

    /// Reads the JSON text of a file the way a server serves it.
    init(json: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        guard let root = object as? [String: Any], let applinks = root["applinks"] as? [String: Any],
            let details = applinks["details"] as? [[String: Any]], details.count == 1,
            let appIDs = details[0]["appIDs"] as? [String],
            let components = details[0]["components"] as? [[String: Any]]
        else { throw ReadError.notAFile(json) }
        self.appIDs = appIDs
        var read: [Component] = []
        for component in components {
            guard component["?"] == nil, component["#"] == nil else { throw ReadError.notAFile("query key") }
            // With `false` the system compares decoded URLs, which Apple leaves unspecified: the
            // generator never writes it, and the matcher does not guess.
            guard component["percentEncoded"] == nil else { throw ReadError.notAFile("percentEncoded") }
            read.append(
                Component(
                    path: component["/"] as? String ?? "*", exclude: component["exclude"] as? Bool ?? false,
                    caseSensitive: component["caseSensitive"] as? Bool ?? true))
        }
        self.components = read
    }

    /// Whether iOS opens the app for a URL with this (percent-encoded) path.
    func claims(path: String) -> Bool {
        for component in components
        where Self.glob(component.path, matches: path, caseSensitive: component.caseSensitive) {
            return !component.exclude
        }
        return false
    }

    /// `*` zero or more characters, `?` one, anything else itself; by dynamic programming over
    /// the positions of both strings.
    static func glob(_ pattern: String, matches text: String, caseSensitive: Bool) -> Bool {
        let pattern = Array(caseSensitive ? pattern : pattern.lowercased())
        let text = Array(caseSensitive ? text : text.lowercased())
        // reachable[j]: the pattern read so far can match text[..<j].
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for token in pattern {
            var next = [Bool](repeating: false, count: text.count + 1)
            switch token {
            case "*":
                var any = false
                for j in 0...text.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            default:
                for j in 0..<text.count where reachable[j] && (token == "?" || text[j] == token) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[text.count]
    }
}
