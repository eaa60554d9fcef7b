import Foundation
import DispatchKit
for s in CommandLine.arguments.dropFirst() {
    do {
        let u = try DispatchURL(string: s)
        print(s, "=>", u.scheme as Any, u.host as Any, u.port as Any, u.paths, u.queryItems.map { "\($0.name)=\($0.value ?? "nil")" }, u.query, u.fragment as Any, "|", u.description, "|", u.url.absoluteString, "| rt:", (try? DispatchURL(string: u.description)) == u)
    } catch { print(s, "=> ERROR", error) }
}
