import DispatchKit
import DispatchKitManifest
import DispatchKitRules
import Foundation
import Testing

/// The sample's redirect rules checked against the sample's own routes, as
/// `dispatch-manifest check-rules SampleApp/redirect-rules.json` does: the two rules that map retired
/// links (`/item`, `/help`) are reported as intended and nothing is a problem, as DispatchPolicy.md
/// and TheRouteManifest.md say.
@Suite struct SampleAppRuleCheckTests {
    @Test func theSampleRulesHaveNoProblemAndTwoRetiredRules() throws {
        let export = try SampleAppExecutableTests().run(["--export", "manifest"])
        let manifest = try RouteManifest(json: Data(export.stdout.utf8))
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleApp/redirect-rules.json")
        let diagnostics = try RedirectRules(json: Data(contentsOf: file)).diagnostics(against: manifest)
        #expect(diagnostics.filter(\.isProblem).isEmpty, "\(diagnostics)")
        #expect(
            diagnostics.map(\.kind) == [
                .retiredPattern(target: "/product/:id"), .retiredPattern(target: "https://help.test.com/*"),
            ])
    }
}
