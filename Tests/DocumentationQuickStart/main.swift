// The README's quick start, whole: a program that a package depending on DispatchKit can run as
// its main.swift. DocumentationExamples runs it and checks what it prints.
// snippet: quick-start
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
DispatchCenter.shared.register(MineDispatchActivity.self)

// Anywhere a URL arrives:
let result = DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=42")  // push MinePage(uid: 42)
if let failure = result.failure { print(failure) }  // typed, in plain words
// snippet: end
