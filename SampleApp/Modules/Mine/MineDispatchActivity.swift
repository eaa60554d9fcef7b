import DispatchKit
import DispatchKitUI

/// The "mine" module from the seed design: one activity for the user's own pages.
///
/// It claims `…/mine_home` and `…/settings_home` on any scheme and host, exactly as the seed's
/// `isHitURL:` compared the first path component. It stays the class cluster in its plainest
/// shape on purpose — a hand-written `isHit` and strings, no patterns and no typed link — because
/// that shape is what every other activity builds on, and the center still consults such classes
/// by scanning, next to the pattern classes it finds by index. A typed link would not fit it
/// anyway: a link's URL is built from patterns, and the settings page takes whatever query items
/// it is given.
final class MineDispatchActivity: DispatchActivity, RouteDescribing {
    override class var exposure: DispatchExposure { .external }
    static let mineHome = "mine_home"
    static let settingsHome = "settings_home"

    static let claims = "first path \"mine_home\" or \"settings_home\""

    override class func isHit(url: DispatchURL) -> Bool {
        url.firstPath == mineHome || url.firstPath == settingsHome
    }

    override func execute() throws {
        if paths.first == Self.mineHome {
            try navigator.push(Page("MinePage", [("uid", query["uid"] ?? "me")]))
        } else {
            try navigator.push(
                Page("SettingsPage", query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
    }
}
