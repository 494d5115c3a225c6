import Foundation
import ShopperModel
import ShopperSyncModel

/// Where the window is, for a notification: a list, the week's plan, or elsewhere.
enum ArrivalPlace: Equatable {
    case list(ListID)
    case plan
    case elsewhere

    /// The notification's id: a newer one for the same list (or the plan) replaces the older.
    var notificationID: String? {
        switch self {
        case .list(let id): "shopper-list-\(id.raw)"
        case .plan: "shopper-plan"
        case .elsewhere: nil
        }
    }
}

/// A word when someone else changed a shared list or the plan: when a sync brings another device's
/// changes (`SyncReport.arrivals`) while the window is in the background, one desktop notification
/// per list and one for the plan, saying what `ArrivalWords` says, that opens the list or the plan
/// (`installActions`). Withdrawn once the window shows that list or the plan. Not when the person
/// turned them off (Preferences), nor for what they see happen in the window in front of them.
@MainActor
final class ArrivalNotifier {
    private unowned let host: any SharingHost
    /// The notifications sent and not withdrawn since.
    private(set) var posted: Set<String> = []

    /// The action a list's notification runs, with the list's id as its target.
    static let listAction = "open-list"
    /// The action the plan's notification runs.
    static let planAction = "open-plan"

    init(host: any SharingHost) { self.host = host }

    /// Whether the person sees the window: it has the desktop's focus, and is on screen.
    private var inFront: Bool { host.window.isActive && host.window.widget.isMapped }

    /// A sync ended: a notification for each list another device changed, and for the plan.
    func heard(_ outcomes: [SyncController.Outcome], kitchen: SyncReport?, today: PlanDay = PlanDay(Date())) {
        guard host.preferences.bool(.notifyChanges), !inFront, let app = Application(of: host.window) else { return }
        for o in outcomes {
            let report = o.report
            guard let notice = ArrivalWords.list(report.arrivals, beyond: report.arrivalsBeyond, named: o.list.name),
                  let id = ArrivalPlace.list(o.list.id).notificationID else { continue }
            app.sendNotification(id: id, title: notice.title, body: notice.body, action: "app." + Self.listAction,
                                 target: "\(o.list.id.raw)")
            posted.insert(id)
        }
        if let kitchen, let notice = ArrivalWords.plan(kitchen.arrivals, beyond: kitchen.arrivalsBeyond, today: today),
           let id = ArrivalPlace.plan.notificationID {
            app.sendNotification(id: id, title: notice.title, body: notice.body, action: "app." + Self.planAction,
                                 target: nil)
            posted.insert(id)
        }
    }

    /// The window shows a place, or came to the front: that place's notification goes (it is seen).
    func looked() {
        guard inFront, let id = host.arrivalPlace.notificationID, posted.remove(id) != nil else { return }
        Application(of: host.window)?.withdrawNotification(id: id)
    }

    /// The notifications' actions on the application: each presents the window (made first when the
    /// application had none, as a click after the window was closed starts it) on the list or the plan.
    static func installActions(on app: Application, window: @escaping @MainActor () -> MainWindow?) {
        let actions = ActionMap(app)
        guard !actions.has(listAction) else { return }
        actions.add(listAction, stringParameter: true) { target in
            guard let raw = target.flatMap(Int64.init) else { return }
            window()?.showArrived(.list(ListID(raw)))
        }
        actions.add(planAction, stringParameter: false) { _ in window()?.showArrived(.plan) }
    }
}
