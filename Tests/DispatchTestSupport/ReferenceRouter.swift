import DispatchKit

// An independent, deliberately naive reference for route patterns and the route index, for the
// differential tests (DispatchKitTests) and the fuzzer (DispatchFuzz) alike.
//
// Nothing here uses the library's pattern code: patterns are re-parsed from their source text by
// a small parser written from the contract, every optional group is expanded into every form it
// can take, and the precedence rule is evaluated literally (a ranking key per matching expansion,
// then a plain sort). It may be slow; it must be obviously right. `DispatchURL` is used as given
// (URL parsing is not under test here).
//
// The contract, in short:
// - Forms: `/path…` (any scheme, any host, none included) · `//HOST/path…` (any scheme) ·
//   `SCHEME://HOST/path…`. Nothing after the host, or `/` alone, matches only empty `paths`.
// - HOST: literal (lowercased), `:name` (any non-nil host, value = url.host), `*` (any non-nil host).
// - Path tokens: literal · `:name` · `:name<int>` · `:name<uuid>` · `:name<a|b>` · trailing `*` ·
//   optional groups `( /… )`, nestable and repeatable.
// - Key: [schemeRank, hostRank, one rank per URL segment (3 literal, 2 typed, 1 untyped,
//   0 wildcard), terminalRank (1 without `*`)], compared lexicographically, higher wins.
// - Ties: expansion order (each group included before excluded, left to right), then pattern
//   order within a class, then registration order between classes.

/// One path token of an expanded pattern.
package enum ReferenceToken: Hashable, Sendable, CustomStringConvertible {
    case literal(String)
    case untyped(String)
    case int(String)
    case uuid(String)
    case list(String, [String])

    /// Rank of a URL segment consumed by this token.
    package var rank: Int {
        switch self {
        case .literal: return 3
        case .int, .uuid, .list: return 2
        case .untyped: return 1
        }
    }

    package var parameterName: String? {
        switch self {
        case .literal: return nil
        case .untyped(let name), .int(let name), .uuid(let name), .list(let name, _): return name
        }
    }

    package func accepts(_ segment: String) -> Bool {
        switch self {
        case .literal(let text): return segment == text
        case .untyped: return true
        case .int: return ReferenceValues.isInt(segment)
        case .uuid: return ReferenceValues.isUUID(segment)
        case .list(_, let values): return values.contains(segment)
        }
    }

    package var description: String {
        switch self {
        case .literal(let text): return text
        case .untyped(let name): return ":" + name
        case .int(let name): return ":\(name)<int>"
        case .uuid(let name): return ":\(name)<uuid>"
        case .list(let name, let values): return ":\(name)<\(values.joined(separator: "|"))>"
        }
    }
}

/// The value rules of typed parameters, written out by hand.
package enum ReferenceValues {
    package static let digits: Set<Character> = Set("0123456789")
    package static let hexDigits: Set<Character> = Set("0123456789abcdefABCDEF")
    package static let nameCharacters: Set<Character> = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")

    /// Optional leading `-`, then one or more ASCII digits, and the value fits `Int64`.
    package static func isInt(_ text: String) -> Bool {
        var body = Substring(text)
        var negative = false
        if body.first == "-" {
            negative = true
            body = body.dropFirst()
        }
        guard !body.isEmpty, body.allSatisfy({ digits.contains($0) }) else { return false }
        // Range check by hand: strip leading zeros and compare with the decimal limit.
        let significant = String(body.drop(while: { $0 == "0" }))
        let limit = negative ? "9223372036854775808" : "9223372036854775807"
        if significant.count != limit.count { return significant.count < limit.count }
        return significant <= limit  // same length, ASCII digits: string order is numeric order
    }

    /// 8-4-4-4-12 hexadecimal digits separated by dashes, any case.
    package static func isUUID(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count == 36 else { return false }
        for (index, character) in characters.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard character == "-" else { return false }
            } else {
                guard hexDigits.contains(character) else { return false }
            }
        }
        return true
    }

    package static func isName(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { nameCharacters.contains($0) }
    }
}

/// What one pattern gives for one URL: its best matching expansion.
package struct ReferenceMatch: Hashable, Sendable, CustomStringConvertible {
    package var key: [Int]
    package var parameters: [String: String]
    package var wildcard: [String]?
    /// Index of the winning expansion, for messages.
    package var expansion: Int

    package var description: String {
        let parameters = self.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let wildcard = self.wildcard.map { "\($0)" } ?? "nil"
        return "{params [\(parameters.joined(separator: ", "))], wildcard \(wildcard), key \(key)}"
    }
}

/// A route pattern parsed by the reference's own parser.
package struct ReferencePattern: Hashable, Sendable {
    package enum Host: Hashable, Sendable {
        /// Path-only pattern: any host, `nil` included.
        case unconstrained
        case literal(String)
        case parameter(String)
        case any
    }

    package indirect enum Item: Hashable, Sendable {
        case token(ReferenceToken)
        case group([Item])
    }

    package let source: String
    /// Lowercased; `nil` for path-only and `//host` patterns.
    package let scheme: String?
    package let host: Host
    package let items: [Item]
    package let hasWildcard: Bool
    /// Every form the optional groups allow, in tie-break order.
    package let expansions: [[ReferenceToken]]

    /// Parses `source`; the failure is a short reason (for messages only: the library's error
    /// cases are not compared, only valid versus invalid).
    package static func parse(_ source: String) -> Result<ReferencePattern, ReferenceParseError> {
        var parser = ReferenceParser(source)
        return parser.parse()
    }

    /// The pattern's best match against `url`, or `nil` if no expansion matches.
    package func bestMatch(_ url: DispatchURL) -> ReferenceMatch? {
        var schemeRank = 0
        if let scheme {
            guard url.scheme == scheme else { return nil }  // url.scheme nil never matches
            schemeRank = 1
        }
        var hostRank = 0
        var hostParameters: [String: String] = [:]
        switch host {
        case .unconstrained:
            hostRank = 0
        case .literal(let name):
            guard url.host == name else { return nil }
            hostRank = 3
        case .parameter(let name):
            guard let value = url.host else { return nil }
            hostParameters[name] = value
            hostRank = 2
        case .any:
            guard url.host != nil else { return nil }
            hostRank = 1
        }

        let segments = url.paths
        var best: ReferenceMatch?
        for (index, tokens) in expansions.enumerated() {
            if hasWildcard {
                guard segments.count >= tokens.count else { continue }
            } else {
                guard segments.count == tokens.count else { continue }
            }
            var key = [schemeRank, hostRank]
            var parameters = hostParameters
            var matched = true
            for (token, segment) in zip(tokens, segments) {
                guard token.accepts(segment) else {
                    matched = false
                    break
                }
                key.append(token.rank)
                if let name = token.parameterName { parameters[name] = segment }
            }
            guard matched else { continue }
            var wildcard: [String]?
            if hasWildcard {
                let rest = Array(segments[tokens.count...])
                key.append(contentsOf: rest.map { _ in 0 })
                wildcard = rest
            }
            key.append(hasWildcard ? 0 : 1)
            let candidate = ReferenceMatch(
                key: key, parameters: parameters, wildcard: wildcard, expansion: index)
            // Strictly better only: on a tie the earlier expansion stays.
            if best.map({ referenceKeyIsGreater(key, $0.key) }) ?? true { best = candidate }
        }
        return best
    }

    /// The expansions written out, for messages: `[a/:p0, a]`.
    package var expansionsDescription: String {
        "["
            + expansions.map { $0.isEmpty ? "(empty)" : $0.map(\.description).joined(separator: "/") }
            .joined(separator: ", ") + (hasWildcard ? "] + *" : "]")
    }
}

/// `lhs > rhs` lexicographically (keys for one URL all have the same length).
package func referenceKeyIsGreater(_ lhs: [Int], _ rhs: [Int]) -> Bool {
    for (left, right) in zip(lhs, rhs) where left != right { return left > right }
    return lhs.count > rhs.count
}

package struct ReferenceParseError: Error, Hashable, Sendable, CustomStringConvertible {
    package var reason: String
    package var offset: Int
    package var description: String { "\(reason) at \(offset)" }
}

/// A recursive-descent parser of the pattern grammar, from the contract alone.
package struct ReferenceParser {
    private let characters: [Character]
    private let source: String
    private var index = 0
    private var names: [String] = []
    private var sawWildcard = false

    package init(_ source: String) {
        self.source = source
        self.characters = Array(source)
    }

    private func fail(_ reason: String, _ offset: Int? = nil) -> ReferenceParseError {
        ReferenceParseError(reason: reason, offset: offset ?? index)
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    package mutating func parse() -> Result<ReferencePattern, ReferenceParseError> {
        do {
            return .success(try parsePattern())
        } catch let error as ReferenceParseError {
            return .failure(error)
        } catch {
            return .failure(fail("unexpected \(error)"))
        }
    }

    private mutating func parsePattern() throws -> ReferencePattern {
        guard !characters.isEmpty else { throw fail("empty") }
        var scheme: String?
        var host = ReferencePattern.Host.unconstrained
        if characters.starts(with: ["/", "/"]) {
            index = 2
            host = try parseHost()
        } else if characters[0] == "/" || characters[0] == "(" {
            // Path only (an optional group may start the pattern).
        } else {
            guard let separator = findSchemeSeparator() else { throw fail("no leading slash", 0) }
            let name = characters[..<separator]
            guard let first = name.first, first.isASCII, first.isLetter,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else { throw fail("invalid scheme", 0) }
            scheme = String(name).lowercased()
            index = separator + 3
            host = try parseHost()
        }

        let pathStart = index
        var items: [ReferencePattern.Item]
        if characters.count - pathStart == 1, characters[pathStart] == "/" {
            items = []  // `/` alone (after the host or not): empty paths only
            index = characters.count
        } else {
            items = try parseItems(depth: 0)
        }
        guard index == characters.count else { throw fail("trailing text") }

        var seen = Set<String>()
        for name in names {
            guard seen.insert(name).inserted else { throw fail("duplicate parameter \(name)", 0) }
        }
        return ReferencePattern(
            source: source, scheme: scheme, host: host, items: items, hasWildcard: sawWildcard,
            expansions: Self.expand(items[...]))
    }

    private func findSchemeSeparator() -> Int? {
        guard characters.count >= 3 else { return nil }
        for start in 0...(characters.count - 3)
        where characters[start] == ":" && characters[start + 1] == "/" && characters[start + 2] == "/" {
            return start
        }
        return nil
    }

    private mutating func parseHost() throws -> ReferencePattern.Host {
        let start = index
        while let character = current, character != "/", character != "(", character != ")" { index += 1 }
        let text = characters[start..<index]
        guard !text.isEmpty else { throw fail("empty host", start) }
        if text == ["*"] { return .any }
        if text.first == ":" {
            let name = text.dropFirst()
            guard ReferenceValues.isName(Substring(name)) else {
                throw fail("bad host parameter name", start)
            }
            names.append(String(name))
            return .parameter(String(name))
        }
        return .literal(String(text).lowercased())
    }

    private mutating func parseItems(depth: Int) throws -> [ReferencePattern.Item] {
        var items: [ReferencePattern.Item] = []
        while let character = current {
            if sawWildcard { throw fail("text after *") }
            switch character {
            case "/":
                index += 1
                let start = index
                while let next = current, next != "/", next != "(", next != ")" { index += 1 }
                let segment = String(characters[start..<index])
                if segment == "*" {
                    guard depth == 0 else { throw fail("* in a group", start) }
                    sawWildcard = true
                    continue
                }
                items.append(.token(try token(segment, at: start)))
            case "(":
                let open = index
                index += 1
                guard current == "/" else { throw fail("group not starting with /", open) }
                let content = try parseItems(depth: depth + 1)
                guard current == ")" else { throw fail("unbalanced (", open) }
                index += 1
                guard !content.isEmpty else { throw fail("empty group", open) }
                items.append(.group(content))
            case ")":
                guard depth > 0 else { throw fail("unbalanced )") }
                return items
            default:
                throw fail("unexpected \(character)")
            }
        }
        return items
    }

    private mutating func token(_ segment: String, at offset: Int) throws -> ReferenceToken {
        if segment.isEmpty { throw fail("empty segment", offset) }
        if segment == "." || segment == ".." { throw fail("dot segment", offset) }
        guard segment.first == ":" else { return .literal(segment) }
        let body = segment.dropFirst()
        guard let open = body.firstIndex(of: "<") else {
            guard ReferenceValues.isName(body) else { throw fail("bad parameter name", offset) }
            names.append(String(body))
            return .untyped(String(body))
        }
        let name = body[..<open]
        guard ReferenceValues.isName(name) else { throw fail("bad parameter name", offset) }
        guard body.last == ">" else { throw fail("unterminated type", offset) }
        let type = body[body.index(after: open)..<body.index(before: body.endIndex)]
        guard !type.contains("<"), !type.contains(">") else { throw fail("bad type", offset) }
        names.append(String(name))
        switch type {
        case "int": return .int(String(name))
        case "uuid": return .uuid(String(name))
        default:
            guard type.contains("|") else { throw fail("unknown type \(type)", offset) }
            let values = type.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard values.allSatisfy({ !$0.isEmpty }) else { throw fail("empty list value", offset) }
            return .list(String(name), values)
        }
    }

    /// Every form of `items`: for each group, every form with it included, then the form without
    /// it; the first item varies slowest. `(/a)(/b)` gives [a,b], [a], [b], [].
    package static func expand(_ items: ArraySlice<ReferencePattern.Item>) -> [[ReferenceToken]] {
        guard let first = items.first else { return [[]] }
        let rest = expand(items.dropFirst())
        switch first {
        case .token(let token):
            return rest.map { [token] + $0 }
        case .group(let content):
            var forms: [[ReferenceToken]] = []
            for head in expand(content[...]) + [[]] {
                for tail in rest { forms.append(head + tail) }
            }
            return forms
        }
    }
}

// MARK: - The router

/// How a reference route's class answers `isHit(url:)`.
package enum ReferenceHit: Hashable, Sendable {
    /// The default: "one of my patterns matches" (with empty patterns: never).
    case patterns
    /// Empty patterns, custom `isHit`: claims when the predicate holds.
    case custom(ReferencePredicate)
    /// Patterns, plus an `isHit` override that returns `(callsSuper ? super : true) && !predicate`.
    /// It can only veto URLs the patterns found.
    case veto(ReferencePredicate, callsSuper: Bool)
}

/// A URL predicate for a custom or vetoing `isHit` override: a name for messages, which is also
/// what tells two predicates apart, and the test itself, which has to be the override's.
package struct ReferencePredicate: Hashable, Sendable, CustomStringConvertible {
    package let name: String
    private let test: @Sendable (DispatchURL) -> Bool

    package init(_ name: String, _ test: @escaping @Sendable (DispatchURL) -> Bool) {
        self.name = name
        self.test = test
    }

    package func evaluate(_ url: DispatchURL) -> Bool { test(url) }

    package var description: String { name }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Small predicates over the differential tests' alphabet.
    package static let firstIsB = Self("first path == b") { $0.paths.first == "b" }
    package static let atLeastTwo = Self("paths.count >= 2") { $0.paths.count >= 2 }
    package static let hostIsX = Self("host == x") { $0.host == "x" }
    package static let noScheme = Self("scheme == nil") { $0.scheme == nil }
    package static let lastIs1 = Self("last path == 1") { $0.paths.last == "1" }
    package static let always = Self("true") { _ in true }

    /// The predicates above, for random route sets.
    package static let allCases = [firstIsB, atLeastTwo, hostIsX, noScheme, lastIs1, always]
}

/// One registered class as the reference sees it.
package struct ReferenceRoute: Hashable, Sendable {
    /// The fixture slot (class identity).
    package var slot: Int
    package var priority: Int
    package var patterns: [String]
    package var hit: ReferenceHit

    package init(slot: Int, priority: Int, patterns: [String], hit: ReferenceHit) {
        self.slot = slot
        self.priority = priority
        self.patterns = patterns
        self.hit = hit
    }
}

/// A class's answer for one URL: the winning pattern's match.
package struct ReferenceClaim: Hashable, Sendable {
    package var slot: Int
    /// `nil` for a class found by its custom `isHit` (empty patterns).
    package var match: ReferenceMatch?
    package var patternIndex: Int?
}

/// The naive router: evaluates every class, every pattern, every expansion, then sorts.
package struct ReferenceRouter {
    /// In registration order.
    package private(set) var routes: [ReferenceRoute] = []
    private var parsed: [String: Result<ReferencePattern, ReferenceParseError>] = [:]

    package init(_ routes: [ReferenceRoute] = []) {
        for route in routes { register(route) }
    }

    /// Registering a registered slot again is a no-op.
    package mutating func register(_ route: ReferenceRoute) {
        guard !routes.contains(where: { $0.slot == route.slot }) else { return }
        routes.append(route)
        for pattern in route.patterns where parsed[pattern] == nil {
            parsed[pattern] = ReferencePattern.parse(pattern)
        }
    }

    package mutating func unregister(slot: Int) {
        routes.removeAll { $0.slot == slot }
    }

    package func pattern(_ source: String) -> Result<ReferencePattern, ReferenceParseError> {
        parsed[source] ?? ReferencePattern.parse(source)
    }

    /// The best match of a class's patterns: best key, ties to the earlier pattern.
    package func classMatch(_ route: ReferenceRoute, _ url: DispatchURL) -> (
        match: ReferenceMatch, index: Int
    )? {
        var best: (match: ReferenceMatch, index: Int)?
        for (index, source) in route.patterns.enumerated() {
            guard case .success(let pattern) = pattern(source), let match = pattern.bestMatch(url) else {
                continue
            }
            if best.map({ referenceKeyIsGreater(match.key, $0.match.key) }) ?? true { best = (match, index) }
        }
        return best
    }

    /// Every claimant, in the contract's order.
    package func claimants(_ url: DispatchURL) -> [ReferenceClaim] {
        let priorities = Set(routes.map(\.priority)).sorted(by: >)
        var result: [ReferenceClaim] = []
        for priority in priorities {
            let level = routes.filter { $0.priority == priority }  // registration order
            var found: [(claim: ReferenceClaim, order: Int)] = []
            var scanned: [ReferenceClaim] = []
            for (order, route) in level.enumerated() {
                if route.patterns.isEmpty {
                    if case .custom(let predicate) = route.hit, predicate.evaluate(url) {
                        scanned.append(ReferenceClaim(slot: route.slot, match: nil, patternIndex: nil))
                    }
                    continue
                }
                guard let best = classMatch(route, url) else { continue }
                if case .veto(let predicate, _) = route.hit, predicate.evaluate(url) { continue }
                found.append(
                    (ReferenceClaim(slot: route.slot, match: best.match, patternIndex: best.index), order))
            }
            found.sort { lhs, rhs in
                let (left, right) = (lhs.claim.match!.key, rhs.claim.match!.key)
                if left != right { return referenceKeyIsGreater(left, right) }
                return lhs.order < rhs.order
            }
            result += found.map(\.claim) + scanned
        }
        return result
    }
}
