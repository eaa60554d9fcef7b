import DispatchKit

// A naive reference for the fixture's claimants, written from the precedence rules of
// RoutePatternsAndPrecedence.md and sharing no code with the route index (the idea of
// Tests/DispatchKitTests/Patterns/ReferenceRouter.swift, cut down: the fixture's patterns are
// written out by hand as `ReferenceForm`s instead of being parsed).
//
// Order of `claimants(for:)`, per priority from highest:
//   1. the pattern classes that match, by their best form's key, descending; equal keys in
//      registration order;
//   2. then the classes without patterns whose custom `isHit` is true, in registration order.
// Key of a form matching a URL: [scheme rank (1 if the form names one), host rank (literal 3,
// parameter 2, `*` 1, none 0), one rank per URL segment (literal 3, typed 2, untyped 1, wildcard 0),
// terminal (1 without `*`, 0 with)], compared lexicographically. Within a class the best form
// wins, ties to the earlier form, then the earlier pattern.

// Plain structs rather than enums with payloads: a multi-payload enum keeps its case in the spare
// bits of the payload's pointer, where LeakSanitizer cannot see it, so the fixture's static arrays
// were reported as leaks.

struct ReferenceToken {
    enum Kind { case literal, untyped, int, uuid, list }

    var kind: Kind
    /// The literal text, or the parameter name.
    var text: String
    var values: [String] = []

    static func literal(_ text: String) -> Self { Self(kind: .literal, text: text) }
    static func untyped(_ name: String) -> Self { Self(kind: .untyped, text: name) }
    static func int(_ name: String) -> Self { Self(kind: .int, text: name) }
    static func uuid(_ name: String) -> Self { Self(kind: .uuid, text: name) }
    static func list(_ name: String, _ values: [String]) -> Self {
        Self(kind: .list, text: name, values: values)
    }

    var rank: Int {
        switch kind {
        case .literal: return 3
        case .int, .uuid, .list: return 2
        case .untyped: return 1
        }
    }

    var name: String? { kind == .literal ? nil : text }

    func accepts(_ segment: String) -> Bool {
        switch kind {
        case .literal: return segment == text
        case .untyped: return true
        case .int: return ReferenceValues.isInt(segment)
        case .uuid: return ReferenceValues.isUUID(segment)
        case .list: return values.contains(segment)
        }
    }
}

struct ReferenceHost {
    enum Kind { case unconstrained, literal, parameter, any }

    var kind: Kind
    /// The literal host, or the parameter name.
    var text = ""

    static let unconstrained = Self(kind: .unconstrained)
    static let any = Self(kind: .any)
    static func literal(_ host: String) -> Self { Self(kind: .literal, text: host) }
    static func parameter(_ name: String) -> Self { Self(kind: .parameter, text: name) }
}

/// One expansion of a pattern: optional groups resolved.
struct ReferenceForm {
    var scheme: String? = nil
    var host: ReferenceHost = .unconstrained
    var tokens: [ReferenceToken]
    var wildcard = false
}

struct ReferenceMatch {
    var key: [Int]
    var parameters: [String: String]
    var wildcard: [String]?
}

enum ReferenceValues {
    static let digits = Set<Character>("0123456789")
    static let hexDigits = Set<Character>("0123456789abcdefABCDEF")

    /// Optional `-`, ASCII digits, fits `Int64`.
    static func isInt(_ text: String) -> Bool {
        var body = Substring(text)
        var negative = false
        if body.first == "-" {
            negative = true
            body = body.dropFirst()
        }
        guard !body.isEmpty, body.allSatisfy({ digits.contains($0) }) else { return false }
        let significant = String(body.drop(while: { $0 == "0" }))
        let limit = negative ? "9223372036854775808" : "9223372036854775807"
        if significant.count != limit.count { return significant.count < limit.count }
        return significant <= limit
    }

    /// 8-4-4-4-12 hex digits, either case.
    static func isUUID(_ text: String) -> Bool {
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
}

/// `lhs > rhs` lexicographically.
func referenceKeyIsGreater(_ lhs: [Int], _ rhs: [Int]) -> Bool {
    for (left, right) in zip(lhs, rhs) where left != right { return left > right }
    return lhs.count > rhs.count
}

extension ReferenceForm {
    func match(_ url: DispatchURL) -> ReferenceMatch? {
        var key: [Int] = []
        var parameters: [String: String] = [:]
        if let scheme {
            guard url.scheme == scheme else { return nil }
            key.append(1)
        } else {
            key.append(0)
        }
        switch host.kind {
        case .unconstrained:
            key.append(0)
        case .literal:
            guard url.host == host.text else { return nil }
            key.append(3)
        case .parameter:
            guard let value = url.host else { return nil }
            parameters[host.text] = value
            key.append(2)
        case .any:
            guard url.host != nil else { return nil }
            key.append(1)
        }
        let segments = url.paths
        if wildcard {
            guard segments.count >= tokens.count else { return nil }
        } else {
            guard segments.count == tokens.count else { return nil }
        }
        for (token, segment) in zip(tokens, segments) {
            guard token.accepts(segment) else { return nil }
            key.append(token.rank)
            if let name = token.name { parameters[name] = segment }
        }
        var rest: [String]?
        if wildcard {
            rest = Array(segments[tokens.count...])
            key += rest!.map { _ in 0 }
        }
        key.append(wildcard ? 0 : 1)
        return ReferenceMatch(key: key, parameters: parameters, wildcard: rest)
    }
}

/// The best match of one class's patterns (each a list of forms), or nil.
func referenceBest(_ patterns: [[ReferenceForm]], _ url: DispatchURL) -> ReferenceMatch? {
    var best: ReferenceMatch?
    for forms in patterns {
        for form in forms {
            guard let match = form.match(url) else { continue }
            if best.map({ referenceKeyIsGreater(match.key, $0.key) }) ?? true { best = match }
        }
    }
    return best
}

struct ReferenceClaim {
    var activity: DispatchActivity.Type
    /// nil for a custom `isHit` class.
    var match: ReferenceMatch?
}

/// Every claimant of `url` among `routes` (registration order), in the documented order.
@MainActor
func referenceClaimants(_ routes: [FuzzRoute], _ url: DispatchURL) -> [ReferenceClaim] {
    var result: [ReferenceClaim] = []
    for priority in Set(routes.map(\.priority)).sorted(by: >) {
        var matched: [(claim: ReferenceClaim, order: Int)] = []
        var custom: [ReferenceClaim] = []
        for (order, route) in routes.enumerated() where route.priority == priority {
            if let predicate = route.hit.custom {
                if predicate(url) { custom.append(ReferenceClaim(activity: route.activity, match: nil)) }
            } else if let match = referenceBest(route.hit.patterns, url), route.hit.confirm?(url) ?? true {
                matched.append((ReferenceClaim(activity: route.activity, match: match), order))
            }
        }
        matched.sort { lhs, rhs in
            let (left, right) = (lhs.claim.match!.key, rhs.claim.match!.key)
            if left != right { return referenceKeyIsGreater(left, right) }
            return lhs.order < rhs.order
        }
        result += matched.map(\.claim) + custom
    }
    return result
}
