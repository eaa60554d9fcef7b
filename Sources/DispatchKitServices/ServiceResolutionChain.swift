/// The services being resolved on the current task or thread, outermost first: how a registry
/// sees that a factory needs, directly or through others, the service it is making.
///
/// A task-local value rather than a stack owned by the registry: it follows the resolution itself
/// (factories run on the resolving thread, and a factory's child tasks inherit it), works on
/// threads outside any task, and unwinds by itself when a factory throws.
enum ServiceResolutionChain {
    /// One service being resolved.
    struct Link: Sendable, Equatable {
        /// The registry resolving it: two registries may each provide the same service without
        /// forming a cycle.
        let registry: ObjectIdentifier
        let service: ObjectIdentifier
        let name: String?
        /// How errors name it: `PaymentService named "stripe"`.
        let label: String

        static func == (lhs: Link, rhs: Link) -> Bool {
            lhs.registry == rhs.registry && lhs.service == rhs.service && lhs.name == rhs.name
        }
    }

    @TaskLocal static var links: [Link] = []
}
