import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

/// The work of the search for links with an encoded slash, counted: which routes it considers for
/// each exposed route and how many points of the walk it visits. Its answers are checked against
/// the live center in AndroidIntentFilterTests.swift.
@Suite struct AndroidIntentFilterEncodedSlashesTests {
    /// An app of `modules` modules under one shared first segment (`/shop/m3/item/:id`), each with
    /// literal routes, an internal route, typed routes and a `*`; with `crossing`, also an exposed
    /// `/:locale/:ref/m3` per module, which takes links of every module's `*` route
    /// (`/shop%2Fm1/files/m3`).
    static func manifest(modules: Int, crossing: Bool = false) -> RouteManifest {
        var entries: [(String, Bool)] = []
        for module in 0..<modules {
            let base = "/shop/m\(module)"
            entries += [
                ("\(base)/page", true), ("\(base)/settings/privacy", true), ("\(base)/item/:id", true),
                ("\(base)/user/:uid/profile", false), ("\(base)/order/:oid<int>/line/:lid<int>", true),
                ("\(base)/kind/:k<new|hot>", true), ("\(base)/files/*", true),
            ]
            if crossing {
                entries.append(("/:locale/:ref/m\(module)", true))
            }
        }
        entries.append(("/:slug", false))
        return LinkRouteSet("\(modules) modules", entries).manifest
    }

    static func encodedSlashes(_ manifest: RouteManifest) throws -> (
        AndroidIntentFilter.EncodedSlashes, [LinkPathForm]
    ) {
        let domains = try LinkDomain.domains(["test.com"], as: .host)
        let forms = LinkPathForm.forms(of: manifest, domains: domains)
        return (AndroidIntentFilter.EncodedSlashes(forms: forms, domains: domains), forms)
    }

    // Regression: each exposed route's search considered every route of the manifest, so
    // generating the Android filter of a 600-route app took ten times as long as before the
    // search, growing with the square of the routes. A route whose first literals differ from the
    // exposed route's, or that has no plain parameter and no `*`, can take none of its links.
    @Test func eachRouteIsSearchedAgainstTheRoutesThatCanTakeItsLinksOnly() throws {
        for modules in [5, 20] {
            let (search, forms) = try Self.encodedSlashes(Self.manifest(modules: modules))
            var searchedWidely: [String] = []
            for (index, form) in forms.enumerated() where form.isExposed {
                let candidates = search.candidates(forFormAt: index).joined().map { forms[$0].route.pattern }
                let module = form.route.pattern.split(separator: "/")[1]
                // Its own module's routes with a plain parameter or a `*`, and the catch-all /:slug.
                if candidates.count > 4
                    || !candidates.allSatisfy({ $0 == "/:slug" || $0.hasPrefix("/shop/\(module)/") })
                {
                    searchedWidely.append("\(form.label): \(candidates)")
                }
            }
            #expect(searchedWidely.isEmpty, "\(modules) modules")
        }
    }

    // Regression: a value that only exposed routes list was tried at each point of the walk, so
    // an exposed `*` route's search visited a point per module when every module has an exposed
    // `/:locale/:ref/m3`. Such a value leads where a value no route lists leads, less routes that
    // only ever keep a link from being refused: the walk grows with the routes not exposed.
    @Test func exposedRoutesThatListAValueAddNoPointToTheWalk() throws {
        func visited(_ modules: Int) throws -> (total: Int, largest: Int) {
            let (search, forms) = try Self.encodedSlashes(Self.manifest(modules: modules, crossing: true))
            var total = 0
            var largest = 0
            for (index, form) in forms.enumerated() where form.isExposed {
                let states = search.finding(forFormAt: index).visitedStates
                total += states
                largest = max(largest, states)
            }
            return (total, largest)
        }
        let small = try visited(10)
        let large = try visited(40)
        // Four times the modules: no route's walk is longer, and there are four times as many.
        #expect(large.largest == small.largest, "\(small) \(large)")
        #expect(large.total == 4 * small.total, "\(small) \(large)")
    }
}
