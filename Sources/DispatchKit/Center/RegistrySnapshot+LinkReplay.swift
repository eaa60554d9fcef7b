import Foundation

// Decoding a URL's link without dispatching it: what the route manifest's compatibility check
// asks of each link of an earlier release that still reaches its class.

extension RegistrySnapshot.Claim {
    /// Every key of the claimant's link (``DispatchActivity/linkType``) that `url` does not decode:
    /// empty when the link decodes, or the class has no link type.
    ///
    /// The link is decoded as a dispatch decodes it, from what the winning pattern captured and
    /// the query, but the activity is not created, and no interceptor or observer is asked. A
    /// decoder stops at the first key that fails; to find the others, the failed key is given a
    /// value its type accepts and the link is decoded again, once per key. The errors come in the
    /// order the link reads its keys.
    ///
    /// - Parameter url: The URL that this claim is the claimant of.
    @MainActor
    package func linkRefusals(decoding url: DispatchURL, in snapshot: RegistrySnapshot) -> [LinkDecodingError]
    {
        guard hasLinkType, let linkType = activity.linkType else { return [] }
        let linkCase = snapshot.linkCase(ofOwner: caseOwner)
        return Self.refusals(linkType, url: url, match: match, linkCase: linkCase, activity: activity)
    }

    private static func refusals<Link: DispatchLink>(
        _: Link.Type, url: DispatchURL, match: RouteMatch?, linkCase: LinkCase?,
        activity: DispatchActivity.Type
    ) -> [LinkDecodingError] {
        var parameters = match?.parameters ?? [:]
        var refusals: [LinkDecodingError] = []
        var schema: LinkSchema?
        // A bound for a link type whose own init(from:) asks for keys without end.
        while refusals.count < 64 {
            let source = LinkSource(parameters: parameters, wildcard: match?.wildcard, rawQuery: url.rawQuery)
            do throws(LinkDecodingError) {
                _ = try LinkDecoding.decode(Link.self, from: source, case: linkCase, for: activity)
                return refusals
            } catch {
                // A key that fails again (its init(from:) refuses the value given), or the link as a
                // whole: nothing more can be learnt.
                if error.key.isEmpty || refusals.contains(where: { $0.key == error.key }) {
                    if !refusals.containsOffThePath(error) { refusals.appendOffThePath(error) }
                    return refusals
                }
                refusals.appendOffThePath(error)
                let probed = schema ?? LinkSchema.probe(Link.self, case: linkCase?.name)
                schema = probed
                guard let field = probed.field(error.key), let text = acceptedText(for: field) else {
                    return refusals
                }
                parameters[error.key] = text
            }
        }
        return refusals
    }

    /// A text `field` accepts: one of its cases, else a sample of a built-in type.
    private static func acceptedText(for field: LinkSchema.Field) -> String? {
        let samples = ["example", "42", "0", "true", "1.5", "00000000-0000-0000-0000-000000000000"]
        return ((field.caseTexts ?? []) + samples).first(where: field.accepts)
    }
}
