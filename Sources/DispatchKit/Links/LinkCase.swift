/// The case of a module link that a route selects: what the center knows of it once a URL matched
/// one of the case's patterns. A class, so that a claim and a request carry one word for it.
package final class LinkCase: Sendable {
    /// The case's name, as written in the enum.
    package let name: String
    /// Who may open the case from outside; `nil` for the class's exposure.
    package let exposure: DispatchExposure?

    init(name: String, exposure: DispatchExposure?) {
        self.name = name
        self.exposure = exposure
    }
}
