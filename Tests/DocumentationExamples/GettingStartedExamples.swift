import DispatchKit
import Testing

// The activity of GettingStarted.md ("Write an activity"), run: the region below is the article's
// block (ArticleRegionsTests checks it), in a namespace that keeps its names apart from the other
// examples of this target.
private enum GettingStartedArticle {
    // article: GettingStarted.md, mine activity
    final class MineActivity: LinkActivity<MineActivity.Link> {
        enum Link: DispatchLink {
            case home(uid: String?)
            case settings

            static let routes: [LinkRoute<Link>] = [
                .route("/mine_home", to: home),
                .route("/settings_home", to: settings),
            ]
        }

        override func execute(with link: Link) throws {
            switch link {
            case .home(let uid): print("push MinePage(uid: \(uid ?? "-"))")
            case .settings: print("push SettingsPage")
            }
        }
    }
    // article: end
}

/// Each route of the "mine" module reaches its case, with the values the article says.
@MainActor
@Suite struct GettingStartedExamples {
    private typealias MineActivity = GettingStartedArticle.MineActivity

    private func link(of url: String) throws -> MineActivity.Link {
        let center = DispatchCenter()
        center.register(MineActivity.self)
        let result = center.dispatch(url)
        #expect(result.isHandled, "\(result)")
        let activity = try #require(result.activity as? MineActivity)
        return try activity.link(as: MineActivity.Link.self)
    }

    @Test func theHomeCaseReadsItsUID() throws {
        guard case .home(let uid) = try link(of: "cono://test.com/mine_home?uid=42") else {
            Issue.record("/mine_home must select the home case")
            return
        }
        #expect(uid == "42")
        guard case .home(nil) = try link(of: "/mine_home") else {
            Issue.record("/mine_home without a uid must be the home case with no uid")
            return
        }
    }

    @Test func theSettingsPathSelectsTheSettingsCase() throws {
        guard case .settings = try link(of: "https://m.test.com/settings_home") else {
            Issue.record("/settings_home must select the settings case")
            return
        }
    }
}
