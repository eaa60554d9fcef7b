import DispatchKit

/// The redirect rules in force and what their conditions are checked against: what
/// `DispatchCenter.redirectRules` installs as the center's redirector, which the dispatch path
/// asks only while there are rules.
struct Redirection: DispatchRedirector {
    var rules = RedirectRules()
    var environment = RedirectRules.Environment(appVersion: DispatchCenter.bundleVersion)

    var isEmpty: Bool { rules.isEmpty }

    func redirect(for url: DispatchURL, naming undeclared: LinkOrigins.Undeclared?)
        -> (url: DispatchURL, rule: Int)?
    {
        guard let undeclared else { return rules.redirect(for: url, in: environment) }
        return rules.redirect(for: url, in: environment, naming: undeclared)
    }
}
