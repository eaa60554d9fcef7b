// The code blocks of the "Getting started" article. Its first block is a whole file: the page's
// activity lives at file scope, and the blocks after it use it as the article does.
// snippet: getting-started-activity
import DispatchKit

final class MineActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/mine_home", "/settings_home"] }

    override func execute() throws {
        switch paths.first {
        case "mine_home":
            print("push MinePage(uid: \(query["uid"] ?? "-"))")
        default:
            print("push SettingsPage")
        }
    }
}
// snippet: end

enum GettingStartedExamples {
    @MainActor
    static func register() {
        // snippet: getting-started-register
        DispatchCenter.shared.register(MineActivity.self)
        // snippet: end
    }

    @MainActor
    static func registerModule() {
        // snippet: getting-started-module
        enum MineModule: DispatchModule {
            static let activities: [DispatchActivity.Type] = [MineActivity.self]
        }

        DispatchCenter.shared.register(MineModule.self)
        // snippet: end
    }

    @MainActor
    static func dispatch() {
        // snippet: getting-started-dispatch
        let result = DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=42")
        // prints "push MinePage(uid: 42)"
        // snippet: end
        _ = result
    }

    @MainActor
    static func dispatchWithUserInfo() {
        // snippet: getting-started-user-info
        DispatchCenter.shared.dispatch("/mine_home", userInfo: ["avatarSize": 64])
        // snippet: end
    }

    @MainActor
    static func readTheResult() {
        // snippet: getting-started-result
        let outcome = DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=%zz")
        print(outcome)  // invalid URL: malformed percent-escape "%zz" at offset 30
        if let failure = outcome.failure {
            switch failure {
            case .invalidURL(let error): print("bad link:", error)
            case .unmatched(let url): print("nothing claims", url)
            case .executionFailed(let activity, let error): print(activity, "threw", error)
            case .executeNotOverridden(let activity): print(activity, "has no execute()")
            default: print("not handled:", failure)
            }
        }
        // snippet: end
    }
}
