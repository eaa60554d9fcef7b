import DispatchKit
import DispatchTestSupport

// The class pool for the differential tests. Swift cannot create classes at run time, so a case
// with N distinct activity classes uses N of these fixed slots; what each slot answers (priority,
// patterns, isHit behaviour) comes from `DifferentialTable`, which a case fills before it
// registers the slots with a fresh center (priority is read at registration, patterns when the
// center rebuilds its index after a change).
//
// The table is @MainActor and each case runs synchronously (no suspension point between filling
// the table and its last query), so cases cannot see each other's entries even when Swift Testing
// runs tests in parallel.

/// What one slot answers.
struct DifferentialEntry {
    var priority = 0
    var patterns: [RoutePattern] = []
    var hit = ReferenceHit.patterns
}

@MainActor
enum DifferentialTable {
    nonisolated static let slotCount = 50
    static var entries = [DifferentialEntry](repeating: DifferentialEntry(), count: slotCount)
}

/// The base of every slot; never registered itself.
class DifferentialFixture: DispatchActivity {
    class var slot: Int { -1 }

    override class var priority: Int { DifferentialTable.entries[slot].priority }

    override class var patterns: [RoutePattern] { DifferentialTable.entries[slot].patterns }

    override class func isHit(url: DispatchURL) -> Bool {
        switch DifferentialTable.entries[slot].hit {
        case .patterns:
            return super.isHit(url: url)
        case .custom(let predicate):
            return predicate.evaluate(url)
        case .veto(let predicate, let callsSuper):
            return (callsSuper ? super.isHit(url: url) : true) && !predicate.evaluate(url)
        }
    }
}

/// The slot number of a class from the pool (`nil` for any other class).
@MainActor
func differentialSlot(_ type: DispatchActivity.Type) -> Int? {
    (type as? DifferentialFixture.Type)?.slot
}

final class DifferentialSlot00: DifferentialFixture { override class var slot: Int { 0 } }
final class DifferentialSlot01: DifferentialFixture { override class var slot: Int { 1 } }
final class DifferentialSlot02: DifferentialFixture { override class var slot: Int { 2 } }
final class DifferentialSlot03: DifferentialFixture { override class var slot: Int { 3 } }
final class DifferentialSlot04: DifferentialFixture { override class var slot: Int { 4 } }
final class DifferentialSlot05: DifferentialFixture { override class var slot: Int { 5 } }
final class DifferentialSlot06: DifferentialFixture { override class var slot: Int { 6 } }
final class DifferentialSlot07: DifferentialFixture { override class var slot: Int { 7 } }
final class DifferentialSlot08: DifferentialFixture { override class var slot: Int { 8 } }
final class DifferentialSlot09: DifferentialFixture { override class var slot: Int { 9 } }
final class DifferentialSlot10: DifferentialFixture { override class var slot: Int { 10 } }
final class DifferentialSlot11: DifferentialFixture { override class var slot: Int { 11 } }
final class DifferentialSlot12: DifferentialFixture { override class var slot: Int { 12 } }
final class DifferentialSlot13: DifferentialFixture { override class var slot: Int { 13 } }
final class DifferentialSlot14: DifferentialFixture { override class var slot: Int { 14 } }
final class DifferentialSlot15: DifferentialFixture { override class var slot: Int { 15 } }
final class DifferentialSlot16: DifferentialFixture { override class var slot: Int { 16 } }
final class DifferentialSlot17: DifferentialFixture { override class var slot: Int { 17 } }
final class DifferentialSlot18: DifferentialFixture { override class var slot: Int { 18 } }
final class DifferentialSlot19: DifferentialFixture { override class var slot: Int { 19 } }
final class DifferentialSlot20: DifferentialFixture { override class var slot: Int { 20 } }
final class DifferentialSlot21: DifferentialFixture { override class var slot: Int { 21 } }
final class DifferentialSlot22: DifferentialFixture { override class var slot: Int { 22 } }
final class DifferentialSlot23: DifferentialFixture { override class var slot: Int { 23 } }
final class DifferentialSlot24: DifferentialFixture { override class var slot: Int { 24 } }
final class DifferentialSlot25: DifferentialFixture { override class var slot: Int { 25 } }
final class DifferentialSlot26: DifferentialFixture { override class var slot: Int { 26 } }
final class DifferentialSlot27: DifferentialFixture { override class var slot: Int { 27 } }
final class DifferentialSlot28: DifferentialFixture { override class var slot: Int { 28 } }
final class DifferentialSlot29: DifferentialFixture { override class var slot: Int { 29 } }
final class DifferentialSlot30: DifferentialFixture { override class var slot: Int { 30 } }
final class DifferentialSlot31: DifferentialFixture { override class var slot: Int { 31 } }
final class DifferentialSlot32: DifferentialFixture { override class var slot: Int { 32 } }
final class DifferentialSlot33: DifferentialFixture { override class var slot: Int { 33 } }
final class DifferentialSlot34: DifferentialFixture { override class var slot: Int { 34 } }
final class DifferentialSlot35: DifferentialFixture { override class var slot: Int { 35 } }
final class DifferentialSlot36: DifferentialFixture { override class var slot: Int { 36 } }
final class DifferentialSlot37: DifferentialFixture { override class var slot: Int { 37 } }
final class DifferentialSlot38: DifferentialFixture { override class var slot: Int { 38 } }
final class DifferentialSlot39: DifferentialFixture { override class var slot: Int { 39 } }
final class DifferentialSlot40: DifferentialFixture { override class var slot: Int { 40 } }
final class DifferentialSlot41: DifferentialFixture { override class var slot: Int { 41 } }
final class DifferentialSlot42: DifferentialFixture { override class var slot: Int { 42 } }
final class DifferentialSlot43: DifferentialFixture { override class var slot: Int { 43 } }
final class DifferentialSlot44: DifferentialFixture { override class var slot: Int { 44 } }
final class DifferentialSlot45: DifferentialFixture { override class var slot: Int { 45 } }
final class DifferentialSlot46: DifferentialFixture { override class var slot: Int { 46 } }
final class DifferentialSlot47: DifferentialFixture { override class var slot: Int { 47 } }
final class DifferentialSlot48: DifferentialFixture { override class var slot: Int { 48 } }
final class DifferentialSlot49: DifferentialFixture { override class var slot: Int { 49 } }

@MainActor
enum DifferentialSlots {
    static let all: [DifferentialFixture.Type] = [
        DifferentialSlot00.self,
        DifferentialSlot01.self,
        DifferentialSlot02.self,
        DifferentialSlot03.self,
        DifferentialSlot04.self,
        DifferentialSlot05.self,
        DifferentialSlot06.self,
        DifferentialSlot07.self,
        DifferentialSlot08.self,
        DifferentialSlot09.self,
        DifferentialSlot10.self,
        DifferentialSlot11.self,
        DifferentialSlot12.self,
        DifferentialSlot13.self,
        DifferentialSlot14.self,
        DifferentialSlot15.self,
        DifferentialSlot16.self,
        DifferentialSlot17.self,
        DifferentialSlot18.self,
        DifferentialSlot19.self,
        DifferentialSlot20.self,
        DifferentialSlot21.self,
        DifferentialSlot22.self,
        DifferentialSlot23.self,
        DifferentialSlot24.self,
        DifferentialSlot25.self,
        DifferentialSlot26.self,
        DifferentialSlot27.self,
        DifferentialSlot28.self,
        DifferentialSlot29.self,
        DifferentialSlot30.self,
        DifferentialSlot31.self,
        DifferentialSlot32.self,
        DifferentialSlot33.self,
        DifferentialSlot34.self,
        DifferentialSlot35.self,
        DifferentialSlot36.self,
        DifferentialSlot37.self,
        DifferentialSlot38.self,
        DifferentialSlot39.self,
        DifferentialSlot40.self,
        DifferentialSlot41.self,
        DifferentialSlot42.self,
        DifferentialSlot43.self,
        DifferentialSlot44.self,
        DifferentialSlot45.self,
        DifferentialSlot46.self,
        DifferentialSlot47.self,
        DifferentialSlot48.self,
        DifferentialSlot49.self,
    ]
}
