import DispatchKit

// The DispatchKit side of the "Migrating from other routers" article.

enum MigratingExamples {
    @MainActor
    static func fromJLRoutes() {
        // snippet: migrating-jlroutes
        final class UserActivity: DispatchActivity {
            override class var patterns: [RoutePattern] { ["/user/view/:userID"] }

            override func execute() throws {
                print("show user", parameters["userID"] ?? "")
            }
        }

        DispatchCenter.shared.register(UserActivity.self)
        DispatchCenter.shared.dispatch("myapp://user/view/joeldev")
        // snippet: end
    }

    @MainActor
    static func fromURLNavigator() {
        // snippet: migrating-urlnavigator
        final class UserPageActivity: DispatchActivity {
            override class var patterns: [RoutePattern] { ["myapp://user/:id<int>"] }

            override func execute() throws {
                print("push UserViewController(userID: \(parameters.int("id") ?? 0))")
            }
        }

        final class AlertActivity: DispatchActivity {
            override class var patterns: [RoutePattern] { ["myapp://alert"] }

            override func execute() throws {
                print("alert", query["title"] ?? "")
            }
        }

        let center = DispatchCenter.shared
        center.register([UserPageActivity.self, AlertActivity.self])
        center.dispatch("myapp://user/123")
        center.dispatch("myapp://alert?title=Hello")
        // snippet: end
    }

    @MainActor
    static func fromMGJRouter() {
        // snippet: migrating-mgjrouter
        final class TravelActivity: DispatchActivity {
            override class var patterns: [RoutePattern] { ["mgj://category/travel"] }

            override func execute() throws {
                print("user info:", userInfo["user_id"] as? Int ?? 0)
            }
        }

        let center = DispatchCenter.shared
        center.register(TravelActivity.self)
        center.dispatch("mgj://category/travel", userInfo: ["user_id": 1900])
        // snippet: end
    }
}
