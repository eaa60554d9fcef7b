/// The link a ``LinkActivity`` or an ``AsyncLinkActivity`` keeps: one allocation holding the
/// value, referred to by a pointer. The activity's code runs unspecialised, where a `Link?` would
/// be looked up as `Optional<Link>` in the runtime's metadata cache on each dispatch; a pointer's
/// optional has the same layout whatever `Link` is.
enum KeptLink {
    /// `link`, moved to memory of its own.
    static func keep<Link>(_ link: consuming Link) -> UnsafeMutablePointer<Link> {
        let kept = UnsafeMutablePointer<Link>.allocate(capacity: 1)
        kept.initialize(to: link)
        return kept
    }

    /// Frees what ``keep(_:)`` made.
    static func free<Link>(_ kept: UnsafeMutablePointer<Link>?) {
        guard let kept else { return }
        kept.deinitialize(count: 1)
        kept.deallocate()
    }
}
