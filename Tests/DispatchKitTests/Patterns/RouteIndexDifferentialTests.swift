import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

// Differential tests: the route index (and `RoutePattern.match`) against the naive reference in
// Tests/DispatchTestSupport/ReferenceRouter.swift, on random route sets and URLs drawn from a small
// alphabet so that patterns overlap, with a fixed seed. A mismatch is shrunk (classes, patterns,
// priorities and isHit overrides removed while it persists) and reported with the seed, the case,
// the route set in registration order, the URL, and expected versus actual.
//
// Environment overrides for exploration (never needed in CI):
//   DIFFERENTIAL_SEED=<UInt64>  DIFFERENTIAL_CASES=<Int>  DIFFERENTIAL_DUMP=<path prefix> (all mismatches)

// MARK: - Generators

enum DifferentialAlphabet {
    static let literals = ["a", "b", "c", "1", "2"]
    static let uuidLower = "0f8fad5b-d9cb-469f-a165-70867728950e"
    static let uuidUpper = "7C9E6679-7425-40DE-944B-E07FC1F90AE7"
    static let uuidMixed = "7c9E6679-7425-40de-944B-e07fc1f90ae7"
    /// Segments that exercise the typed rules and decoding.
    static let special = [
        "-3", "0", "01", "-0", "42", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "-", "+1", "1.5", "A", "x", "%61", "a%2Fb",
        "%E4%B8%AD", "１２", "٣", uuidLower, uuidUpper, uuidMixed, "0f8fad5b-d9cb-469f-a165-70867728950",
        "b%7C1",
    ]
    static let ints = ["0", "1", "2", "-3", "42", "007", "9223372036854775807", "-9223372036854775808"]

    /// Patterns that must be rejected (and never match anything).
    static let invalid = [
        "", "a/b", "s:/a", "*", "/a//b", "/./a", "/a/..", "/:", "/:a-b", "/:a/:a", "//:h/:h",
        "//:h/a/:h", "/:a(/:a)", "(/:a)(/b/:a)", "/:k<foo>", "/:k<Int>", "/:k<a|>", "/:k<|a>", "/:k<a||b>",
        "/:k<>", "/:k<int", "/*/a", "/a(/*)", "/*(/a)", "/a/*/*", "(/a", "/a)", "/a()", "(a)", "/a(b)",
        "/(/a))", "//x/a//b", "s://x/:p<uuid>/:p",
    ]
}

/// Random patterns over the small alphabet.
struct DifferentialPatternGenerator {
    var random: SeededRandom
    private var nextName = 0
    private var groups = 0

    init(_ random: SeededRandom) { self.random = random }

    mutating func pattern() -> String {
        if random.chance(0.05) {
            let broken = random.pick(DifferentialAlphabet.invalid)
            // Sometimes behind a valid host prefix.
            if broken.hasPrefix("/"), !broken.hasPrefix("//"), random.chance(0.3) { return "//x" + broken }
            return broken
        }
        nextName = 0
        groups = 0
        let prefix: String
        switch random.int(0...99) {
        case 0..<66: prefix = ""
        case 66..<74: prefix = "//" + random.pick(["x", "y", "X"])
        case 74..<78: prefix = "//:h"
        case 78..<82: prefix = "//*"
        case 82..<92: prefix = random.pick(["s", "t", "S"]) + "://" + random.pick(["x", "y", "X"])
        case 92..<96: prefix = random.pick(["s", "t"]) + "://:h"
        default: prefix = "s://*"
        }
        var path = items(depth: 0)
        if random.chance(0.2) { path += "/*" }
        if path.isEmpty { return prefix.isEmpty ? "/" : prefix }
        return prefix + path
    }

    private mutating func items(depth: Int) -> String {
        let count = depth == 0 ? random.int(0...4) : random.int(1...2)
        var text = ""
        for _ in 0..<count {
            if depth < 2, groups < 4, random.chance(depth == 0 ? 0.25 : 0.15) {
                groups += 1
                text += "(" + items(depth: depth + 1) + ")"
            } else {
                text += "/" + segment()
            }
        }
        return text
    }

    private mutating func name() -> String {
        defer { nextName += 1 }
        return "p\(nextName)"
    }

    private mutating func segment() -> String {
        switch random.int(0...99) {
        case 0..<45: return random.pick(DifferentialAlphabet.literals)
        case 45..<70: return ":" + name()
        case 70..<82: return ":\(name())<int>"
        case 82..<94:
            let values = random.shuffled(DifferentialAlphabet.literals).prefix(random.int(2...3))
            return ":\(name())<\(values.joined(separator: "|"))>"
        default: return ":\(name())<uuid>"
        }
    }
}

/// Random URLs over the same alphabet: half aimed at a registered pattern (then sometimes nudged
/// off it), half blind.
struct DifferentialURLGenerator {
    var random: SeededRandom

    init(_ random: SeededRandom) { self.random = random }

    mutating func url(aimingAt patterns: [ReferencePattern]) -> String {
        if !patterns.isEmpty, random.chance(0.55) { return aimed(random.pick(patterns)) }
        return blind()
    }

    private mutating func randomSegment() -> String {
        random.chance(0.75)
            ? random.pick(DifferentialAlphabet.literals) : random.pick(DifferentialAlphabet.special)
    }

    private mutating func blind() -> String {
        let scheme: String? = random.pick([nil, nil, nil, nil, "s", "s", "s", "t", "t", "S"])
        let host: String? = random.pick([nil, nil, nil, nil, "x", "x", "x", "x", "y", "X"])
        let count = random.pick([0, 1, 1, 2, 2, 2, 3, 3, 4, 5])
        return assemble(scheme: scheme, host: host, segments: (0..<count).map { _ in randomSegment() })
    }

    private mutating func aimed(_ pattern: ReferencePattern) -> String {
        var segments: [String] = []
        for token in random.pick(pattern.expansions) {
            switch token {
            case .literal(let text): segments.append(random.chance(0.05) ? percentEncodeFirst(text) : text)
            case .untyped: segments.append(randomSegment())
            case .int: segments.append(random.pick(DifferentialAlphabet.ints))
            case .uuid:
                segments.append(
                    random.pick([
                        DifferentialAlphabet.uuidLower, DifferentialAlphabet.uuidUpper,
                        DifferentialAlphabet.uuidMixed,
                    ]))
            case .list(_, let values): segments.append(random.pick(values))
            }
        }
        if pattern.hasWildcard {
            for _ in 0..<random.pick([0, 0, 1, 2]) { segments.append(randomSegment()) }
        }
        // Near misses.
        if random.chance(0.2), !segments.isEmpty {
            if random.chance(0.5) {
                segments.removeLast()
            } else {
                segments[random.int(0...(segments.count - 1))] = randomSegment()
            }
        } else if random.chance(0.1) {
            segments.append(randomSegment())
        }

        var scheme: String? = pattern.scheme ?? random.pick([nil, nil, "s", "t"])
        var host: String?
        switch pattern.host {
        case .unconstrained: host = random.pick([nil, nil, "x", "y"])
        case .literal(let name): host = random.chance(0.2) ? name.uppercased() : name
        case .parameter, .any: host = random.pick(["x", "y", "X"])
        }
        if let current = scheme, random.chance(0.15) { scheme = current.uppercased() }
        if random.chance(0.08) { host = nil }
        if random.chance(0.05) { scheme = nil }
        return assemble(scheme: scheme, host: host, segments: segments)
    }

    private func percentEncodeFirst(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, first.isASCII else { return text }
        return String(format: "%%%02X", first.value) + text.dropFirst()
    }

    private mutating func assemble(scheme: String?, host: String?, segments: [String]) -> String {
        let joined = segments.joined(separator: "/")
        var text: String
        switch (scheme, host) {
        case (let scheme?, let host?):
            text = "\(scheme)://\(host)" + (segments.isEmpty ? (random.chance(0.5) ? "/" : "") : "/" + joined)
        case (let scheme?, nil):
            // `s:/a` (no authority) or `s:///a` (empty authority): both have host nil.
            text = random.chance(0.5) ? "\(scheme):/" + joined : "\(scheme):///" + joined
        case (nil, let host?):
            text = "//\(host)" + (segments.isEmpty ? "" : "/" + joined)
        case (nil, nil):
            text = "/" + joined
        }
        if random.chance(0.2) { text += "?p0=query&h=q&a=1" }
        if random.chance(0.08) { text += "#p1" }
        return text
    }
}

// MARK: - Cases

/// One step of a case, applied in order to the library's center and to the reference.
enum DifferentialStep {
    case register(ReferenceRoute)
    case unregister(slot: Int)
    case query([String])
}

struct DifferentialCase {
    var number: Int
    var seed: UInt64
    var steps: [DifferentialStep]
    /// Every route the case uses (each slot at most once).
    var routes: [ReferenceRoute]
}

/// Builds cases from one seed.
struct DifferentialCaseGenerator {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func makeCase(number: Int) -> DifferentialCase {
        let seed = random.state
        let patternClasses = random.chance(0.5) ? random.int(1...10) : random.int(11...40)
        let customClasses = random.pick([0, 0, 1, 1, 2, 3])
        let emptyClasses = random.pick([0, 0, 0, 1])
        let later = random.chance(0.4) ? random.int(0...2) : 0
        let needed = patternClasses + customClasses + emptyClasses + later
        var slots = random.shuffled(Array(0..<DifferentialTable.slotCount)).prefix(needed)

        var patternGenerator = DifferentialPatternGenerator(random)
        func route(_ slot: Int, kind: Int, _ generator: inout DifferentialPatternGenerator) -> ReferenceRoute
        {
            let priority = generator.random.pick([0, 0, 0, 1, -1])
            switch kind {
            case 0:
                var hit = ReferenceHit.patterns
                if generator.random.chance(0.1) {
                    hit = .veto(
                        generator.random.pick([.firstIsB, .atLeastTwo, .hostIsX, .lastIs1, .always]),
                        callsSuper: generator.random.chance(0.5))
                }
                let patterns = (0..<generator.random.pick([1, 1, 2, 2, 3])).map { _ in generator.pattern() }
                return ReferenceRoute(slot: slot, priority: priority, patterns: patterns, hit: hit)
            case 1:
                let predicate = generator.random.pick(ReferencePredicate.allCases)
                return ReferenceRoute(slot: slot, priority: priority, patterns: [], hit: .custom(predicate))
            default:
                return ReferenceRoute(slot: slot, priority: priority, patterns: [], hit: .patterns)
            }
        }

        var initial: [ReferenceRoute] = []
        for _ in 0..<patternClasses { initial.append(route(slots.removeFirst(), kind: 0, &patternGenerator)) }
        for _ in 0..<customClasses { initial.append(route(slots.removeFirst(), kind: 1, &patternGenerator)) }
        for _ in 0..<emptyClasses { initial.append(route(slots.removeFirst(), kind: 2, &patternGenerator)) }
        var additions: [ReferenceRoute] = []
        for _ in 0..<later { additions.append(route(slots.removeFirst(), kind: 0, &patternGenerator)) }
        random = patternGenerator.random

        initial = random.shuffled(initial)
        var steps = initial.map { DifferentialStep.register($0) }
        if random.chance(0.2), !initial.isEmpty {
            let again = random.pick(initial)
            steps.insert(.register(again), at: random.int(initial.firstIndex(of: again)! + 1...steps.count))
        }

        let parsed = (initial + additions).flatMap(\.patterns).compactMap {
            try? ReferencePattern.parse($0).get()
        }
        var urlGenerator = DifferentialURLGenerator(random)
        steps.append(.query((0..<20).map { _ in urlGenerator.url(aimingAt: parsed) }))
        if later > 0 || random.chance(0.2) {
            let removals = random.shuffled(initial).prefix(random.int(1...2))
            for removed in removals { steps.append(.unregister(slot: removed.slot)) }
            for added in additions { steps.append(.register(added)) }
            // A class registered again after its removal goes to the end of the registration order.
            if random.chance(0.3), let back = removals.first { steps.append(.register(back)) }
            steps.append(.query((0..<10).map { _ in urlGenerator.url(aimingAt: parsed) }))
        }
        random = urlGenerator.random
        return DifferentialCase(number: number, seed: seed, steps: steps, routes: initial + additions)
    }
}

// MARK: - Comparing

struct DifferentialMismatch: CustomStringConvertible {
    /// `claimants`, `dispatch`, `parameters`, `activity(for:)`, `canDispatch`, `match`, `validity`, …
    var kind: String
    var url: String
    var expected: String
    var actual: String
    var routes: [ReferenceRoute]
    var note: String = ""
    var origin: String = ""

    var description: String {
        var lines = ["[\(kind)] \(origin)", "  url:      \(url.debugDescription)"]
        if !routes.isEmpty {
            lines.append("  routes (registration order):")
            lines += routes.map { "    " + differentialDescribe($0) }
        }
        lines.append("  expected: \(expected)")
        lines.append("  actual:   \(actual)")
        if !note.isEmpty { lines.append("  " + note) }
        return lines.joined(separator: "\n")
    }
}

func differentialDescribe(_ route: ReferenceRoute) -> String {
    var text = "#\(route.slot) priority \(route.priority)"
    if !route.patterns.isEmpty {
        text += " patterns [" + route.patterns.map(\.debugDescription).joined(separator: ", ") + "]"
    }
    switch route.hit {
    case .patterns: if route.patterns.isEmpty { text += " (no patterns, default isHit)" }
    case .custom(let predicate): text += " isHit: \(predicate.name)"
    case .veto(let predicate, let callsSuper):
        text += " isHit: \(callsSuper ? "super && " : "")!(\(predicate.name))"
    }
    return text
}

func differentialDescribe(_ parameters: [String: String], _ wildcard: [String]?) -> String {
    let pairs = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.debugDescription)" }
    return "params [\(pairs.joined(separator: ", "))] wildcard \(wildcard.map { "\($0)" } ?? "nil")"
}

/// Library pattern values, parsed once per distinct source string.
@MainActor
enum DifferentialPatterns {
    static var cache: [String: RoutePattern] = [:]

    static func pattern(_ source: String) -> RoutePattern {
        if let pattern = cache[source] { return pattern }
        let pattern = RoutePattern(stringLiteral: source)
        cache[source] = pattern
        return pattern
    }
}

@MainActor
struct DifferentialChecker {
    var mismatches: [DifferentialMismatch] = []
    var counts: [String: Int] = [:]
    var urlChecks = 0
    var patternChecks = 0
    var patternsChecked: Set<String> = []
    var origin = ""
    /// How often the interesting situations came up (so a green run means something).
    var coverage: [String: Int] = [:]

    mutating func record(_ mismatch: DifferentialMismatch) {
        var mismatch = mismatch
        mismatch.origin = origin
        counts[mismatch.kind, default: 0] += 1
        mismatches.append(mismatch)
    }

    /// Sets up the table for `routes` (before any registration).
    static func install(_ routes: [ReferenceRoute]) {
        for route in routes {
            DifferentialTable.entries[route.slot] = DifferentialEntry(
                priority: route.priority, patterns: route.patterns.map(DifferentialPatterns.pattern),
                hit: route.hit)
        }
    }

    /// Runs a case: the same steps on a fresh center and on the reference.
    mutating func run(_ testCase: DifferentialCase) {
        origin = "case \(testCase.number) (generator state 0x\(String(testCase.seed, radix: 16)))"
        Self.install(testCase.routes)
        let center = DispatchCenter()
        // The generator makes invalid patterns on purpose: the reference says they never match.
        center.configurationErrorHandler = { _ in }
        var reference = ReferenceRouter()
        for step in testCase.steps {
            switch step {
            case .register(let route):
                center.register(DifferentialSlots.all[route.slot])
                reference.register(route)
            case .unregister(let slot):
                center.unregister(DifferentialSlots.all[slot])
                reference.unregister(slot: slot)
            case .query(let urls):
                for url in urls { compare(center: center, reference: reference, url: url) }
            }
        }
    }

    /// Checks pattern-level behaviour (validity, description, literal equality) once per source.
    mutating func checkPattern(_ source: String) {
        guard patternsChecked.insert(source).inserted else { return }
        let expected = ReferencePattern.parse(source)
        let thrown: Result<RoutePattern, any Error> = Result { try RoutePattern(source) }
        switch (expected, thrown) {
        case (.success, .failure(let error)):
            record(
                DifferentialMismatch(
                    kind: "validity", url: "-", expected: "\(source.debugDescription) is valid",
                    actual: "init throws \(error)", routes: []))
        case (.failure(let reason), .success):
            record(
                DifferentialMismatch(
                    kind: "validity", url: "-", expected: "\(source.debugDescription) is invalid (\(reason))",
                    actual: "init accepts it", routes: []))
        case (_, .success(let pattern)):
            if pattern != RoutePattern(stringLiteral: source) {
                record(
                    DifferentialMismatch(
                        kind: "literal", url: "-",
                        expected: "RoutePattern(\(source.debugDescription)) == literal",
                        actual: "different", routes: []))
            }
        default: break
        }
        let literal = RoutePattern(stringLiteral: source)
        if literal.description != source {
            record(
                DifferentialMismatch(
                    kind: "description", url: "-", expected: source.debugDescription,
                    actual: literal.description.debugDescription, routes: []))
        }
    }

    /// Per-pattern: `RoutePattern.match` against the reference's best expansion.
    mutating func comparePattern(_ source: String, reference: ReferenceRouter, url: DispatchURL, text: String)
    {
        checkPattern(source)
        patternChecks += 1
        let expected: ReferenceMatch? =
            if case .success(let pattern) = reference.pattern(source) { pattern.bestMatch(url) } else { nil }
        let actual = DifferentialPatterns.pattern(source).match(url)
        let same =
            switch (expected, actual) {
            case (nil, nil): true
            case (let expected?, let actual?):
                expected.parameters == actual.parameters && expected.wildcard == actual.wildcard
            default: false
            }
        guard !same else { return }
        var note = ""
        if case .success(let pattern) = reference.pattern(source) {
            note =
                "expansions \(pattern.expansionsDescription); url paths \(url.paths), "
                + "host \(url.host ?? "nil"), scheme \(url.scheme ?? "nil")"
        }
        record(
            DifferentialMismatch(
                kind: "match", url: text,
                expected: "\(source.debugDescription).match = \(expected.map { "\($0)" } ?? "nil")",
                actual:
                    "\(source.debugDescription).match = "
                    + (actual.map { differentialDescribe($0.parameters, $0.wildcard) } ?? "nil"),
                routes: [], note: note))
    }

    /// The center's answers for one URL against the reference's.
    mutating func compare(center: DispatchCenter, reference: ReferenceRouter, url text: String) {
        guard let url = try? DispatchURL(string: text) else {
            record(
                DifferentialMismatch(
                    kind: "generator", url: text, expected: "a valid URL", actual: "DispatchURL rejects it",
                    routes: []))
            return
        }
        urlChecks += 1
        for route in reference.routes {
            for source in route.patterns {
                comparePattern(source, reference: reference, url: url, text: text)
            }
        }
        for mismatch in Self.centerMismatches(center: center, reference: reference, url: url, text: text) {
            record(mismatch)
        }
        observe(reference: reference, url: url)
    }

    /// Counts the situations a URL check exercised.
    mutating func observe(reference: ReferenceRouter, url: DispatchURL) {
        let claims = reference.claimants(url)
        func count(_ name: String, _ condition: Bool) { if condition { coverage[name, default: 0] += 1 } }
        count("no claimant", claims.isEmpty)
        count("2+ claimants", claims.count >= 2)
        count("4+ claimants", claims.count >= 4)
        count("winner by custom isHit", claims.first.map { $0.match == nil } ?? false)
        let matched = claims.compactMap(\.match)
        count(
            "pattern winner beats a higher-registered pattern claimant",
            claims.count >= 2 && claims[0].match != nil && claims[1].match != nil
                && (reference.routes.firstIndex { $0.slot == claims[0].slot }!
                    > reference.routes.firstIndex { $0.slot == claims[1].slot }!)
        )
        count(
            "equal keys between classes",
            zip(matched, matched.dropFirst()).contains { $0.key == $1.key })
        count("winning expansion not the first", (claims.first?.match?.expansion ?? 0) > 0)
        count("winner has a wildcard", claims.first?.match?.wildcard != nil)
        count("winner's wildcard is empty", claims.first?.match?.wildcard == [])
        count("winner's pattern not its first", (claims.first?.patternIndex ?? 0) > 0)
        count(
            "priority decides",
            Set(claims.map { c in reference.routes.first { $0.slot == c.slot }!.priority }).count > 1)
        var vetoed = false
        var scanned = false
        for route in reference.routes {
            if case .veto(let predicate, _) = route.hit, predicate.evaluate(url),
                reference.classMatch(route, url) != nil
            {
                vetoed = true
            }
            if case .veto(let predicate, _) = route.hit, !predicate.evaluate(url),
                reference.classMatch(route, url) == nil
            {
                scanned = true
            }
        }
        count("a veto declined a pattern match", vetoed)
        count("a vetoing isHit said yes without a pattern match", scanned)
    }

    /// What the center gets wrong for `url`, if anything (empty when it agrees).
    static func centerMismatches(
        center: DispatchCenter, reference: ReferenceRouter, url: DispatchURL, text: String
    ) -> [DifferentialMismatch] {
        var found: [DifferentialMismatch] = []
        let routes = reference.routes
        func add(_ kind: String, _ expected: String, _ actual: String, note: String = "") {
            found.append(
                DifferentialMismatch(
                    kind: kind, url: text, expected: expected, actual: actual, routes: routes, note: note))
        }
        func slotName(_ type: DispatchActivity.Type) -> String {
            differentialSlot(type).map { "#\($0)" } ?? "\(type)"
        }

        let expected = reference.claimants(url)
        let expectedNames = expected.map { "#\($0.slot)" }
        let detail = expected.map { claim -> String in
            guard let match = claim.match else { return "#\(claim.slot) by isHit" }
            return "#\(claim.slot) pattern \(claim.patternIndex!) \(match)"
        }.joined(separator: "; ")

        let actual = center.claimants(for: url).map(slotName)
        if actual != expectedNames {
            add("claimants", "\(expectedNames)", "\(actual)", note: "reference: " + detail)
        }

        let canDispatch = center.canDispatch(url)
        if canDispatch != !expected.isEmpty { add("canDispatch", "\(!expected.isEmpty)", "\(canDispatch)") }

        let winner = expected.first
        let expectedValues = differentialDescribe(winner?.match?.parameters ?? [:], winner?.match?.wildcard)

        let result = center.dispatch(url)
        let dispatched = result.activity.map { slotName(type(of: $0)) }
        if dispatched != winner.map({ "#\($0.slot)" }) {
            add(
                "dispatch", winner.map { "#\($0.slot)" } ?? "unmatched",
                dispatched ?? "unmatched (\(result.failure.map { "\($0)" } ?? "no failure"))")
        } else if let activity = result.activity {
            let values = differentialDescribe(activity.parameters, activity.wildcard)
            if values != expectedValues {
                add(
                    "parameters", expectedValues, values,
                    note: "winner " + (detail.split(separator: ";").first.map(String.init) ?? ""))
            }
        } else if case .unmatched = result.failure {
        } else {
            add("dispatch", "unmatched", "\(result.failure.map { "\($0)" } ?? "handled without an activity")")
        }

        let made = center.activity(for: url)
        let madeName = made.map { slotName(type(of: $0)) }
        if madeName != winner.map({ "#\($0.slot)" }) {
            add("activity(for:)", winner.map { "#\($0.slot)" } ?? "nil", madeName ?? "nil")
        } else if let made {
            let values = differentialDescribe(made.parameters, made.wildcard)
            if values != expectedValues { add("activity(for:).parameters", expectedValues, values) }
        }
        return found
    }

    // MARK: Shrinking

    /// Whether a fresh center with `routes` (registered in this order) still shows `kind` for `url`.
    static func reproduces(_ kind: String, routes: [ReferenceRoute], url text: String) -> Bool {
        guard let url = try? DispatchURL(string: text) else { return false }
        install(routes)
        let center = DispatchCenter()
        center.configurationErrorHandler = { _ in }  // invalid patterns on purpose, as in `run`
        for route in routes { center.register(DifferentialSlots.all[route.slot]) }
        let reference = ReferenceRouter(routes)
        return centerMismatches(center: center, reference: reference, url: url, text: text).contains {
            $0.kind == kind
        }
    }

    /// A smaller route set that still shows the mismatch, or the original if it does not
    /// reproduce on a fresh center (then the registration history matters).
    static func shrink(_ mismatch: DifferentialMismatch) -> DifferentialMismatch {
        guard !mismatch.routes.isEmpty, reproduces(mismatch.kind, routes: mismatch.routes, url: mismatch.url)
        else {
            var unchanged = mismatch
            if !mismatch.routes.isEmpty {
                unchanged.note += " (needs the case's register/unregister history)"
            }
            return unchanged
        }
        var routes = mismatch.routes
        var changed = true
        while changed {
            changed = false
            // Drop whole classes.
            var index = 0
            while index < routes.count {
                var candidate = routes
                candidate.remove(at: index)
                if reproduces(mismatch.kind, routes: candidate, url: mismatch.url) {
                    routes = candidate
                    changed = true
                } else {
                    index += 1
                }
            }
            // Simplify what is left.
            for index in routes.indices {
                var simpler: [ReferenceRoute] = []
                for patternIndex in routes[index].patterns.indices where routes[index].patterns.count > 1 {
                    var route = routes[index]
                    route.patterns.remove(at: patternIndex)
                    simpler.append(route)
                }
                if routes[index].priority != 0 { simpler.append(with(routes[index]) { $0.priority = 0 }) }
                if case .veto = routes[index].hit {
                    simpler.append(with(routes[index]) { $0.hit = .patterns })
                }
                for route in simpler {
                    var candidate = routes
                    candidate[index] = route
                    if reproduces(mismatch.kind, routes: candidate, url: mismatch.url) {
                        routes = candidate
                        changed = true
                        break
                    }
                }
            }
        }
        install(routes)
        let center = DispatchCenter()
        center.configurationErrorHandler = { _ in }  // invalid patterns on purpose, as in `run`
        for route in routes { center.register(DifferentialSlots.all[route.slot]) }
        let url = try! DispatchURL(string: mismatch.url)
        var shrunk =
            centerMismatches(center: center, reference: ReferenceRouter(routes), url: url, text: mismatch.url)
            .first { $0.kind == mismatch.kind } ?? mismatch
        shrunk.origin = mismatch.origin + " — shrunk from \(mismatch.routes.count) classes"
        return shrunk
    }

    private static func with(_ route: ReferenceRoute, _ change: (inout ReferenceRoute) -> Void)
        -> ReferenceRoute
    {
        var route = route
        change(&route)
        return route
    }

    /// Records the first mismatches (shrunk, one per kind first) as test issues.
    func report(limit: Int = 12, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !mismatches.isEmpty else { return }
        Issue.record(
            Comment(rawValue: "[Differential] \(origin): \(summary)"), sourceLocation: sourceLocation)
        // The first mismatch of each kind, then the others in order.
        var firstOfKind: Set<Int> = []
        var kinds: Set<String> = []
        for (index, mismatch) in mismatches.enumerated() where kinds.insert(mismatch.kind).inserted {
            firstOfKind.insert(index)
        }
        let ordered =
            mismatches.indices.filter { firstOfKind.contains($0) }
            + mismatches.indices.filter { !firstOfKind.contains($0) }
        var reported = 0
        var attempts = 0
        var seenSignatures: Set<String> = []
        for index in ordered where reported < limit && attempts < 4 * limit {
            attempts += 1
            let shrunk = Self.shrink(mismatches[index])
            let signature =
                "\(shrunk.kind)|\(shrunk.routes.map { differentialDescribe($0) })|\(shrunk.expected)"
            guard seenSignatures.insert(signature).inserted else { continue }
            reported += 1
            Issue.record(Comment(rawValue: shrunk.description), sourceLocation: sourceLocation)
        }
    }

    /// With `DIFFERENTIAL_DUMP=<path>`, writes every mismatch (unshrunk) to `<path>`, for analysis.
    func dump(suffix: String) {
        guard let path = ProcessInfo.processInfo.environment["DIFFERENTIAL_DUMP"] else { return }
        let text = mismatches.map { "\($0)\n" }.joined(separator: "\n")
        try? text.write(toFile: path + suffix, atomically: true, encoding: .utf8)
    }

    var summary: String {
        let kinds = counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return
            "\(urlChecks) URL checks, \(patternChecks) pattern checks, "
            + "\(patternsChecked.count) distinct patterns, "
            + "\(mismatches.count) mismatches" + (kinds.isEmpty ? "" : " (\(kinds))")
    }

    var coverageSummary: String {
        coverage.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}

// MARK: - Tests

@MainActor
@Suite("Route index differential")
struct RouteIndexDifferentialTests {
    static let seed: UInt64 =
        ProcessInfo.processInfo.environment["DIFFERENTIAL_SEED"].flatMap { UInt64($0) }
        ?? 0x0D15_7A7C_4B17_2025
    static let cases = ProcessInfo.processInfo.environment["DIFFERENTIAL_CASES"].flatMap { Int($0) } ?? 450

    @Test func indexAndPatternsAgreeWithTheReference() {
        var generator = DifferentialCaseGenerator(seed: Self.seed)
        var checker = DifferentialChecker()
        // Not ContinuousClock: the tests keep to the package's deployment floor (iOS 13, macOS
        // 10.15), where it does not exist.
        let elapsed = urlTestSeconds {
            for number in 0..<Self.cases { checker.run(generator.makeCase(number: number)) }
        }
        print(
            "[Differential] seed 0x\(String(Self.seed, radix: 16)), \(Self.cases) route sets: "
                + "\(checker.summary) in \((elapsed * 1000).rounded() / 1000) s"
        )
        print("[Differential] coverage: \(checker.coverageSummary)")
        #expect(checker.urlChecks >= 10_000, "too few URL checks: \(checker.urlChecks)")
        checker.dump(suffix: ".index")
        checker.origin = "seed 0x\(String(Self.seed, radix: 16)), \(Self.cases) route sets"
        checker.report()
    }

    /// Patterns alone, many more of them than the route sets use: validity, description, literal
    /// equality and `match` against the reference.
    @Test func patternMatchAgreesWithTheReference() {
        var random = SeededRandom(seed: Self.seed ^ 0xA5A5_5A5A)
        var checker = DifferentialChecker()
        checker.origin = "pattern sweep"
        var patternGenerator = DifferentialPatternGenerator(random)
        let sources = (0..<1_500).map { _ in patternGenerator.pattern() } + DifferentialAlphabet.invalid
        random = patternGenerator.random
        let parsed = sources.compactMap { try? ReferencePattern.parse($0).get() }
        var urlGenerator = DifferentialURLGenerator(random)
        let urls = (0..<400).map { _ in urlGenerator.url(aimingAt: parsed) }.compactMap { text in
            (try? DispatchURL(string: text)).map { (text, $0) }
        }
        let reference = ReferenceRouter()
        for (index, source) in sources.enumerated() {
            // Each pattern against 12 URLs, most aimed at patterns near it in the list.
            for offset in 0..<12 {
                let (text, url) = urls[(index * 7 + offset * 31) % urls.count]
                checker.comparePattern(source, reference: reference, url: url, text: text)
            }
            // And against URLs aimed at it.
            if case .success(let pattern) = reference.pattern(source) {
                for _ in 0..<4 {
                    let text = urlGenerator.url(aimingAt: [pattern])
                    if let url = try? DispatchURL(string: text) {
                        checker.comparePattern(source, reference: reference, url: url, text: text)
                    }
                }
            }
        }
        print("[Differential] pattern sweep: \(checker.summary)")
        checker.dump(suffix: ".patterns")
        checker.report()
    }
}

// MARK: - The reference checked against the contract's own examples

@Suite("Differential reference self-check")
struct DifferentialReferenceSelfTests {
    func url(_ text: String) throws -> DispatchURL { try DispatchURL(string: text) }

    func match(_ pattern: String, _ text: String) throws -> ReferenceMatch? {
        try ReferencePattern.parse(pattern).get().bestMatch(try url(text))
    }

    @Test func expansionOrderIsIncludedBeforeExcludedLeftToRight() throws {
        let pattern = try ReferencePattern.parse("/the(/foo/:a)(/bar/:b)").get()
        #expect(pattern.expansionsDescription == "[the/foo/:a/bar/:b, the/foo/:a, the/bar/:b, the]")
        let nested = try ReferencePattern.parse("(/a(/b))/c").get()
        #expect(nested.expansionsDescription == "[a/b/c, a/c, c]")
        let two = try ReferencePattern.parse("/x(/:a)(/:b)").get()
        // Both one-group forms match `/x/1` with the same key: the earlier ([x, :a]) wins.
        #expect(try two.bestMatch(url("/x/1"))?.parameters == ["a": "1"])
    }

    @Test func forms() throws {
        #expect(try match("/a", "s://x/a") != nil)
        #expect(try match("/a", "/a") != nil)
        #expect(try match("//x/a", "/a") == nil)
        #expect(try match("//x/a", "//X/a") != nil)
        #expect(try match("//post", "s://post") != nil)
        #expect(try match("//post", "s://post/a") == nil)
        #expect(try match("cono://test.com", "CONO://Test.com/") != nil)
        #expect(try match("S://x/a", "s://x/a") != nil)
        #expect(try match("s://x/a", "//x/a") == nil)
        #expect(try match("/", "t://y") != nil)
        #expect(try match("/", "t://y/a") == nil)
        #expect(try match("//:h/a", "s://Y/a")?.parameters == ["h": "y"])
        #expect(try match("//*/a", "s:/a") == nil)
        #expect(try match("//*/a", "s://q/a")?.parameters == [:])
    }

    @Test func typedParameters() throws {
        #expect(try match("/:n<int>", "/-12") != nil)
        #expect(try match("/:n<int>", "/+12") == nil)
        #expect(try match("/:n<int>", "/-") == nil)
        #expect(try match("/:n<int>", "/9223372036854775807") != nil)
        #expect(try match("/:n<int>", "/9223372036854775808") == nil)
        #expect(try match("/:n<int>", "/-9223372036854775808") != nil)
        #expect(try match("/:n<int>", "/-9223372036854775809") == nil)
        #expect(try match("/:n<int>", "/000000000000000000000001") != nil)
        #expect(try match("/:u<uuid>", "/" + DifferentialAlphabet.uuidUpper) != nil)
        #expect(try match("/:u<uuid>", "/" + DifferentialAlphabet.uuidLower) != nil)
        #expect(try match("/:k<a|1>", "/A") == nil)
        #expect(try match("/:k<a|1>", "/%61")?.parameters == ["k": "a"])
    }

    @Test func keysAndWildcard() throws {
        #expect(try match("/a", "s://x/a")?.key == [0, 0, 3, 1])
        #expect(try match("s://*/:p<int>/*", "s://x/1/b/c")?.key == [1, 1, 2, 0, 0, 0])
        #expect(try match("/a/*", "/a")?.wildcard == [])
        #expect(try match("/a/*", "/a/b/c")?.wildcard == ["b", "c"])
        #expect(try match("/a", "/a")?.wildcard == nil)
        #expect(referenceKeyIsGreater([0, 0, 3, 1], [0, 0, 3, 0]))
    }

    @Test func invalidPatternsAreRejected() {
        for source in DifferentialAlphabet.invalid {
            #expect((try? ReferencePattern.parse(source).get()) == nil, "\(source.debugDescription)")
        }
        for source in ["/", "//x", "s://x", "(/a)/b", "/a(/b(/c))/*", "//:h/:a<int>/:b<uuid>/:c<a|b>", "/*"] {
            #expect((try? ReferencePattern.parse(source).get()) != nil, "\(source.debugDescription)")
        }
    }

    @MainActor
    @Test func claimantOrder() throws {
        let router = ReferenceRouter([
            ReferenceRoute(slot: 0, priority: 0, patterns: ["/a/*"], hit: .patterns),
            ReferenceRoute(slot: 1, priority: 0, patterns: [], hit: .custom(.always)),
            ReferenceRoute(slot: 2, priority: 0, patterns: ["/:x", "/a"], hit: .patterns),
            ReferenceRoute(slot: 3, priority: -1, patterns: ["/a"], hit: .patterns),
            ReferenceRoute(slot: 4, priority: 0, patterns: ["/a"], hit: .veto(.always, callsSuper: false)),
            ReferenceRoute(slot: 5, priority: 1, patterns: ["/b"], hit: .veto(.hostIsX, callsSuper: false)),
            ReferenceRoute(slot: 6, priority: 0, patterns: ["/a"], hit: .patterns),
        ])
        #expect(router.claimants(try url("/a")).map(\.slot) == [2, 6, 0, 1, 3])
        #expect(router.claimants(try url("/a")).first?.patternIndex == 1)
        #expect(router.claimants(try url("//x/b")).map(\.slot) == [2, 1])
    }
}
