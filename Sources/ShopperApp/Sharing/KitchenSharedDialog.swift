import ShopperModel

/// The recipes and plan shared: where ("Meals" and "Recipes" on the server, as the user), how
/// their last sync went (brought up to date while the dialog is open), and Stop Sharing Recipes
/// and Plan, which keeps every recipe and meal here.
@MainActor
final class KitchenSharedDialog {
    let dialog: MessageDialog
    /// "Synced at 14:05", "Offline: …".
    let status = Label()

    init(parent: Window, binding: KitchenBinding, syncing: Bool, stop: @escaping @MainActor () -> Void) {
        let body =
            L("The meals are in the calendar “{meals}” and the recipes in “{recipes}”, on {server} as {user}.",
              ["meals": binding.meals.name, "recipes": binding.recipes.name, "server": binding.server,
               "user": binding.user])
            + " " + L("Stopping keeps every recipe and meal here.")
        dialog = MessageDialog(parent: parent, heading: L("Recipes and Plan Shared"), body: body)
        status.wrap()
        status.justify(.center)
        status.widget.css("dim-label")
        dialog.extraChild(status.widget)
        dialog.addResponse("stop", L("Stop Sharing Recipes and Plan"))
        dialog.destructive("stop")
        dialog.addResponse("close", L("Close"), suggested: true)
        dialog.closeResponse("close")
        dialog.onResponse { response in if response == "stop" { stop() } }
        update(binding, syncing: syncing)
        dialog.widget.nameButtons(icons: [:])
    }

    func present() { dialog.present() }

    /// The status now (a sync ended, or began).
    func update(_ binding: KitchenBinding, syncing: Bool) {
        let (text, detail) = KitchenStatus.text(binding, syncing: syncing)
        status.text = text
        status.widget.tooltip(detail ?? "")
        status.widget.accessibleLabel(L("Sync status: {status}", ["status": text]))
    }
}
