// The README's Quick start, also the example of the catalog's root page, as a reader pastes it: a
// whole file, so nothing else in this file. QuickStartTests runs it; DocumentBlocksTests compiles
// the README's block itself.
import DispatchKit

final class MineDispatchActivity: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool {
        url.firstPath == "mine_home" || url.firstPath == "settings_home"
    }

    override func execute() throws {
        if paths.first == "mine_home" {
            print("push MinePage(uid: \(query["uid"] ?? "-"))")  // your app shows its page here
        } else {
            print("push SettingsPage")
        }
    }
}

// At launch, once per module:
@MainActor func registerRoutes() {
    DispatchCenter.shared.register(MineDispatchActivity.self)
}

// Anywhere a URL arrives, such as "cono://test.com/mine_home?uid=42":
@MainActor func handle(_ link: String) {
    let result = DispatchCenter.shared.dispatch(link)  // prints "push MinePage(uid: 42)"
    if let failure = result.failure { print(failure) }  // typed, in plain words
}
