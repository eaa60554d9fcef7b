import DispatchKit
import DispatchKitServices
import DispatchKitUI
import Foundation
import Testing

@testable import SampleApp

/// The console: arguments, standard input, the `routes` and `why` commands, and exit statuses.
@MainActor
struct ConsoleTests {
    private let out = Log()
    private let err = Log()
    private let console: Console

    init() {
        let out = self.out
        let err = self.err
        console = Console(
            app: DemoApp(log: { out.lines.append($0) }),
            out: { out.lines.append($0) }, err: { err.lines.append($0) })
    }

    private func run(_ arguments: [String], input: [String] = [], interactive: Bool = false) -> Int32 {
        var input = input[...]
        return console.run(arguments: arguments, interactive: interactive, readLine: { input.popFirst() })
    }

    @Test func aHandledURLExitsZeroAndPrintsTheTransitionAndTheStack() {
        #expect(run(["cono://test.com/mine_home?uid=42"]) == 0)
        #expect(
            out.lines == [
                "> cono://test.com/mine_home?uid=42",
                "  push MinePage(uid: 42)",
                "  handled by MineDispatchActivity",
                "  stack: Home > MinePage(uid: 42)",
            ])
        #expect(err.lines.isEmpty)
    }

    @Test func anInvalidURLExitsOneWithTheTypedFailureInPlainWords() {
        #expect(run(["cono://test.com/mine_home?uid=%zz"]) == 1)
        #expect(err.lines == [#"  error: invalid URL: malformed percent-escape "%zz" at offset 30"#])
    }

    @Test func aVeryLongURLIsEchoedAbbreviatedWithItsLength() {
        let long = "cono://test.com/" + String(repeating: "a", count: 17_000) + "/end"
        #expect(run([long]) == 1)
        #expect(
            out.lines.first
                == "> cono://test.com/" + String(repeating: "a", count: 104) + "…(17020 bytes)…"
                + String(repeating: "a", count: 16) + "/end")
        #expect(err.lines == ["  error: invalid URL: URL is 17020 bytes long, over the limit of 16384"])
    }

    @Test func oneFailureAmongSeveralURLsMakesTheExitStatusOne() {
        #expect(
            run(["cono://test.com/product/1", "cono://test.com/nowhere", "cono://test.com/mine_home"]) == 1)
        #expect(err.lines.count == 1)
        #expect(console.app.navigator.path == "Home > ProductPage(id: 1) > MinePage(uid: me)")
    }

    /// A deep link named "routes" must not print the routes: an argument is never a command, and a
    /// bare word is refused as a usage error rather than run.
    @Test func argumentsAreNeverCommands() {
        #expect(run(["routes"]) == 2)
        #expect(out.lines.isEmpty)
    }

    @Test func standardInputIsReadLineByLineSkippingBlanksAndComments() {
        let status = run([], input: ["# a comment", "", "  cono://test.com/product/3  ", "back", "stack"])
        #expect(status == 0)
        #expect(
            out.lines == [
                "> cono://test.com/product/3",
                "  push ProductPage(id: 3)",
                "  handled by ProductActivity",
                "  stack: Home > ProductPage(id: 3)",
                "  pop ProductPage(id: 3)",
                "  stack: Home",
                "  stack: Home",
            ])
    }

    @Test func standardInputExitsOneWhenAnyURLFailed() {
        #expect(run([], input: ["cono://test.com/account/logout", "cono://test.com/mine_home"]) == 1)
    }

    /// Regression: an unknown command (a typo such as "frobnicate", or "mine_home" for a path) was
    /// dispatched as a relative URL, and the web fallback's error said nothing about commands.
    @Test func aBareWordThatIsNoCommandIsAnUnknownCommandNotAURL() {
        #expect(run([], input: ["frobnicate", "wyh cono://test.com/product/1", "mine_home"]) == 1)
        #expect(
            err.lines == [
                #"  error: unknown command "frobnicate" (help lists the commands; a URL path starts with "/")"#,
                #"  error: unknown command "wyh" (help lists the commands; a URL path starts with "/")"#,
                #"  error: unknown command "mine_home" (help lists the commands; a URL path starts with "/")"#,
            ])
        #expect(out.lines.isEmpty, "nothing is dispatched")
    }

    /// A line with URL punctuation is a URL, even a broken one: the dispatcher must see it and say
    /// what is wrong with it, rather than the console calling it an unknown command.
    @Test(arguments: [
        "cono://test.com/mine_home?uid=%zz", "/mine_home", "//", "?&&==", "%", "app://[", "x:y",
        "mine_home?uid=7", "a/b", "a=b", "example.com", "a@b", "a&b", "a+b", "a~b", "\u{202E}ab",
    ])
    func aLineWithURLPunctuationIsDispatchedAsAURL(line: String) {
        _ = run([], input: [line])
        #expect(out.lines.first == "> \(line.visible)")
        #expect(!err.lines.contains { $0.contains("unknown command") })
    }

    /// Regression: run without URLs on a terminal, the console waited in silence for input.
    @Test func onATerminalWithoutURLsAHintSaysWhatToType() {
        #expect(run([], input: ["stack"], interactive: true) == 0)
        #expect(err.lines == ["Type a URL or a command (help lists them); end with Ctrl-D."])
        #expect(out.lines == ["  stack: Home"])
    }

    /// The hint is for a person at a terminal: piped input and URLs in arguments get none.
    @Test func pipedInputAndURLsGetNoHint() {
        #expect(run([], input: ["stack"]) == 0)
        #expect(run(["cono://test.com/product/1"], interactive: true) == 0)
        #expect(err.lines.isEmpty)
    }

    @Test func routesListsActivitiesInConsultationOrderWithWhatEachClaims() {
        #expect(run([], input: ["routes"]) == 0)
        #expect(
            out.lines == [
                "Registered activities, in consultation order:",
                #"  1. FlashSaleActivity     priority 10  claims /product/:id<int>, when isHit finds a "sale" query item"#,
                #"  2. MineDispatchActivity  priority 0   claims first path "mine_home" or "settings_home""#,
                "  3. PrivacyActivity       priority 0   claims /settings/privacy",
                "  4. AccountActivity       priority 0   claims /account/login  /account/logout",
                "  5. ProductActivity       priority 0   claims /product/:id<int>  /p/:id<int>",
                "  6. OrdersActivity        priority 0   claims /orders(/:id<int>)",
                "  fallback: WebFallbackActivity  handles unmatched http and https URLs of the app's own sites, in a web view",
            ])
    }

    @Test func whyShowsEveryAnswerAndTheWinner() {
        _ = run([], input: ["why cono://test.com/product/42?sale=x"])
        #expect(
            out.lines == [
                "why cono://test.com/product/42?sale=x",
                "  1. FlashSaleActivity     yes  <- wins  (id=42)",
                "  2. MineDispatchActivity  no",
                "  3. PrivacyActivity       no",
                "  4. AccountActivity       no",
                "  5. ProductActivity       yes  (would be next if the winner were removed)",
                "  6. OrdersActivity        no",
            ])
        #expect(
            console.app.navigator.state == NavigationState(selectedTab: Tab.home), "why must not navigate")
    }

    @Test func whyNamesTheFallbackWhenNothingClaimsTheURL() {
        _ = run([], input: ["why https://example.com"])
        #expect(out.lines.last == "  no activity claims it: the fallback WebFallbackActivity gets it")
    }

    /// Regression: `why` echoed the parsed URL (`https:/product/42` for what was typed with three
    /// slashes), not what was typed.
    @Test func whyEchoesTheURLAsTyped() {
        _ = run([], input: ["why cono://TEST.com/product/42"])
        #expect(out.lines.first == "why cono://TEST.com/product/42")
    }

    @Test func whyReportsAnInvalidURLAndAMissingArgument() {
        _ = run([], input: ["why app://x/%E4%B8", "why"])
        #expect(
            err.lines == [
                #"  error: invalid URL: percent-escapes "%E4%B8" at offset 8 are not valid UTF-8"#,
                "  usage: why <url>",
            ])
    }

    @Test func aLinkFromAnotherAppCannotSignTheUserOutButOpensAProduct() {
        console.app.session.signIn("alice")
        let status = run([
            "--from", "other-app:com.example.other", "cono://test.com/account/logout",
            "cono://test.com/product/42",
        ])
        #expect(status == 1)
        #expect(
            err.lines == [
                "  error: rejected: AccountActivity is internal only, and the URL came from another app (com.example.other)"
            ])
        #expect(console.app.session.isSignedIn)
        #expect(out.lines.first == "> cono://test.com/account/logout  (from another app (com.example.other))")
        // The product module learnt who is signed in from the AccountService.
        #expect(console.app.navigator.path == "Home > ProductPage(id: 42, for: alice)")
    }

    @Test func previewBuildsThePageWithoutOpeningIt() {
        #expect(run([], input: ["preview cono://test.com/product/42?from=push"]) == 0)
        #expect(
            out.lines == [
                "> preview cono://test.com/product/42?from=push",
                "  preview: ProductPage(id: 42, from: push)",
                "  stack: Home",
            ])
        #expect(err.lines.isEmpty)
    }

    @Test func previewOfAPageThatNeedsAnAccountIsRefusedWithoutALoginPage() {
        #expect(run([], input: ["preview cono://test.com/orders/7"]) == 1)
        #expect(
            err.lines == [
                "  error: rejected: LoginWall refused the URL for OrdersActivity: sign in to see it"
            ])
        #expect(out.lines.last == "  stack: Home")
        #expect(console.app.loginWall.pending == nil)
        console.app.session.signIn("alice")
        console.handle(line: "preview cono://test.com/orders/7")
        #expect(out.lines.suffix(2) == ["  preview: OrdersPage(user: alice, id: 7)", "  stack: Home"])
    }

    @Test func previewReportsWhatCannotBePreviewed() {
        #expect(
            run(
                [],
                input: [
                    "preview cono://test.com/settings_home", "preview cono://test.com/product/0",
                    "preview cono://test.com/product/%zz",
                ]) == 1)
        #expect(
            err.lines == [
                "  error: MineDispatchActivity made no destination",
                "  error: ProductActivity failed: product id 0 is not positive",
                #"  error: invalid URL: malformed percent-escape "%zz" at offset 24"#,
            ])
    }

    @Test func previewOfAnUnmatchedLinkIsTheFallbacksWebPageOrItsError() {
        #expect(
            run(
                [],
                input: [
                    "preview https://help.test.com/faq", "preview https://example.com/help",
                    "preview cono://test.com/nope",
                ]) == 1)
        #expect(out.lines.contains("  preview: WebPage(url: https://help.test.com/faq)"))
        #expect(
            err.lines == [
                "  error: WebFallbackActivity failed: no page for https://example.com/help (the web fallback opens only the app's own sites)",
                "  error: WebFallbackActivity failed: no page for cono://test.com/nope (the web fallback opens only http and https URLs)",
            ])
        #expect(console.app.navigator.path == "Home")
    }

    @Test func theProductModuleKnowsTheUserOnlyThroughTheAccountService() throws {
        console.app.session.signIn("bob")
        console.handle(line: "cono://test.com/product/1")
        #expect(console.app.navigator.path == "Home > ProductPage(id: 1, for: bob)")
        // Without the service, the product module cannot know: the session is not its business.
        console.app.center.services.unregister((any AccountService).self)
        console.handle(line: "cono://test.com/product/2")
        #expect(console.app.navigator.path == "Home > ProductPage(id: 1, for: bob) > ProductPage(id: 2)")
    }

    @Test func aLoginLinkFromOutsideShowsTheLoginPageButSignsNobodyIn() {
        let url = "https://test.com/account/login?user=mallory&redirect=cono://test.com/account/logout"
        #expect(run([], input: ["from link", url, "from app", "cono://test.com/account/logout"]) == 1)
        #expect(!console.app.session.isSignedIn)
        // From the app again, logging out runs (and fails: nobody is signed in).
        #expect(err.lines.count == 1)
        #expect(err.lines.first?.contains("AccountActivity failed: nobody is signed in") == true)
    }

    @Test func anUnknownSourceIsAUsageError() {
        #expect(run(["--from", "mars", "cono://test.com/product/1"]) == 2)
        #expect(
            err.lines == [
                #"  error: unknown source "mars" (app, other-app, other-app:BUNDLE-ID, link, notification)"#
            ])
        #expect(out.lines.isEmpty)
    }

    /// Regression: `--from` without a value exited 2 without a word, while `--rules` and `--flag`
    /// say what they need.
    @Test func aMissingSourceIsAUsageErrorThatListsTheSources() {
        #expect(run(["--from"]) == 2)
        #expect(
            err.lines == [
                "  error: --from needs a source (app, other-app, other-app:BUNDLE-ID, link, notification)"
            ])
        #expect(out.lines.isEmpty)
    }

    @Test func helpPrintsUsageAndExitsZero() {
        #expect(run(["--help"]) == 0)
        #expect(out.lines.first?.hasPrefix("usage: SampleApp") == true)
    }

    /// Pins --export missing from --help: the help names the option and its three formats.
    @Test func helpNamesTheExportOption() {
        #expect(run(["--help"]) == 0)
        let help = out.lines.joined(separator: "\n")
        #expect(help.contains("SampleApp --export manifest|aasa|android"))
        #expect(help.contains("--export FORMAT"))
    }

    /// Pins a usage that listed only some of the cases that exit 2: each kind of bad usage the
    /// console refuses is named in --help, and --flag says that it needs --rules.
    @Test(arguments: [
        (["--verbose"], "an unknown option"),
        (["--app-version", "three"], "an unknown option or option value"),
        (["cono://test.com/product/1", "--events"], "an option after a URL"),
        (["routes"], "a bare word"),
        (["--flag", "product-page-broken", "cono://test.com/product/1"], "--flag without --rules"),
        (["--export", "manifest", "cono://test.com/product/1"], "anything after --export FORMAT"),
    ])
    func helpNamesEveryUsageError(arguments: [String], named: String) {
        #expect(run(arguments) == 2)
        out.lines = []
        _ = run(["--help"])
        let help = out.lines.joined(separator: " ").split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(help.contains(named), "--help does not say that \(arguments) is bad usage")
        if arguments.first == "--flag" { #expect(help.contains("(repeatable; needs --rules)")) }
    }

    /// A link is untrusted: echoing a right-to-left override raw would rearrange the terminal line.
    @Test func theEchoSpellsOutInvisibleAndBidiCharacters() {
        #expect(run(["cono://x/a\u{202E}b", "cono://x/\t", "cono://x/中文 x"]) == 1)
        #expect(
            out.lines.filter { $0.hasPrefix(">") } == [
                "> cono://x/a\\u{202E}b", "> cono://x/\\u{9}", "> cono://x/中文 x",
            ])
    }

    // MARK: - Login wall and events

    @Test func theLoginWallHoldsOrdersAndOpensThemAfterSignIn() {
        let status = run(["cono://test.com/orders/7", "cono://test.com/account/login?user=alice"])
        #expect(status == 0)
        #expect(err.lines.isEmpty)
        #expect(
            out.lines == [
                "> cono://test.com/orders/7",
                "  present LoginPage",
                "  held by LoginWall until it resumes or cancels the dispatch",
                "  stack: Home > [LoginPage]",
                "> cono://test.com/account/login?user=alice",
                "  dismiss LoginPage",
                "  push OrdersPage(user: alice, id: 7)",
                "  held link cono://test.com/orders/7 handled by OrdersActivity",
                "  handled by AccountActivity",
                "  stack: Home > OrdersPage(user: alice, id: 7)",
            ])
    }

    @Test func closingTheLoginPageDropsTheHeldLinkAndFails() {
        let status = run(
            [], input: ["cono://test.com/orders", "back", "cono://test.com/account/login?user=alice"])
        #expect(status == 1)
        #expect(
            err.lines == ["  error: held link cono://test.com/orders: cancelled by LoginWall while on hold"])
        // Signing in later opens nothing: the link was dropped, and is opened at most once.
        #expect(console.app.navigator.path == "Home")
        #expect(!out.lines.contains { $0.contains("OrdersPage") })
    }

    @Test func aLinkStillHeldAtExitCountsAsNotHandled() {
        #expect(run(["cono://test.com/orders"]) == 1)
        #expect(err.lines == ["  error: 1 held link(s) still waiting at exit"])
    }

    @Test func aSignedInUserGoesStraightToTheOrders() {
        console.app.session.signIn("bob")
        #expect(run(["cono://test.com/orders"]) == 0)
        #expect(console.app.navigator.path == "Home > OrdersPage(user: bob)")
    }

    @Test func eventsPrintsOneLinePerDispatchIncludingNestedOnes() {
        let status = run([
            "--events", "cono://test.com/orders", "cono://test.com/account/login?user=alice", "cono://x/%zz",
        ])
        #expect(status == 1)
        let events = out.lines.filter { $0.hasPrefix("  event: ") }.map {
            $0.replacing(/; [0-9.]+ ms$/, with: "")
        }
        #expect(
            events == [
                "  event: /account/login from the app: handled by AccountActivity.login; LoginWall: proceed",
                "  event: cono://test.com/orders from the app: handled by OrdersActivity; LoginWall: hold",
                "  event: cono://test.com/account/login?user=alice from the app: handled by AccountActivity.login; LoginWall: proceed",
                #"  event: (invalid URL) from the app: invalid URL: malformed percent-escape "%zz" at offset 9"#,
            ])
    }

    @Test func eventsCanBeSwitchedOnAndOffFromStandardInput() {
        _ = run(
            [],
            input: [
                "events on", "cono://test.com/product/1", "events off", "cono://test.com/product/2",
                "events maybe",
            ])
        #expect(out.lines.filter { $0.hasPrefix("  event: ") }.count == 1)
        #expect(err.lines == ["  usage: events on|off"])
    }

    @Test func anUnknownOptionIsAUsageError() {
        #expect(run(["--verbose", "cono://test.com/product/1"]) == 2)
        #expect(err.lines == [#"  error: unknown option "--verbose" (see --help)"#])
        #expect(out.lines.isEmpty)
    }

    /// Regression: `-x` and `help` were dispatched as URLs (exit 1). A single-dash argument is an
    /// option, and a bare word is a command's name or a typo: neither is a link.
    @Test(arguments: [
        (["-x"], #"  error: unknown option "-x" (see --help)"#),
        (
            ["help"],
            #"  error: "help" is not a URL (a URL has a scheme, a path starts with "/"); commands such as help and routes are read from standard input, see --help"#
        ),
        (
            ["cono://test.com/product/1", "routes"],
            #"  error: "routes" is not a URL (a URL has a scheme, a path starts with "/"); commands such as help and routes are read from standard input, see --help"#
        ),
    ])
    func aDashOptionOrABareWordIsAUsageErrorAndNothingIsDispatched(arguments: [String], message: String) {
        #expect(run(arguments) == 2)
        #expect(err.lines == [message])
        #expect(out.lines.isEmpty)
    }

    /// Regression: an option after the URLs (`SampleApp URL --events`) was dispatched as a URL. A
    /// URL never starts with "--", so any later argument that does is an option in the wrong place.
    @Test(arguments: [
        ["cono://test.com/mine_home?uid=42", "--events"],
        ["cono://test.com/product/1", "cono://test.com/product/2", "--from", "link"],
        ["cono://test.com/product/1", "--verbose"],
    ])
    func anOptionAfterTheURLsIsAUsageErrorAndNothingIsDispatched(arguments: [String]) {
        #expect(run(arguments) == 2)
        let option = arguments.first { $0.hasPrefix("--") } ?? ""
        #expect(err.lines == [#"  error: options go before URLs: move "\#(option)" before the first URL"#])
        #expect(out.lines.isEmpty)
        #expect(console.app.navigator.path == "Home")
    }

    // MARK: - Redirect rules

    /// The example document shipped with the sample (DispatchPolicy.md, "Redirect and downgrade rules").
    private static let rulesFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleApp/redirect-rules.json").path

    @Test func theDowngradeRuleSendsProductLinksToTheirH5PageWhileTheFlagIsOn() {
        let status = run([
            "--rules", Self.rulesFile, "--flag", "product-page-broken",
            "cono://test.com/product/42?from=push",
        ])
        #expect(status == 0)
        #expect(
            out.lines == [
                "  loaded 3 redirect rules from \(Self.rulesFile)",
                "> cono://test.com/product/42?from=push",
                "  present WebPage(url: https://m.test.com/goods/42?from=push)",
                "  redirected: cono://test.com/product/42?from=push -> https://m.test.com/goods/42?from=push",
                "  handled by WebFallbackActivity",
                "  stack: Home > [WebPage(url: https://m.test.com/goods/42?from=push)]",
            ])
    }

    @Test func withoutTheFlagOrOutsideTheVersionRangeTheNativePageOpens() {
        #expect(run(["--rules", Self.rulesFile, "cono://test.com/product/1"]) == 0)
        #expect(
            run([
                "--rules", Self.rulesFile, "--flag", "product-page-broken", "--app-version", "3.2",
                "cono://test.com/product/2",
            ]) == 0)
        #expect(console.app.navigator.path == "Home > ProductPage(id: 1) > ProductPage(id: 2)")
    }

    @Test func rulesChainAnOldPathThroughTheDowngrade() {
        #expect(
            run(["--rules", Self.rulesFile, "--flag", "product-page-broken", "cono://test.com/item/7"]) == 0)
        #expect(
            out.lines.contains(
                "  redirected: cono://test.com/item/7 -> cono://test.com/product/7 -> https://m.test.com/goods/7"
            ))
    }

    @Test func aRefusedDocumentKeepsTheRulesInForce() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bad-rules-\(UInt32.random(in: 0...UInt32.max)).json")
        try Data(#"{"rules": [{"pattern": "/a/:id", "target": "/b/:slug"}]}"#.utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        _ = run(
            [],
            input: [
                "rules \(Self.rulesFile)", "flag product-page-broken on", "rules \(bad.path)",
                "cono://test.com/product/5",
                "flag product-page-broken off", "cono://test.com/product/6",
            ])
        #expect(
            err.lines == [
                "  error: \(bad.path) refused, the rules in force stay: rules[0]: the target uses parameter \"slug\", which the pattern does not capture"
            ])
        #expect(
            console.app.navigator.path
                == "Home > ProductPage(id: 6)", "opening the product dismissed the web page first")
    }

    /// Regression: a refused document at start-up said "the rules in force stay" when none were.
    @Test func aRefusedDocumentAtStartUpSaysNoRulesAreInForce() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bad-rules-\(UInt32.random(in: 0...UInt32.max)).json")
        try Data(#"{"rules": [{"pattern": "/a/:id", "target": "/b/:slug"}]}"#.utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        #expect(run(["--rules", bad.path, "cono://test.com/product/1"]) == 2)
        #expect(err.lines.count == 1)
        #expect(
            err.lines.first?.hasPrefix("  error: \(bad.path) refused, no rules are in force: rules[0]")
                == true)
    }

    /// Regression: `--flag` without `--rules` changed nothing and said nothing.
    @Test func aFlagWithoutRulesIsAUsageError() {
        #expect(run(["--flag", "product-page-broken", "cono://test.com/product/1"]) == 2)
        #expect(
            err.lines == [
                "  error: --flag product-page-broken changes nothing: only redirect rules read flags, and none are "
                    + "loaded (--rules FILE)"
            ])
        #expect(out.lines.isEmpty, "nothing is dispatched")
        // Interactively, a flag may come before its rules: a note, not an error.
        err.lines = []
        _ = run([], input: ["flag product-page-broken on"])
        #expect(out.lines.contains { $0.hasPrefix("  note: no rules are loaded") })
        #expect(err.lines.isEmpty)
    }

    @Test func badRulesOptionsAreUsageErrors() {
        #expect(run(["--rules", "/nonexistent/rules.json", "cono://test.com/product/1"]) == 2)
        #expect(err.lines.first?.hasPrefix("  error: cannot read /nonexistent/rules.json") == true)
        #expect(run(["--app-version", "three", "cono://test.com/product/1"]) == 2)
        #expect(run(["--flag"]) == 2)
        #expect(run(["--rules"]) == 2)
        #expect(
            err.lines.suffix(3) == [
                "  error: --app-version needs a version such as 3.1.2", "  error: --flag needs a name",
                "  error: --rules needs a file",
            ])
        #expect(out.lines.isEmpty)
    }

    // MARK: - Links as the system hands them over

    @Test func aUniversalLinkAndTheSchemeLinkReachTheSameActivity() {
        let status = run([
            "--from", "link", "https://test.com/product/42", "https://m.test.com/product/42",
        ])
        #expect(status == 0)
        #expect(out.lines.filter { $0 == "  handled by ProductActivity" }.count == 2)
        // The pattern is path-only (/product/:id<int>): scheme and host do not take part.
        out.lines = []
        #expect(run(["--from", "other-app", "cono://test.com/product/42"]) == 0)
        #expect(out.lines.contains("  handled by ProductActivity"))
    }

    @Test func aUniversalLinkFromAnUndeclaredHostIsRefusedBeforeAnyDispatch() {
        let status = run([
            "--events", "--from", "link", "https://evil.com/product/42", "https://eviltest.com/product/42",
            "http://test.com/product/42",
        ])
        #expect(status == 1)
        #expect(
            err.lines == [
                "  error: refused: universal link https://evil.com/product/42 is not on one of the app's associated domains",
                "  error: refused: universal link https://eviltest.com/product/42 is not on one of the app's associated domains",
                "  error: refused: universal link http://test.com/product/42 is not an https link",
            ])
        #expect(!out.lines.contains { $0.contains("push") }, "nothing was shown")
        #expect(console.app.navigator.path == "Home")
    }

    @Test func aUniversalLinkCannotReachAnInternalOnlyPage() {
        console.app.session.signIn("alice")
        #expect(run(["--from", "link", "https://test.com/account/logout"]) == 1)
        #expect(
            err.lines == [
                "  error: rejected: AccountActivity is internal only, and the URL came from a universal link"
            ])
        #expect(console.app.session.isSignedIn)
    }

    @Test func aNotificationOpensItsLinkAndABadOneIsNamedByItsKey() {
        #expect(
            run(["--from", "notification", "cono://test.com/product/5", "cono://test.com/product/%zz"]) == 1)
        #expect(out.lines.contains("  push ProductPage(id: 5)"))
        #expect(
            err.lines == [
                #"  error: refused: the notification's "url" is not a valid URL: malformed percent-escape "%zz" at offset 24"#
            ])
    }

    @Test func aDeepLinkSelectsItsTabAndBuildsItsParents() {
        #expect(run(["cono://test.com/product/1", "cono://test.com/settings/privacy"]) == 0)
        #expect(
            out.lines.suffix(5) == [
                "> cono://test.com/settings/privacy",
                "  select tab Mine",
                "  set stack SettingsPage > PrivacyPage",
                "  handled by PrivacyActivity",
                "  stack: Mine > SettingsPage > PrivacyPage",
            ])
        // Back walks up through the parents; the Home tab kept its own stack.
        console.handle(line: "back")
        #expect(console.app.navigator.path == "Mine > SettingsPage")
        #expect(
            console.app.navigator.state.stack(inTab: Tab.home) == [
                AnyHashable(Page("ProductPage", [("id", "1")]))
            ])
    }
}
