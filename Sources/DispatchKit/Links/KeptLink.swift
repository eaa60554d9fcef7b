/// The link a ``LinkActivity`` or an ``AsyncLinkActivity`` keeps: one allocation holding the
/// value, referred to by a pointer. The activity's code runs unspecialised, where a `Link?` would
/// be looked up as `Optional<Link>` in the runtime's metadata cache on each dispatch; a pointer's
/// optional has the same layout whatever `Link` is.
enum KeptLink {
    /// The link of `request` decoded as `Link` and kept, for a class whose `linkType` is `Link`:
    /// what ``LinkActivity`` and ``AsyncLinkActivity`` do before they create the activity.
    ///
    /// - Throws: The refusal the center reports, naming the key, the text and the type.
    @MainActor static func decode<Link: DispatchLink>(
        _: Link.Type, from request: borrowing DispatchRequest, for activity: DispatchActivity.Type
    ) throws(DispatchCenter.LinkRefusal) -> UnsafeMutablePointer<Link> {
        // Decoded already when interceptors saw the request (a held request resumes with it).
        if let decoded = request.decodedLink, let kept = decoded.kept(as: Link.self) { return kept }
        do throws(LinkDecodingError) {
            return keep(
                try LinkDecoding.decode(
                    Link.self, from: LinkSource(request), case: request.linkCase, for: activity))
        } catch {
            throw DispatchCenter.linkRefusal(error.unlessNoCase(of: activity, in: request), request: request)
        }
    }

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
