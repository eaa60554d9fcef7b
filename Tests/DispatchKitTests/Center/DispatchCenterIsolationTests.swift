import DispatchKit
import Testing

private final class Worker: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "work" }
    override func execute() throws {
        try super.execute()
        // Activities run on the main actor, whoever called dispatch.
        MainActor.assertIsolated()
        if let index = userInfo["index"] as? Int { log?.events.append("index \(index)") }
    }
}
private final class BackgroundFallback: CenterTestActivity {}

/// Callers on other threads reach the `@MainActor` center with `await`.
@MainActor
@Suite struct DispatchCenterIsolationTests {
    @Test func dispatchFromADetachedTask() async throws {
        let center = DispatchCenter()
        center.register(Worker.self)
        let log = CenterTestLog()
        let userInfo = log.userInfo
        let result = await Task.detached {
            await center.dispatch("app://x/work?id=1", userInfo: userInfo)
        }.value
        #expect(result.isHandled)
        #expect(result.activity is Worker)
        #expect(result.url?.query["id"] == "1")
        #expect(log.executeCount(Worker.self) == 1)
    }

    @Test func resultValuePartsAreReadableOffTheMainActor() async throws {
        let center = DispatchCenter()
        center.register(Worker.self)
        center.fallback = BackgroundFallback.self
        let (handled, hasFailure, path, description) = await Task.detached {
            let result = await center.dispatch("app://x/work")
            let invalid = await center.dispatch("app://x/%zz")
            // `isHandled`, `failure` and `url` are nonisolated: read them here, off the main actor.
            return (
                result.isHandled, result.failure != nil, result.url?.firstPath, invalid.failure?.description
            )
        }.value
        #expect(handled)
        #expect(!hasFailure)
        #expect(path == "work")
        #expect(description == "invalid URL: malformed percent-escape \"%zz\" at offset 8")
    }

    @Test func fallbackFromADetachedTask() async {
        let center = DispatchCenter()
        center.fallback = BackgroundFallback.self
        let result = await Task.detached { await center.dispatch("https://example.com/") }.value
        #expect(result.isHandled)
        #expect(result.activity is BackgroundFallback)
    }

    @Test func manyConcurrentDetachedDispatches() async throws {
        let center = DispatchCenter()
        center.register(Worker.self)
        let log = CenterTestLog()
        let count = 200
        let tasks = (0..<count).map { index in
            Task.detached {
                var userInfo = log.userInfo
                userInfo["index"] = index
                return await center.dispatch("app://x/work/\(index)", userInfo: userInfo)
            }
        }
        var results: [DispatchResult] = []
        for task in tasks { results.append(await task.value) }

        #expect(results.count == count)
        #expect(results.allSatisfy { $0.isHandled })
        #expect(log.executeCount(Worker.self) == count)
        #expect(log.initCount(Worker.self) == count)
        // Every dispatch reached the activity with its own userInfo and URL.
        let indices = Set(log.events.compactMap { $0.hasPrefix("index ") ? Int($0.dropFirst(6)) : nil })
        #expect(indices == Set(0..<count))
        let paths = Set(results.compactMap { $0.activity?.paths.last })
        #expect(paths == Set((0..<count).map(String.init)))
        // Concurrent callers never nest: no dispatch hit the depth limit.
        #expect(results.allSatisfy { $0.failure == nil })
    }

    @Test func concurrentDispatchesWithATaskGroup() async {
        let center = DispatchCenter()
        center.register(Worker.self)
        let log = CenterTestLog()
        let userInfo = log.userInfo
        let handled = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask {
                    await center.dispatch("app://x/work/\(index)", userInfo: userInfo).isHandled
                }
            }
            var handled = 0
            for await isHandled in group where isHandled { handled += 1 }
            return handled
        }
        #expect(handled == 100)
        #expect(log.executeCount(Worker.self) == 100)
    }
}
