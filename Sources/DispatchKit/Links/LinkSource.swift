import Foundation

/// What a link is decoded from: what the winning pattern captured, then the query. Read in place:
/// the parameters are the request's own dictionary, and the query is searched for the names the
/// link asks for, decoding only their values.
package struct LinkSource {
    /// The key under which a link finds the segments of the pattern's trailing `*`.
    package static let wildcardKey = "wildcard"

    let parameters: [String: String]
    /// The segments the pattern's `*` matched, or `nil` if it has none.
    let wildcard: [String]?
    /// The query as written (validated, still encoded), or `nil` if there is none.
    let rawQuery: String?

    init(parameters: [String: String], wildcard: [String]?, rawQuery: String?) {
        self.parameters = parameters
        self.wildcard = wildcard
        self.rawQuery = rawQuery
    }

    /// The source of a request: its parameters and wildcard, and its URL's query. Borrowed: an
    /// initializer takes its arguments owned, and a copy of the whole request retained and released
    /// every reference it holds, in the time of every typed dispatch.
    init(_ request: borrowing DispatchRequest) {
        self.init(parameters: request.parameters, wildcard: request.wildcard, rawQuery: request.url.rawQuery)
    }

    /// The text of `key` read as one value: a path parameter's; the wildcard's segments joined with
    /// `/`; the first query item of that name (`""` for `?flag`); `nil` if there is none.
    func text(for key: String) -> String? {
        if let value = parameter(key) { return value }
        if let wildcard, key == Self.wildcardKey { return wildcard.joined(separator: "/") }
        guard let rawQuery else { return nil }
        var values = URLParser.QueryValues(readsAll: false)
        URLParser.values(named: key, in: rawQuery, into: &values)
        return values.first
    }

    /// Every text of `key`, read as a list: a path parameter's one value; the wildcard's segments;
    /// every query item of that name, in order; `nil` if there is none.
    func texts(for key: String) -> [String]? {
        if let value = parameter(key) { return [value] }
        if let wildcard, key == Self.wildcardKey { return wildcard }
        guard let rawQuery else { return nil }
        var values = URLParser.QueryValues(readsAll: true)
        URLParser.values(named: key, in: rawQuery, into: &values)
        return values.all.isEmpty ? nil : values.all
    }

    func contains(_ key: String) -> Bool {
        text(for: key) != nil
    }

    /// The path parameter `key`. A pattern captures a handful: comparing each name costs less than
    /// hashing the key, which a dictionary lookup does even to find nothing.
    @inline(__always)
    private func parameter(_ key: String) -> String? {
        if parameters.count > 4 { return parameters[key] }
        for (name, value) in parameters where name == key { return value }
        return nil
    }

    /// Every key that has a value, each once: parameters, the wildcard, then query names in order.
    var keys: [String] {
        var keys = sortedTexts(Array(parameters.keys))
        if wildcard != nil, parameters[Self.wildcardKey] == nil { keys.append(Self.wildcardKey) }
        let items = rawQuery.map(URLParser.queryItems(in:)) ?? []
        for item in items where !keys.contains(item.name) { keys.append(item.name) }
        return keys
    }
}
