import DispatchKit
import Testing

@testable import SampleApp

/// How the console prints a typed link that does not decode: one line naming the activity, the
/// key, the text and the type, with the URL's text spelled out as the echo is.
@MainActor
struct ConsoleLinkFailureTests {
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

    private func run(_ arguments: [String], input: [String] = []) -> Int32 {
        var input = input[...]
        return console.run(arguments: arguments, interactive: false, readLine: { input.popFirst() })
    }

    @Test(arguments: [
        (
            "cono://test.com/product/99999999999999999999",
            #"  error: ProductActivity's link: id "99999999999999999999" is out of range for Int"#
        ),
        (
            "cono://test.com/product/42?tab=photos",
            #"  error: ProductActivity's link: tab "photos" is not a ProductTab"#
        ),
        ("cono://test.com/p/42?tab=", #"  error: ProductActivity's link: tab "" is not a ProductTab"#),
    ])
    func anInvalidLinkExitsOneWithOneLineAndOpensNothing(url: String, line: String) {
        #expect(run([url]) == 1)
        #expect(err.lines == [line])
        #expect(out.lines == ["> \(url)", "  stack: Home"])
    }

    /// Regression: the text of a value that did not decode was printed raw, so `%0A` broke the
    /// error in two and `%E2%80%AE` (a right-to-left override) reversed the rest of the terminal line.
    @Test func theTextOfAnInvalidValueIsSpelledOut() {
        #expect(run(["cono://test.com/product/42?tab=%E2%80%AEx%0Ay"]) == 1)
        #expect(err.lines == [#"  error: ProductActivity's link: tab "\u{202E}x\u{A}y" is not a ProductTab"#])
    }

    /// Regression: a long value filled the screen and pushed the key and the type out of sight; it
    /// is abbreviated as a long URL's echo is, and the sentence around it stays whole.
    @Test func aLongInvalidValueIsAbbreviatedAndTheSentenceStaysWhole() {
        let value = String(repeating: "a", count: 5_000)
        #expect(run(["cono://test.com/product/42?tab=\(value)"]) == 1)
        #expect(
            err.lines == [
                #"  error: ProductActivity's link: tab ""# + String(repeating: "a", count: 120)
                    + "…(5000 bytes)…"
                    + String(repeating: "a", count: 20) + #"" is not a ProductTab"#
            ])
    }

    @Test func previewAndEventsPrintTheSameSpelledOutLine() {
        _ = run(
            [], input: ["preview cono://test.com/p/3?tab=photos", "events on", "cono://test.com/p/3?tab=%0A"])
        #expect(
            err.lines == [
                #"  error: ProductActivity's link: tab "photos" is not a ProductTab"#,
                #"  error: ProductActivity's link: tab "\u{A}" is not a ProductTab"#,
            ])
        let events = out.lines.filter { $0.hasPrefix("  event: ") }
        #expect(events.count == 1)
        #expect(events.first?.contains(#"tab "\u{A}" is not a ProductTab"#) == true)
    }
}
