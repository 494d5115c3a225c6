import Foundation
import ShopperModel
import ShopperSyncModel

/// A recipe being read by the sharing helper, shown while it is: the import dialog's heading,
/// what is read, a turning wheel and **Cancel** (or Escape), which ends the helper at once. The
/// helper's own bounds (30 s, its memory) end any read; Cancel is for the person who will not wait.
@MainActor
final class RecipeImportProgress {
    let source: String
    /// The helper's run, which Cancel ends.
    let handle = HelperRunHandle()
    private let dialog: MessageDialog
    /// Finished or cancelled: what the helper still says is not shown.
    private(set) var over = false

    init(parent: Window, source: String, onCancel: @escaping @MainActor () -> Void) {
        self.source = source
        dialog = MessageDialog.working(
            parent: parent, heading: L("Import a Recipe"), body: L("Reading {source}…", ["source": source]),
            label: L("Reading the recipe"))
        dialog.addResponse("cancel", L("Cancel"))
        dialog.closeResponse("cancel")
        // The dialog closes itself after its answer.
        dialog.onResponse { [weak self] _ in
            guard let self, !over else { return }
            over = true
            handle.cancel()
            onCancel()
        }
        dialog.widget.nameButtons(icons: [:])
    }

    func present() { dialog.present() }

    /// Its width as laid out (the tests' phone width).
    var width: Int32 { dialog.widget.width }

    /// Ends the read now (Cancel, or another import that takes its place); the dialog goes.
    func cancel() {
        guard !over else { return }
        over = true
        handle.cancel()
        dialog.destroy()
    }

    /// The read is over: the dialog goes without a word (what was read opens next).
    func finish() {
        guard !over else { return }
        over = true
        dialog.destroy()
    }

    /// Cancel pressed, as the person would (the tests).
    func pressCancel() { dialog.respond("cancel") }
}
