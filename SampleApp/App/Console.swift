import DispatchKit
import DispatchKitEvents
import DispatchKitManifest
import DispatchKitRules
import DispatchKitUI
import Foundation

/// The sample's front door: dispatches URLs the way an app receives deep links, and answers the
/// debugging commands `routes` and `why <url>`.
@MainActor
final class Console {
    static let usage = """
        usage: SampleApp [--from SOURCE] [--events] [--rules FILE] [--flag NAME] [--app-version V] [URL ...]
               SampleApp --export manifest|aasa|android

        With URLs, dispatches each one and prints what happened and the navigation stack.
        Exit status: 0 if every URL was handled, 1 otherwise (a link the login wall still holds at
        exit counts as not handled), 2 for bad usage: an unknown option or option value, an option
        after a URL (options go before URLs), a bare word where a URL goes (commands such as routes
        are read from standard input), --flag without --rules, or anything after --export FORMAT.

        --from SOURCE  where the URLs come from: app (the default), other-app,
                       other-app:BUNDLE-ID, link (a universal link) or notification. Pages that
                       are internal only (log out) refuse URLs from anywhere but the app, and
                       universal links are accepted only on test.com and its subdomains.
        --events       print the DispatchEvent of every dispatch (what analytics would see)
        --rules FILE   load redirect/downgrade rules from a JSON document, such as
                       SampleApp/redirect-rules.json; a document with any problem is refused whole
        --flag NAME    turn on a flag the rules' conditions read (repeatable; needs --rules)
        --app-version V  the app version the rules' conditions read (default 3.1.2)
        --export FORMAT  write one document on standard output instead of dispatching: the route
                       manifest (manifest), the applinks section of apple-app-site-association
                       for test.com (aasa) or the Android App Links intent filters (android);
                       notes on what a format cannot express go to standard error

        Without URLs, reads lines from standard input (on a terminal, after a one-line hint).
        Each line is a URL or a command:
          routes         the registered activities in consultation order, with what each claims
          why <url>      every activity's answer for <url>, and which one wins
          preview <url>  build the page <url> names without opening it (a typed destination)
          back           close the top page (closing the login page drops the link it held)
          stack          print the navigation stack
          from SOURCE    where the next URLs come from (see --from)
          events on|off  print every dispatch event (see --events)
          rules FILE     replace the redirect rules (a refused document keeps the rules in force)
          flag NAME on|off  turn a flag the rules read on or off
          help           this text
        Blank lines and lines starting with "#" are skipped. A line whose first word is bare (only
        letters, digits, "-" and "_") is a command, and an unknown one is an error; any other line
        is a URL (/mine_home, not mine_home).

        Orders need an account: cono://test.com/orders brings up the login page and waits; a
        sign-in (cono://test.com/account/login?user=alice) opens the orders, "back" drops them.

        Downgrade: with --rules SampleApp/redirect-rules.json --flag product-page-broken, product
        links go to their H5 page (https://m.test.com/goods/ID) instead of the native one.

        A link to a deep page brings its parents: cono://test.com/settings/privacy selects the
        Mine tab and shows Settings under Privacy.

        Product, orders, flash-sale and login links are typed: in
        cono://test.com/product/42?tab=reviews, id is read as an Int and tab as details or reviews;
        ?tab=photos, or an id too large for an Int, fails naming the value, and nothing opens.

        Try: cono://test.com/mine_home?uid=42   cono://test.com/product/42?from=push
             cono://test.com/account/login?user=alice&redirect=cono://test.com/settings_home
             https://example.com/docs           cono://test.com/mine_home?uid=%zz
             cono://test.com/product/42?tab=photos
        """

    /// What `--from` and `from` accept, for their error messages.
    private static let sources = "app, other-app, other-app:BUNDLE-ID, link, notification"

    let app: DemoApp
    private let out: (String) -> Void
    private let err: (String) -> Void
    /// How many dispatched URLs were not handled.
    private(set) var failures = 0
    /// Where the URLs being opened come from (`--from`, `from`).
    private var source = DispatchOrigin.app
    /// The holds of links the login wall keeps, until they end.
    private var waiting: Set<ObjectIdentifier> = []
    /// Prints every dispatch event (`--events`, `events`).
    private var printer: EventPrinter?

    /// - Parameters:
    ///   - out: Writes a line to standard output.
    ///   - err: Writes a line to standard error (failures).
    init(app: DemoApp, out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.app = app
        self.out = out
        self.err = err
    }

    /// Dispatches `arguments`, or the lines `readLine` returns until it returns `nil` when there
    /// are no arguments.
    ///
    /// - Parameters:
    ///   - interactive: Standard input is a terminal: without URLs, a hint says what to type.
    /// - Returns: The exit status: 0 if every dispatched URL was handled, 1 otherwise, 2 for a
    ///   usage error.
    func run(arguments: [String], interactive: Bool, readLine: () -> String?) -> Int32 {
        if arguments == ["-h"] || arguments == ["--help"] {
            out(Self.usage)
            return 0
        }
        // Options come first; then arguments are URLs, never commands: a deep link named "routes"
        // must not print routes.
        var rest = arguments[...]
        var flagsWithoutRules: [String] = []
        while let option = rest.first, option.hasPrefix("-"), option != "-" {
            rest.removeFirst()
            switch option {
            case "--from":
                guard let spec = rest.popFirst() else {
                    err("  error: --from needs a source (\(Self.sources))")
                    return 2
                }
                guard setSource(spec) else { return 2 }
            case "--export":
                // One document on standard output and nothing else, for scripts.
                let document: String
                do {
                    guard let format = rest.popFirst(), let exported = try export(format) else {
                        err("  error: --export needs manifest, aasa or android")
                        return 2
                    }
                    document = exported
                } catch {
                    err("  error: \(error)")
                    return 1
                }
                guard rest.isEmpty else {
                    // The document would not depend on them: silently ignoring them would look as
                    // if they had been taken into account.
                    err(
                        "  error: --export writes one document and takes nothing after its format: "
                            + "remove \"\(rest.joined(separator: " ").abbreviated.visible)\"")
                    return 2
                }
                out(document.hasSuffix("\n") ? String(document.dropLast()) : document)
                return 0
            case "--events":
                showEvents(true)
            case "--rules":
                guard let file = rest.popFirst() else {
                    err("  error: --rules needs a file")
                    return 2
                }
                guard loadRules(from: file) else { return 2 }
            case "--flag":
                guard let flag = rest.popFirst(), !flag.isEmpty else {
                    err("  error: --flag needs a name")
                    return 2
                }
                app.center.redirectEnvironment.flags.insert(flag)
                flagsWithoutRules.append(flag)
            case "--app-version":
                guard let text = rest.popFirst(), let version = RedirectRules.Version(text) else {
                    err("  error: --app-version needs a version such as 3.1.2")
                    return 2
                }
                app.center.redirectEnvironment.appVersion = version
            default:
                err("  error: unknown option \"\(option.abbreviated.visible)\" (see --help)")
                return 2
            }
        }
        // Flags are read only by the rules' conditions: without rules they change nothing, and
        // the run would look as if they had been tried.
        if let flag = flagsWithoutRules.first, app.center.redirectRules.rules.isEmpty {
            err(
                "  error: --flag \(flag.abbreviated.visible) changes nothing: only redirect rules read flags, and none are "
                    + "loaded (--rules FILE)"
            )
            return 2
        }
        // A URL never starts with "--": a later argument that does is an option out of place, and
        // dispatching the URLs before it would run them without it.
        if let misplaced = rest.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            let option = misplaced.abbreviated.visible
            err("  error: options go before URLs: move \"\(option)\" before the first URL")
            return 2
        }
        // A bare word is a command's name or a typo, never a link: a URL has a scheme, and a path
        // starts with "/". Commands are read from standard input.
        if let word = rest.first(where: \.isBareWord) {
            err(
                "  error: \"\(word.abbreviated.visible)\" is not a URL (a URL has a scheme, a path starts with "
                    + "\"/\"); commands such as help and routes are read from standard input, see --help")
            return 2
        }
        if rest.isEmpty {
            // Waiting in silence at a prompt looks like a hang; a pipe or a file needs no hint.
            if interactive { err("Type a URL or a command (help lists them); end with Ctrl-D.") }
            while let line = readLine() { handle(line: line) }
        } else {
            for url in rest { open(url) }
        }
        if !waiting.isEmpty {
            failures += waiting.count
            err("  error: \(waiting.count) held link(s) still waiting at exit")
        }
        return failures == 0 ? 0 : 1
    }

    /// The app's routes as a document: the route manifest (JSON), or what the universal-link files
    /// of iOS and Android need. `nil` for an unknown format.
    private func export(_ format: String) throws -> String? {
        switch format {
        case "manifest": return app.center.routeManifest().jsonString()
        case "aasa":
            // The notes are not part of the file: standard error, so that standard output stays
            // one document.
            let association = try AppSiteAssociation(
                for: app.center.routeManifest(), appIDs: ["ABCDE12345.com.example.cono"],
                domains: ["test.com"])
            for note in association.approximations { err("  note: \(note)") }
            return association.jsonString()
        case "android":
            let filter = try AndroidIntentFilter(for: app.center.routeManifest(), hosts: ["test.com"])
            for note in filter.approximations { err("  note: \(note)") }
            return filter.xmlString()
        default: return nil
        }
    }

    /// Replaces the redirect rules with those in `file`; on any problem says what it is, keeps the
    /// rules in force, and returns `false`.
    private func loadRules(from file: String) -> Bool {
        guard !file.isEmpty else {
            err("  usage: rules FILE")
            return false
        }
        do {
            try app.loadRules(from: file)
            let count = app.center.redirectRules.rules.count
            out("  loaded \(count) redirect rule\(count == 1 ? "" : "s") from \(file)")
            return true
        } catch let error as RedirectRulesError {
            let kept =
                app.center.redirectRules.rules.isEmpty
                ? "no rules are in force" : "the rules in force stay"
            err("  error: \(file) refused, \(kept): \(error)")
        } catch {
            err("  error: cannot read \(file): \(error.localizedDescription)")
        }
        return false
    }

    /// Starts or stops printing a line per dispatch event.
    private func showEvents(_ on: Bool) {
        if let printer { app.center.removeObserver(printer) }
        printer = on ? EventPrinter(out: out) : nil
        if let printer { app.center.addObserver(printer) }
    }

    /// Runs one line of standard input: a command or a URL.
    func handle(line: String) {
        let text = line.trimmingSpaces
        if text.isEmpty || text.hasPrefix("#") { return }
        let (command, argument) = text.splitAtFirstSpace
        switch command {
        case "routes": printRoutes()
        case "why": explain(argument)
        case "preview": preview(argument)
        case "back":
            if app.back() == nil { out("  already at the root") }
            out("  stack: \(app.navigator.path)")
        case "rules": _ = loadRules(from: argument)
        case "flag":
            let (name, state) = argument.splitAtFirstSpace
            switch state {
            case "on" where !name.isEmpty:
                app.center.redirectEnvironment.flags.insert(name)
                if app.center.redirectRules.rules.isEmpty {
                    out(
                        "  note: no rules are loaded: the flag matters once rules that read it are (rules FILE)"
                    )
                }
            case "off" where !name.isEmpty: app.center.redirectEnvironment.flags.remove(name)
            default: err("  usage: flag NAME on|off")
            }
        case "events":
            switch argument {
            case "on": showEvents(true)
            case "off": showEvents(false)
            default: err("  usage: events on|off")
            }
        case "stack": out("  stack: \(app.navigator.path)")
        case "from": _ = setSource(argument)
        case "help": out(Self.usage)
        case _ where command.isBareWord:
            // A typo of a command, not a link: a URL has punctuation, and a path starts with "/".
            failures += 1
            err(
                "  error: unknown command \"\(command.abbreviated.visible)\" (help lists the commands; "
                    + "a URL path starts with \"/\")")
        default: open(text)
        }
    }

    /// Dispatches one URL and reports the outcome and the stack.
    func open(_ url: String) {
        out("> \(url.abbreviated.visible)" + (source == .app ? "" : "  (from \(source))"))
        let result: DispatchResult
        if source == .app {
            result = app.center.dispatch(url)
        } else if let link = incomingLink(url) {
            // As the system hands it over: the center sets the source and checks what it can.
            result = app.center.dispatch(link)
        } else {
            failures += 1
            err("  error: invalid URL: Foundation's URL cannot read it, so the system would not hand it over")
            out("  stack: \(app.navigator.path)")
            return
        }
        switch result.failure {
        case nil:
            if let activity = result.activity {
                let chain = activity.request.redirects + [activity.url]
                if chain.count > 1 {
                    out("  redirected: " + chain.map(\.description).joined(separator: " -> "))
                }
                out("  handled by \(type(of: activity))")
            }
        case .held(let hold)?:
            // Not a failure yet: the login wall opens it after a sign-in, or drops it.
            out("  \(DispatchFailure.held(hold))")
            watch(hold, url: result.url)
        case let failure?:
            failures += 1
            err("  error: \(Self.line(for: failure))")
        }
        out("  stack: \(app.navigator.path)")
    }

    /// `failure` as one line a terminal shows as it is. The text of a link's value that did not
    /// decode comes from the URL, untrusted: a newline or a bidi control in it would break or
    /// rearrange the line, and a 16 KB value would push the key and the type off the screen. So
    /// the text is spelled out and abbreviated as the echo of the URL is, and the sentence around
    /// it stays whole: `ProductActivity's link: tab "photos" is not a ProductTab`.
    static func line(for failure: DispatchFailure) -> String {
        guard case .invalidLink(let error) = failure else { return "\(failure)".visible }
        let shown = LinkDecodingError(
            activity: error.activity, key: error.key, text: error.text.map { $0.abbreviated.visible },
            expectedType: error.expectedType, reason: error.reason)
        return "\(DispatchFailure.invalidLink(shown))".visible
    }

    /// `url` the way the system would hand it over from ``source``: with the sending app, as a
    /// universal link, or as the link in a notification's payload.
    private func incomingLink(_ url: String) -> IncomingLink? {
        if source == .notification {
            return .notification(["aps": ["alert": "Tap to open"], "url": url])
        }
        guard let foundationURL = URL(string: url) else { return nil }
        switch source {
        case .external(let application): return .openedURL(foundationURL, sourceApplication: application)
        default: return .universalLink(foundationURL)
        }
    }

    /// Builds the page `url` names, through the same rules as opening it, without navigating.
    func preview(_ url: String) {
        out("> preview \(url.abbreviated.visible)" + (source == .app ? "" : "  (from \(source))"))
        do {
            let page = try app.center.destination(for: url, as: Page.self, source: source)
            out("  preview: \(page)")
        } catch {
            failures += 1
            err("  error: \(Self.line(for: error))")
        }
        out("  stack: \(app.navigator.path)")
    }

    /// Reports how a held link ends, and counts it as a failure unless it was handled.
    private func watch(_ hold: DispatchHold, url: DispatchURL?) {
        let link = url.map { "\($0)" } ?? "?"
        waiting.insert(ObjectIdentifier(hold))
        hold.whenEnded { [self] result in
            waiting.remove(ObjectIdentifier(hold))
            switch result.failure {
            case nil:
                out("  held link \(link) handled by \(result.activity.map { "\(type(of: $0))" } ?? "?")")
            case let failure?:
                failures += 1
                err("  error: held link \(link): \(Self.line(for: failure))")
            }
        }
    }

    /// Reads a `--from` / `from` argument; says what is wrong with it and returns `false` if it is
    /// not a source.
    private func setSource(_ spec: String) -> Bool {
        switch spec {
        case "app": source = .app
        case "other-app": source = .external(application: nil)
        case "link": source = .universalLink
        case "notification": source = .notification
        case _ where spec.hasPrefix("other-app:") && spec.count > "other-app:".count:
            source = .external(application: String(spec.dropFirst("other-app:".count)))
        default:
            err("  error: unknown source \"\(spec)\" (\(Self.sources))")
            return false
        }
        return true
    }

    func printRoutes() {
        out("Registered activities, in consultation order:")
        let activities = app.center.registeredActivities
        let width = activities.map { "\($0)".count }.max() ?? 0
        let priorityWidth = activities.map { "\($0.priority)".count }.max() ?? 0
        for (index, activity) in activities.enumerated() {
            let name = "\(activity)".padding(to: width)
            let priority = "\(activity.priority)".padding(to: priorityWidth)
            out("  \(index + 1). \(name)  priority \(priority)  claims \(Self.claims(of: activity))")
        }
        if let fallback = app.center.fallback {
            out("  fallback: \(fallback)  handles \(Self.claims(of: fallback))")
        }
    }

    /// Every registered activity's answer for `string`, and the winner.
    func explain(_ string: String) {
        guard !string.isEmpty else {
            err("  usage: why <url>")
            return
        }
        let url: DispatchURL
        do {
            url = try DispatchURL(string: string, limits: app.center.urlLimits)
        } catch {
            err("  error: invalid URL: \(error)")
            return
        }
        // What was typed, as `open` echoes it: the parsed form may differ (a lowercased host).
        out("why \(string.abbreviated.visible)")
        let activities = app.center.registeredActivities
        let claimants = app.center.claimants(for: url)
        let width = activities.map { "\($0)".count }.max() ?? 0
        for (index, activity) in activities.enumerated() {
            let name = "\(activity)".padding(to: width)
            let verdict: String
            if activity == claimants.first {
                let parameters = app.center.activity(for: url)?.parameters ?? [:]
                let captured = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                verdict = "yes  <- wins" + (captured.isEmpty ? "" : "  (\(captured.joined(separator: ", ")))")
            } else if claimants.contains(where: { $0 == activity }) {
                verdict = "yes  (would be next if the winner were removed)"
            } else {
                verdict = "no"
            }
            out("  \(index + 1). \(name)  \(verdict)")
        }
        if claimants.isEmpty {
            if let fallback = app.center.fallback {
                out("  no activity claims it: the fallback \(fallback) gets it")
            } else {
                out("  no activity claims it, and there is no fallback")
            }
        }
    }

    /// The class's own words if it has them (its isHit may narrow its patterns), else its patterns.
    private static func claims(of activity: DispatchActivity.Type) -> String {
        if let described = activity as? any RouteDescribing.Type { return described.claims }
        let patterns = activity.patterns
        return patterns.isEmpty ? "(custom isHit)" : patterns.map(\.description).joined(separator: "  ")
    }
}

extension String {
    /// The input as typed, but with controls, invisible and bidi characters and non-space
    /// whitespace spelled `\u{202E}`, so that echoing a hostile link cannot rearrange the terminal.
    /// The first 120 and the last 20 scalars of a long string, with its length between them:
    /// echoed whole, a 17 KB URL would push its one-line answer off the screen.
    var abbreviated: String {
        let scalars = unicodeScalars
        guard scalars.count > 160 else { return self }
        var out = String.UnicodeScalarView(scalars.prefix(120))
        out.append(contentsOf: "…(\(utf8.count) bytes)…".unicodeScalars)
        out.append(contentsOf: scalars.suffix(20))
        return String(out)
    }

    var visible: String {
        var out = ""
        for scalar in unicodeScalars {
            let properties = scalar.properties
            let invisible =
                scalar != " "
                && (properties.isWhitespace || properties.generalCategory == .control
                    || properties.generalCategory == .format || properties.isBidiControl)
            if invisible {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    /// Only letters, digits, "-" and "_": a command's name. Anything else (":", "/", "?", "#",
    /// "=", ".", "%"…) is URL punctuation, and the line is a URL.
    fileprivate var isBareWord: Bool {
        !isEmpty
            && allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    fileprivate var splitAtFirstSpace: (String, String) {
        guard let space = firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (self, "") }
        return (String(self[..<space]), String(self[space...]).trimmingSpaces)
    }

    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// Prints each dispatch event on a line, the way an analytics or logging observer would see it.
@MainActor
final class EventPrinter: DispatchObserver {
    private let out: (String) -> Void

    init(out: @escaping (String) -> Void) { self.out = out }

    func observe(_ event: DispatchEvent) {
        // An event names its failure: untrusted text, spelled out as the console's error lines are.
        out("  event: \(event)".visible)
    }
}
