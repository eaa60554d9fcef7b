import Foundation
import Testing

/// The README is read in five minutes: at most 9 KB, as the READMEs of the routers a newcomer
/// compares it with are (7–8 KB). Pins the README that had grown to 26 KB with fuzzing figures,
/// benchmark prose and a tour of every capability; depth belongs in the DocC articles and
/// Benchmarks/README.md.
@Suite struct ReadmeSizeTests {
    static let limit = 9 * 1024

    @Test func theReadmeIsAtMostNineKilobytes() throws {
        let readme = try Data(contentsOf: DocumentBlocks.root.appendingPathComponent("README.md"))
        #expect(readme.count <= Self.limit, "README.md is \(readme.count) bytes, over \(Self.limit)")
    }

    /// What a newcomer looks for in the first read, by heading.
    @Test(arguments: ["## Try it", "## The example app", "## Install", "## Quick start", "## Performance"])
    func theReadmeHasItsSection(_ heading: String) throws {
        let readme = try String(
            contentsOf: DocumentBlocks.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n").contains { $0 == heading }, "README.md has no \(heading)")
    }
}
