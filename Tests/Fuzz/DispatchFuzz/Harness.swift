import DispatchKit
import DispatchKitManifest
import DispatchKitRules
import DispatchTestSupport
import Foundation

// The four modes, chosen by the first byte of the input (`byte % 4`); the rest of the input is
// the payload. Every invariant traps with a message that starts with "DispatchFuzz invariant",
// so a crash report tells a broken invariant from a trap inside the library.

func violated(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never
{
    fatalError("DispatchFuzz invariant: \(message())", file: file, line: line)
}

/// Generous limits for re-parsing a URL's own serialisation: encoding may lengthen it (`+` in a
/// query becomes `%20`), and the input already passed the real limits.
let roomyLimits = DispatchURL.Limits(
    maximumLength: 1 << 22, maximumPathSegments: 1 << 20, maximumQueryItems: 1 << 20)

enum Mode: UInt8, CaseIterable {
    case dispatch = 0
    case parseURL, pattern, rules

    /// `DISPATCHFUZZ_MODE=rules` (or dispatch, parseURL, pattern) runs every input in that mode,
    /// its first byte still taken as the mode byte, so that one mode can be fuzzed or timed alone
    /// with the same corpus files.
    static let pinned: Mode? = ProcessInfo.processInfo.environment["DISPATCHFUZZ_MODE"].flatMap { name in
        allCases.first { "\($0)" == name }
    }

    /// The mode an input runs in.
    init(firstByte: UInt8) {
        self = Mode.pinned ?? Mode(rawValue: firstByte % 4) ?? .dispatch
    }

    /// Whether the mode's inputs go through `DispatchCenter.dispatch`.
    var dispatches: Bool { self == .dispatch || self == .rules }
}

/// Runs one input's payload (the input without its mode byte) in `mode`.
@MainActor
func fuzz(_ payload: ArraySlice<UInt8>, in mode: Mode) {
    switch mode {
    case .dispatch: fuzzDispatch(String(decoding: payload, as: UTF8.self))
    case .parseURL: fuzzParse(String(decoding: payload, as: UTF8.self))
    case .pattern: fuzzPattern(payload)
    case .rules: fuzzRules(Data(payload))
    }
}

// MARK: - Mode 1: DispatchURL(string:)

@discardableResult
func fuzzParse(_ string: String) -> DispatchURL? {
    do {
        let url = try DispatchURL(string: string)
        checkURL(url, from: string)
        checkRawPath(url, from: string)
        return url
    } catch {
        if error.description.isEmpty { violated("empty error description for \(string.debugDescription)") }
        return nil
    }
}

/// The invariants of a parsed URL's path as written: it is the input's own text, and its segments
/// split it without losing or adding anything.
func checkRawPath(_ url: DispatchURL, from input: String) {
    let raw = url.rawPath
    let segments = url.rawPathSegments
    // 1. The path ends where the query or fragment starts; neither "?" nor "#" comes before that.
    let beforeQuery = input.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    if !beforeQuery.reversed().starts(with: raw.utf8.reversed()) {
        violated("rawPath \(raw.debugDescription) is not the path of \(input.debugDescription)")
    }
    // 2. The segments are the raw path split on "/", whose leading "/" separates nothing.
    let joined = segments.joined(separator: "/")
    if raw != joined && raw != "/" + joined {
        violated("rawPathSegments \(segments) do not spell rawPath \(raw.debugDescription)")
    }
    // 3. Each non-empty raw segment gives at most one of `paths` (dot segments give none).
    if segments.count(where: { !$0.isEmpty }) < url.paths.count {
        violated("rawPathSegments \(segments) are fewer than paths \(url.paths)")
    }
}

/// The invariants of a parsed (or built) URL.
func checkURL(_ url: DispatchURL, from input: String) {
    let text = url.description
    // 1. The description parses again to an equal value (with an equal hash) and is a fixed point.
    let again: DispatchURL
    do {
        again = try DispatchURL(string: text, limits: roomyLimits)
    } catch {
        violated("description \(text.debugDescription) of \(input.debugDescription) does not parse: \(error)")
    }
    if again != url {
        violated(
            "description \(text.debugDescription) of \(input.debugDescription) parses to a different URL \(again.description.debugDescription)"
        )
    }
    if again.hashValue != url.hashValue {
        violated("equal URLs with different hashes: \(text.debugDescription)")
    }
    if again.description != text {
        violated(
            "description is not a fixed point: \(text.debugDescription) -> \(again.description.debugDescription)"
        )
    }
    // 2. The Foundation view (the ASCII serialisation) parses to an equal value.
    let foundation = url.url.absoluteString
    guard let viaURL = try? DispatchURL(string: foundation, limits: roomyLimits), viaURL == url else {
        violated(
            "url.absoluteString \(foundation.debugDescription) of \(input.debugDescription) does not give the same URL back"
        )
    }
    // 3. Paths: no empty segment and no dot segment. Decoded values such as "../admin" (from
    //    %2E%2E%2Fadmin) are ordinary; "." and ".." themselves are resolved, raw or encoded.
    for segment in url.paths where segment.isEmpty || segment == "." || segment == ".." {
        violated("paths \(url.paths) of \(input.debugDescription) contain \(segment.debugDescription)")
    }
    if url.firstPath != url.paths.first { violated("firstPath is not paths.first") }
    // 4. Scheme and host are stored lowercased (ASCII; non-ASCII hosts stay as given); ports fit.
    if let scheme = url.scheme, scheme.utf8.contains(where: { (65...90).contains($0) }) || scheme.isEmpty {
        violated("scheme \(scheme.debugDescription) is not lowercased")
    }
    if let host = url.host, host.utf8.contains(where: { (65...90).contains($0) }) {
        violated("host \(host.debugDescription) is not lowercased")
    }
    if let port = url.port, !(0...65535).contains(port) { violated("port \(port) out of range") }
    // 5. `query` holds the first value of each name in `queryItems`.
    let items = url.queryItems
    let query = url.query
    var seen = Set<String>()
    for item in items where seen.insert(item.name).inserted {
        if query[item.name] != (item.value ?? "") {
            violated("query[\(item.name.debugDescription)] is not the first value")
        }
    }
    if query.count != seen.count { violated("query has names queryItems lacks") }
}

// MARK: - Mode 0: dispatch through the fixture

@MainActor
func fuzzDispatch(_ string: String) {
    let center = Fixture.center
    let parsed: DispatchURL
    do {
        parsed = try DispatchURL(string: string, limits: center.urlLimits)
    } catch {
        // An invalid URL is .invalidURL, even with a fallback set.
        let result = center.dispatch(string, source: .external(application: "com.other"))
        guard case .invalidURL = result.failure, !result.isHandled, result.activity == nil else {
            violated("invalid URL \(string.debugDescription) gave \(String(describing: result.failure))")
        }
        return
    }
    checkURL(parsed, from: string)
    checkClaimants(parsed, center: center)

    for source in [DispatchOrigin.app, .external(application: "com.other"), .universalLink] {
        checkOutcome(center.dispatch(string, source: source), url: string)
    }
}

/// The indexed claimants against the reference router, in full order; the winner's parameters
/// and wildcard against the reference's best form; each class's patterns against
/// `RoutePattern.match`, one by one.
@MainActor
func checkClaimants(_ url: DispatchURL, center: DispatchCenter) {
    let actual = center.claimants(for: url)
    let expected = Fixture.reference.claimants(url)
    let expectedClasses = expected.map { Fixture.routes[$0.slot].activity }
    if actual.map(ObjectIdentifier.init) != expectedClasses.map(ObjectIdentifier.init) {
        violated(
            "claimants of \(url.description.debugDescription): index \(actual), reference \(expectedClasses)"
        )
    }
    if center.canDispatch(url) != !actual.isEmpty { violated("canDispatch disagrees with claimants") }
    let activity = center.activity(for: url)
    if let activity, type(of: activity) != (actual.first ?? center.fallback) {
        violated(
            "activity(for:) is \(type(of: activity)), claimants start with \(String(describing: actual.first))"
        )
    }
    if let winner = expected.first, let match = winner.match, let activity {
        if activity.parameters != match.parameters || activity.wildcard != match.wildcard {
            violated(
                "\(Fixture.routes[winner.slot].activity) for \(url.description.debugDescription): parameters \(activity.parameters) wildcard \(String(describing: activity.wildcard)), reference \(match)"
            )
        }
    }
    // The single-pattern matcher agrees with the reference's parse of the same text, pattern by pattern.
    for route in Fixture.routes {
        for pattern in route.activity.patterns {
            let match = pattern.match(url)
            let reference = try? Fixture.reference.pattern(pattern.description).get().bestMatch(url)
            if (match == nil) != (reference == nil)
                || (match.map { ($0.parameters, $0.wildcard) } ?? ([:], nil))
                    != (reference.map { ($0.parameters, $0.wildcard) } ?? ([:], nil))
            {
                violated(
                    "\(pattern) on \(url.description.debugDescription): match \(String(describing: match)), reference \(String(describing: reference))"
                )
            }
        }
    }
}

/// Exactly one outcome; holds end at once (resumed or cancelled, chosen by the URL).
@MainActor
func checkOutcome(_ result: DispatchResult, url: String) {
    if result.isHandled != (result.failure == nil) { violated("result both handled and failed, or neither") }
    if result.isHandled, result.activity == nil { violated("handled without an activity") }
    if case .invalidURL = result.failure { violated("a valid URL \(url.debugDescription) gave .invalidURL") }
    if case .held(let hold) = result.failure {
        let ended = url.utf8.count % 2 == 0 ? hold.resume() : hold.cancel()
        if case .held = ended.failure {
            // Held again (the resumed request went through the gate a second time): end that too.
            if case .held(let again) = ended.failure { again.cancel() }
        }
        if case .holdAlreadyEnded = hold.resume().failure {
        } else {
            violated("a hold resumed twice ran again")
        }
        if hold.state == .pending { violated("a hold still pending after it ended") }
    }
    _ = result.failure?.description
}

// MARK: - Mode 2: RoutePattern parsing and building

/// Payload: the pattern, then optionally NUL and bytes that choose parameter values.
@MainActor
func fuzzPattern(_ payload: ArraySlice<UInt8>) {
    let split = payload.firstIndex(of: 0) ?? payload.endIndex
    let text = String(decoding: payload[..<split], as: UTF8.self)
    var seed = Array(payload[min(split + 1, payload.endIndex)...])
    let pattern: RoutePattern
    do {
        pattern = try RoutePattern(text)
    } catch {
        if error.description.isEmpty { violated("empty pattern error description") }
        if RoutePattern(stringLiteral: text).error != error {
            violated("literal and init disagree on \(text.debugDescription)")
        }
        if RoutePattern(stringLiteral: text).match(fuzzProbeURL) != nil {
            violated("invalid pattern \(text.debugDescription) matches")
        }
        return
    }
    if pattern != RoutePattern(stringLiteral: text) || pattern.error != nil || pattern.description != text {
        violated("literal and init disagree on \(text.debugDescription)")
    }
    _ = pattern.match(fuzzProbeURL)

    // Parameters derived from the input: names and types read from the text.
    let tokens = patternParameters(text)
    var parameters: [String: String] = [:]
    for (index, token) in tokens.enumerated() {
        let byte = next(&seed)
        if byte & 0x80 != 0, index > 0 { continue }  // leave some out: optional groups
        parameters[token.name] = value(for: token, byte: byte, seed: &seed)
    }
    let built: DispatchURL
    do {
        built = try pattern.url(parameters: parameters, query: ["q": "a b&c", "e": ""])
    } catch {
        _ = error.description
        return
    }
    checkURL(built, from: "\(text) built with \(parameters)")
    guard let match = pattern.match(built) else {
        violated(
            "\(text.debugDescription) does not match its own URL \(built.description.debugDescription) built with \(parameters)"
        )
    }
    if text.contains("(") {
        // Round trips are promised only when the groups cannot match one URL two ways.
        ProbeActivity.probed = [pattern]
        let probe = Fixture.probe
        // Registered again, so that validate() reads the patterns this input set.
        probe.unregister(ProbeActivity.self)
        probe.register(ProbeActivity.self)
        let ambiguous = probe.validate().contains { $0.kind == .ambiguousGroups }
        if ambiguous { return }
    }
    var expected = parameters
    for token in tokens where token.isHost { expected[token.name] = expected[token.name]?.lowercased() }
    if match.parameters != expected {
        violated(
            "\(text.debugDescription) built \(built.description.debugDescription) from \(parameters) but matches \(match.parameters)"
        )
    }
    let hasWildcard = text.hasSuffix("/*")
    if match.wildcard != (hasWildcard ? [] : nil) {
        violated(
            "\(text.debugDescription) built \(built.description.debugDescription): wildcard \(String(describing: match.wildcard))"
        )
    }
}

let fuzzProbeURL = try! DispatchURL(string: "cono://test.com/a/b/c?x=1")

struct PatternParameter {
    var name: String
    /// "int", "uuid", a list "a|b", or "" untyped.
    var type: String
    var isHost: Bool
}

/// The parameters of a valid pattern, read from its text: `:name` and `:name<type>` tokens.
func patternParameters(_ text: String) -> [PatternParameter] {
    var result: [PatternParameter] = []
    var rest = Substring(text)
    var hostPart: Substring = ""
    if let range = rest.range(of: "//") {
        let afterSlashes = rest[range.upperBound...]
        let hostEnd = afterSlashes.firstIndex(where: { $0 == "/" || $0 == "(" }) ?? afterSlashes.endIndex
        hostPart = afterSlashes[..<hostEnd]
        rest = afterSlashes[hostEnd...]
    }
    if hostPart.first == ":" {
        result.append(PatternParameter(name: String(hostPart.dropFirst()), type: "", isHost: true))
    }
    for segment in rest.split(whereSeparator: { $0 == "/" || $0 == "(" || $0 == ")" })
    where segment.first == ":" {
        let body = segment.dropFirst()
        if let open = body.firstIndex(of: "<"), body.last == ">" {
            let type = body[body.index(after: open)..<body.index(before: body.endIndex)]
            result.append(PatternParameter(name: String(body[..<open]), type: String(type), isHost: false))
        } else {
            result.append(PatternParameter(name: String(body), type: "", isHost: false))
        }
    }
    return result
}

func next(_ seed: inout [UInt8]) -> UInt8 {
    seed.isEmpty ? 0 : seed.removeFirst()
}

func value(for parameter: PatternParameter, byte: UInt8, seed: inout [UInt8]) -> String {
    if parameter.isHost {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-.")
        let count = 1 + Int(byte % 12)
        return String((0..<count).map { _ in alphabet[Int(next(&seed)) % alphabet.count] })
    }
    switch parameter.type {
    case "int":
        let raw = (0..<8).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(next(&seed)) }
        return byte & 1 == 0 ? String(Int64(bitPattern: raw)) : String(raw % 1000)
    case "uuid":
        let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"
        return byte & 1 == 0 ? uuid : uuid.uppercased()
    case "":
        // Free text from the seed: up to 16 bytes, so values with `/`, `%`, spaces, dots and
        // non-ASCII reach the builder.
        let count = Int(byte % 17)
        let bytes = (0..<count).map { _ in next(&seed) }
        return String(decoding: bytes, as: UTF8.self)
    default:
        let values = parameter.type.split(separator: "|", omittingEmptySubsequences: false)
        return values.isEmpty ? "" : String(values[Int(byte) % values.count])
    }
}

// MARK: - Mode 3: RedirectRules(json:)

@MainActor
func fuzzRules(_ data: Data) {
    let center = Fixture.center
    let before = center.redirectRules
    do {
        center.redirectRules = try RedirectRules(json: data)
    } catch {
        if center.redirectRules != before {
            violated("a rejected rules document replaced the rules in force")
        }
        if error.description.isEmpty { violated("empty rules error description") }
        return
    }
    let rules = center.redirectRules
    defer { center.redirectRules = Fixture.rules }
    if rules.rules.count > RedirectRules.maximumRuleCount {
        violated("more rules than the maximum were accepted")
    }
    for rule in rules.rules where rule.pattern.error != nil || rule.target.error != nil {
        violated("an accepted rule has an invalid pattern: \(rule)")
    }
    _ = rules.description
    // Exercise the accepted rules: a few fixed URLs, and dispatches that go through them.
    let environment = center.redirectEnvironment
    for text in [
        "cono://test.com/product/42", "/item/7", "cono://test.com/help/a/b", "https://x.test.com/a?b=c#f",
    ] {
        guard let url = try? DispatchURL(string: text) else { continue }
        if let (target, index) = rules.redirect(for: url, in: environment) {
            if !rules.rules.indices.contains(index) {
                violated("redirect names rule \(index) of \(rules.rules.count)")
            }
            checkURL(target, from: "redirect of \(text)")
        }
        checkOutcome(center.dispatch(url, source: .app), url: text)
    }
}
