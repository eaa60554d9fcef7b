import DispatchKit
import DispatchKitUI

/// `…/settings/privacy`: a deep page. A link to it (from an email, say) selects the Mine tab and
/// builds Settings under Privacy, so that Back leads where it would had the user tapped their way
/// down, instead of showing Privacy alone on whatever tab was up.
final class PrivacyActivity: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/settings/privacy"] }

    override func execute() throws {
        try navigator.open(Page("PrivacyPage"), parents: [Page("SettingsPage")], inTab: Tab.mine)
    }

    override func remove() throws {
        try navigator.remove(Page("PrivacyPage"))
    }
}
