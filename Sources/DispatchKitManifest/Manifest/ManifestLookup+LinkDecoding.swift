import DispatchKit
import Foundation

// Decoding a link from a manifest alone: what a comparison of two manifests knows of the new
// release's typed links. The keys the route records are read from the URL by the decoder's rules
// (the pattern's parameters, then the rest of the path for `wildcard`, then the query), and each
// value is decoded by its recorded type: a type of the decoding table by its own rules, an enum by
// its raw values. A type of the app is taken to accept every text.

extension ManifestLookup {
    /// The keys of `route`'s typed link that `url` does not decode; empty for a route without a
    /// link type.
    func refusals(decoding url: DispatchURL, with route: RouteManifest.Route) -> [KeyRefusal] {
        guard let keys = route.linkKeys,
            let match = RoutePattern(stringLiteral: route.pattern).match(url, unboundedIntegers: true)
        else { return [] }
        var refusals: [KeyRefusal] = []
        for key in keys {
            guard let texts = Self.texts(of: key.name, in: url, match: match) else {
                if key.isOptional == false, !LinkValueKind.isRepeated(key.swiftType) {
                    refusals.append(
                        KeyRefusal(key: key.name, text: nil, reason: .missing, expectedType: key.swiftType))
                }
                continue
            }
            let kind = LinkValueKind(key)
            // An array reads every value; a single value the first item, or the segments of the `*`
            // joined with `/`.
            let values: [String]
            if LinkValueKind.isRepeated(key.swiftType) {
                values = texts
            } else if key.place == .wildcard {
                values = [texts.joined(separator: "/")]
            } else {
                values = Array(texts.prefix(1))
            }
            for text in values {
                guard let reason = kind.refusal(of: text) else { continue }
                refusals.append(
                    KeyRefusal(key: key.name, text: text, reason: reason, expectedType: key.swiftType))
                break
            }
        }
        return refusals
    }

    /// The texts of `key` as the link decoder finds them: a parameter's value, the segments of
    /// the `*` for `wildcard` (none, if it matched none), else every query item of that name;
    /// `nil` if there is none.
    static func texts(of key: String, in url: DispatchURL, match: RouteMatch) -> [String]? {
        if let value = match.parameters[key] { return [value] }
        if key == LinkSource.wildcardKey, let wildcard = match.wildcard { return wildcard }
        let items = url.queryItems.filter { $0.name == key }.map { $0.value ?? "" }
        return items.isEmpty ? nil : items
    }
}
