import DispatchKit

// The filters of the app's own URL schemes: which schemes are accepted, which hosts their filters
// name, and how the notes of several parts are told apart.
extension AndroidIntentFilter {
    /// Schemes that are not an app's own: web links are App Links (``hosts``), and the others
    /// are the browser's or the system's.
    static let reservedSchemes: Set<String> = ["http", "https", "javascript", "data", "file"]

    /// Checks the app's schemes as RFC 3986 writes a scheme (a letter, then letters, digits, `+`,
    /// `-` or `.`) and returns them lowercased: Android compares schemes as written, and the
    /// router reads links' schemes in lowercase, so lowercase is the only spelling both agree on.
    ///
    /// - Throws: ``LinkFileError/invalidScheme(_:problem:)`` or
    ///   ``LinkFileError/repeatedScheme(_:)``.
    package static func checkedSchemes(_ texts: [String]) throws(LinkFileError) -> [String] {
        var schemes: [String] = []
        for text in texts {
            func invalid(_ problem: String) -> LinkFileError { .invalidScheme(text, problem: problem) }
            if let colon = text.firstIndex(of: ":") {
                let name = text[..<colon]
                throw invalid(
                    "a scheme is written without \":\" or \"://\"" + (name.isEmpty ? "" : " (write \(name))"))
            }
            guard let first = text.unicodeScalars.first else {
                throw invalid("empty, where a scheme is needed")
            }
            guard first.isASCII, first.properties.isAlphabetic else {
                throw invalid("a scheme starts with a letter")
            }
            if let bad = text.unicodeScalars.first(where: { !Self.isSchemeScalar($0) }) {
                throw invalid(
                    "\"\(bad.escaped(asASCII: false))\" is not allowed: a scheme holds ASCII letters, digits, "
                        + "\"+\", \"-\" and \".\" only")
            }
            let scheme = text.lowercased()
            if Self.reservedSchemes.contains(scheme) {
                throw invalid(
                    scheme.hasPrefix("http")
                        ? "web links are App Links: give their hosts with the hosts, not a scheme"
                        : "not an app's own scheme")
            }
            guard !schemes.contains(scheme) else { throw .repeatedScheme(text) }
            schemes.append(scheme)
        }
        return schemes
    }

    private static func isSchemeScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "+" || scalar == "-" || scalar == "."
    }

    /// The hosts the filters of `scheme` may name: each host that a route of the scheme names
    /// (`cono://test.com/…`, `//test.com/…`), in manifest order, then every other host (`*`) when
    /// a route matches on any host (a path-only pattern, a `:name` or `*` host). Routes that are
    /// not exposed count too: a filter claims nothing for them, but their links on those hosts are
    /// compared with the filters' claims, for the notes. A host without exposed paths gets no
    /// filter.
    static func domains(of manifest: RouteManifest, scheme: String) -> [LinkDomain] {
        var named: [LinkDomain] = []
        var anyHost = false
        for route in manifest.routes {
            guard case .success(let pattern) = PatternParser.parse(route.pattern),
                pattern.scheme == nil || pattern.scheme == scheme
            else { continue }
            if case .literal(let host) = pattern.host {
                if !named.contains(.named(host)) { named.append(.named(host)) }
            } else {
                anyHost = true
            }
        }
        return named + (anyHost ? [.otherHosts] : [])
    }

    /// The notes of each part (`https`, then each scheme), as they are when there is one part;
    /// with several, a note that not every part has starts with its part's name
    /// (`cono: /product/:id<int> (…): …`), so that it says which filters it is about.
    static func merged(_ parts: [(label: String, notes: [LinkApproximation])]) -> [LinkApproximation] {
        guard parts.count > 1 else { return parts.first?.notes ?? [] }
        var merged: [LinkApproximation] = []
        for (label, notes) in parts {
            for note in notes {
                if parts.allSatisfy({ $0.notes.contains(note) }) {
                    if !merged.contains(note) { merged.append(note) }
                    continue
                }
                merged.append(
                    LinkApproximation(
                        kind: note.kind, pattern: note.pattern, activity: note.activity,
                        description: "\(label): \(note.description)"))
            }
        }
        return merged
    }
}

extension AndroidIntentFilter.Builder {
    /// What a custom scheme's filters cannot say as the router does: capitals in the scheme or the
    /// host, links without a host, and a route that admits some apps only.
    func customSchemeNotes() -> [LinkApproximation] {
        var notes: [LinkApproximation] = []
        var seen: Set<Int> = []
        var anyExposed = false
        for form in forms where form.isExposed && seen.insert(form.routeIndex).inserted {
            anyExposed = true
            func note(_ kind: LinkApproximation.Kind, _ text: String) {
                notes.append(
                    LinkApproximation(
                        kind: kind, pattern: form.route.pattern, activity: form.route.activity,
                        description: "\(form.label): \(text)"))
            }
            if case .success(let pattern) = PatternParser.parse(form.route.pattern), pattern.host == .any {
                note(
                    .claimsLess,
                    "a link without a host (\(scheme):\(form.samplePath)), which the router takes, matches no "
                        + "filter: Android needs a host to match android:host")
            }
            if let applications = form.route.exposure.applications {
                note(
                    .claimsMore,
                    "the router takes its links from \(Prose.list(applications, conjunction: "and")) only; "
                        + "the filter claims them from any app")
            }
        }
        if anyExposed {
            notes.append(
                LinkApproximation(
                    kind: .claimsLess, pattern: nil, activity: "",
                    description:
                        "links that write the scheme or the host with capitals (\(scheme.uppercased())://…), which "
                        + "the router reads in lowercase, match no filter: Android compares both as written"))
        }
        return notes
    }
}
