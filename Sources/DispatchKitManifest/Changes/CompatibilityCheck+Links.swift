import DispatchKit
import Foundation

// The typed links of the links that still reach their activity: the keys of the earlier route's
// link compared with the new route's, and the link decoded by the new release (the center's own
// decoder, or the new manifest's keys).

extension CompatibilityCheck {
    /// Checks the typed link of `url`, an example of the earlier release that `winner` won there
    /// and that reaches the same activity (or the same class, moved) now, as `now` says.
    ///
    /// Each key difference between the two routes' links is reported with this link when it
    /// concerns it: a narrowed key with the link if the new type refuses its value, else with a
    /// link built from it with a value the old type accepted and the new one refuses (an enum's
    /// cases that only the old manifest lists are tried with the new build's link type, when the
    /// check has its `decoder`); a required key with the link if it lacks the key; a removed,
    /// renamed or widened key with the link, which still carries what it did. A key the new
    /// release refuses that no narrowed, required or retyped key explains is a
    /// ``RouteChange/LinkRefusal``.
    mutating func checkLink(
        of winner: ManifestLookup.Winner, at url: DispatchURL, reaching now: ManifestLookup.Arrival
    ) {
        let before = old.manifest.routes[winner.entry]
        let example = url.description
        let newEntry = new.winner(for: url)?.entry
        let newRoute = newEntry.map { new.manifest.routes[$0] }
        var differences: [LinkKeyDifference] = []
        if let newEntry, let newRoute, let oldKeys = before.linkKeys, let newKeys = newRoute.linkKeys {
            let pair = [winner.entry, newEntry]
            let activity = newRoute.activity
            differences =
                keyDifferences[pair]
                ?? LinkKeyDifference.between(
                    oldKeys, newKeys, listed: (before.listedValues, newRoute.listedValues),
                    decoder: { decoder(activity, $0) })
            keyDifferences[pair] = differences
        }
        let match = newRoute.flatMap {
            RoutePattern(stringLiteral: $0.pattern).match(url, unboundedIntegers: $0.link != nil)
        }
        func refusal(of key: String) -> ManifestLookup.KeyRefusal? {
            now.refusals.first { $0.key == key }
        }
        func lacks(_ key: String) -> Bool {
            guard let match else { return false }
            return ManifestLookup.texts(of: key, in: url, match: match) == nil
        }
        var explained: Set<String> = []
        let (pattern, activity) = (before.pattern, before.activity)
        for difference in differences {
            switch difference {
            case .narrowed(let key, let newKey, let refused):
                explained.insert(newKey.name)
                let change = RouteChange.keyNarrowed(
                    RouteChange.KeyNarrowing(
                        pattern: pattern, activity: activity, key: key, newKey: newKey, examples: []))
                if let refusal = refusal(of: newKey.name), refusal.reason != .missing {
                    add(change, link: example)
                } else if let link = witness(
                    for: key, refusedAs: newKey, texts: refused, from: url, winner: winner, reaching: now)
                {
                    add(change, link: link.description)
                }
            case .retyped(let key, let newKey):
                explained.insert(newKey.name)
                let refused = refusal(of: newKey.name).map { $0.reason != .missing } ?? false
                add(
                    .keyRetyped(
                        RouteChange.KeyRetype(
                            pattern: pattern, activity: activity, key: key, newKey: newKey, examples: [])),
                    link: refused ? example : nil)
            case .required(let key, let newKey):
                explained.insert(newKey.name)
                if lacks(newKey.name) {
                    add(
                        .keyRequired(
                            RouteChange.KeyRequirement(
                                pattern: pattern, activity: activity, key: key, newKey: newKey, examples: [])),
                        link: example)
                } else if let key, key.name != newKey.name {
                    // Renamed to a key this link carries (a parameter of the new pattern).
                    add(
                        .keyRemoved(
                            RouteChange.KeyRemoval(
                                pattern: pattern, activity: activity, key: key, newKey: newKey, examples: [])),
                        link: example)
                }
            case .removed(let key, let newKey):
                add(
                    .keyRemoved(
                        RouteChange.KeyRemoval(
                            pattern: pattern, activity: activity, key: key, newKey: newKey, examples: [])),
                    link: example)
            case .widened(let key, let newKey):
                add(
                    .keyWidened(
                        RouteChange.KeyWidening(
                            pattern: pattern, activity: activity, key: key, newKey: newKey, examples: [])),
                    link: example)
            }
        }
        let recorded = newRoute?.linkKeys ?? []
        for refusal in now.refusals where !explained.contains(refusal.key) {
            let error = LinkDecodingError(
                activity: Self.shortName(of: activity), key: refusal.key, text: refusal.text,
                expectedType: recorded.first { $0.name == refusal.key }?.swiftType ?? refusal.expectedType,
                reason: refusal.reason)
            add(
                .linkRefused(
                    RouteChange.LinkRefusal(pattern: pattern, activity: activity, examples: [], error: error)),
                link: example)
        }
    }

    /// A link built from `url` with one of `texts` — values `key` accepted in the earlier release
    /// — in `key`'s place, that reached the activity then, reaches it now and is refused for
    /// `newKey`; `nil` if no text gives one.
    private mutating func witness(
        for key: RouteChange.LinkKey, refusedAs newKey: RouteChange.LinkKey, texts: [String],
        from url: DispatchURL,
        winner: ManifestLookup.Winner, reaching now: ManifestLookup.Arrival
    ) -> DispatchURL? {
        let before = old.manifest.routes[winner.entry]
        guard let pattern = old.compiled[winner.entry], pattern.expansions.indices.contains(winner.form)
        else {
            return nil
        }
        let form = pattern.expansions[winner.form]
        let position = form.firstIndex {
            if case .parameter(key.name, _) = $0 { return true }
            return false
        }
        for text in texts {
            var link: DispatchURL
            switch key.place {
            case .host:
                guard case .parameter(key.name) = pattern.host, !text.isEmpty, text == text.lowercased()
                else { continue }
                link = Self.url(url, host: text)
            case .path where position != nil:
                guard let position, position < url.paths.count, !text.isEmpty,
                    case .parameter(_, let type) = form[position],
                    type?.accepts(text, unboundedIntegers: before.link != nil) ?? true
                else { continue }
                var paths = url.paths
                paths[position] = text
                link = Self.url(url, paths: paths)
            case .path, .query:
                // A parameter of an optional group the link left out is read from the query.
                link = Self.url(url, setting: key.name, to: text)
            case .wildcard:
                // The text's segments (none for "") in place of those of the link's `*`.
                guard !text.hasPrefix("/"), !text.hasSuffix("/"), !text.contains("//"),
                    let rest = RoutePattern(stringLiteral: before.pattern).match(
                        url, unboundedIntegers: before.link != nil)?.wildcard
                else { continue }
                let segments = text.split(separator: "/").map(String.init)
                link = Self.url(url, paths: Array(url.paths.dropLast(rest.count)) + segments)
            }
            guard old.arrival(for: link).reach == .activity(before.activity) else { continue }
            let then = arrival(at: link)
            guard then.reach == now.reach,
                then.refusals.contains(where: { $0.key == newKey.name && $0.reason != .missing })
            else { continue }
            return link
        }
        return nil
    }

    /// `ProductActivity` for `Shop.ProductActivity`: the name a `LinkDecodingError` gives a class.
    static func shortName(of activity: String) -> String {
        activity.split(separator: ".").last.map(String.init) ?? activity
    }

    private static func url(
        _ url: DispatchURL, host: String? = nil, paths: [String]? = nil, query: String? = nil
    )
        -> DispatchURL
    {
        DispatchURL(
            scheme: url.scheme, host: host ?? url.host, port: url.port, paths: paths ?? url.paths,
            query: query ?? Self.query(url.queryItems), fragment: url.fragment)
    }

    /// `url` with the first query item `name` set to `value`, or with one added.
    private static func url(_ url: DispatchURL, setting name: String, to value: String) -> DispatchURL {
        var items = url.queryItems
        if let index = items.firstIndex(where: { $0.name == name }) {
            items[index].value = value
        } else {
            items.append(URLQueryItem(name: name, value: value))
        }
        return Self.url(url, query: Self.query(items))
    }

    /// The query text of `items`, each part escaped so that parsing gives them back.
    private static func query(_ items: [URLQueryItem]) -> String? {
        guard !items.isEmpty else { return nil }
        return items.map { item in
            DispatchURL.escape(item.name, as: .queryPart, asciiOnly: false)
                + (item.value.map { "=" + DispatchURL.escape($0, as: .queryPart, asciiOnly: false) } ?? "")
        }.joined(separator: "&")
    }
}
