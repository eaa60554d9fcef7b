import DispatchKit
import Testing

// The one list formatter of the runtime, the route tools and the command-line tool.

@Suite struct ProseTests {
    @Test func listsReadAsEnglish() {
        #expect(Prose.list([]) == "")
        #expect(Prose.list(["a"]) == "a")
        #expect(Prose.list(["a", "b"]) == "a and b")
        #expect(Prose.list(["a", "b", "c"], conjunction: "or") == "a, b or c")
        #expect(Prose.quotedList(["c*d", "e?f"]) == #""c*d" and "e?f""#)
    }

    @Test func wordsAgreeWithTheirCount() {
        #expect(Prose.subject(["/a"], "now reaches", "now reach") == "/a now reaches")
        #expect(Prose.subject(["/a", "/b"], "is", "are") == "/a and /b are")
        #expect(Prose.counted(1, "rule") == "1 rule")
        #expect(Prose.counted(0, "change") == "0 changes")
        #expect(Prose.counted(2, "widened exposure") == "2 widened exposures")
    }
}
