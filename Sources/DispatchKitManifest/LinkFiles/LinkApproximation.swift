import DispatchKit

/// Where a generated universal-link file claims other URLs than the app takes, because its format
/// cannot say exactly what a route matches.
///
/// ``AppSiteAssociation`` and ``AndroidIntentFilter`` list one of these for each route (or class
/// with its own `isHit`) that their file describes only approximately, so that whoever publishes
/// the file knows which links open the app and are then refused, or open the browser instead of
/// the app. Where the same reason holds for many routes, one note on the whole file names them.
public struct LinkApproximation: Sendable, Hashable, CustomStringConvertible {
    /// Which way the file errs.
    public enum Kind: String, Sendable, Hashable {
        /// The system opens the app for URLs that no exposed activity takes: the app refuses them
        /// (or hands them to its fallback).
        case claimsMore
        /// The system leaves to the browser URLs that an exposed activity would take.
        case claimsLess
    }

    /// Which way the file errs.
    public let kind: Kind
    /// The route's pattern as the manifest writes it, or `nil` for a class that claims URLs with
    /// its own `isHit` and for a note on the whole file (the Android filter's note on links with
    /// an encoded slash that no route takes, which names the routes in its ``description``).
    public let pattern: String?
    /// The module-qualified name of the activity the URLs reach; empty for a note on the whole
    /// file.
    public let activity: String
    /// One sentence naming the route, the URLs and the reason.
    public let description: String

    /// A note about `pattern` of `activity`.
    public init(kind: Kind, pattern: String?, activity: String, description: String) {
        self.kind = kind
        self.pattern = pattern
        self.activity = activity
        self.description = description
    }
}

extension LinkApproximation {
    /// The notes about the classes that claim URLs with their own `isHit`, which no file can
    /// describe: an exposed one's URLs are not claimed; an internal one asked before some exposed
    /// route (a higher priority) may take, and refuse, claimed URLs.
    static func customClaimantNotes(manifest: RouteManifest, forms: [LinkPathForm]) -> [LinkApproximation] {
        let exposedPriorities = forms.filter(\.isExposed).map(\.route.priority)
        var notes: [LinkApproximation] = []
        for claimant in manifest.customClaimants {
            let kind: Kind
            let text: String
            if claimant.exposure.admitsUniversalLinks {
                kind = .claimsLess
                text =
                    "it claims URLs with its own isHit, which the file cannot describe: none of them is claimed"
            } else if exposedPriorities.contains(where: { $0 < claimant.priority }) {
                kind = .claimsMore
                text =
                    "it claims URLs with its own isHit before routes of lower priority, so claimed URLs that it "
                    + "takes open the app, which refuses them"
            } else {
                continue
            }
            let description = "\(claimant.activity): \(text)"
            if notes.contains(where: { $0.description == description }) { continue }
            notes.append(
                LinkApproximation(
                    kind: kind, pattern: nil, activity: claimant.activity, description: description))
        }
        return notes
    }
}
