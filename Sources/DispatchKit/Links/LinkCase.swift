/// The case of a module link that a route selects: what the center knows of it once a URL matched
/// one of the case's patterns. A class, so that a claim and a request carry one word for it.
package final class LinkCase: Sendable {
    /// The case's name, as written in the enum.
    package let name: String
    /// Who may open the case from outside; `nil` for the class's exposure.
    package let exposure: DispatchExposure?
    /// How a URL's values become the case; `nil` to read it by the enum's own `init(from:)`.
    let reader: LinkCaseReader?

    init(name: String, exposure: DispatchExposure?, reader: LinkCaseReader? = nil) {
        self.name = name
        self.exposure = exposure
        self.reader = reader
    }
}

extension LinkDecodingError {
    /// This error, or, for a module link read from a URL that none of its cases' patterns matched
    /// (its class as the fallback, a request made by hand), the error that says so: what the
    /// enum's own decoding says then ("Invalid number of keys found") tells the app nothing.
    @MainActor
    func unlessNoCase(of activity: DispatchActivity.Type, in request: borrowing DispatchRequest) -> Self {
        guard request.linkCase == nil, !activity.caseRoutes.isEmpty else { return self }
        return LinkDecodingError(
            activity: self.activity, key: "", text: nil, expectedType: expectedType,
            reason: .rejected("no case of its routes matches the URL, so there is no case to read"))
    }
}
