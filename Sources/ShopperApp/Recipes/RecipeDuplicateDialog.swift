import Foundation
import ShopperModel

/// A recipe about to be kept that the book has already (the same page imported again, or the same
/// title and ingredients typed): **Replace** writes what was read over the one kept (its meals stay
/// with it), **Keep Both** keeps both, **Cancel** goes back to the text, nothing kept.
@MainActor
final class RecipeDuplicateDialog {
    enum Choice { case replace, keepBoth }

    let dialog: MessageDialog

    init(parent: Window, draft: RecipeDraft, kept: Recipe, onChoice: @escaping @MainActor (Choice) -> Void,
         onClosed: @escaping @MainActor () -> Void) {
        let why = kept.draft.source != nil && kept.draft.source == draft.source
            ? L("It was imported from the same address before.")
            : L("A recipe with the same title and ingredients is kept already.")
        dialog = MessageDialog(parent: parent, heading: L("“{recipe}” Is Kept Already", ["recipe": kept.title]),
                               body: why + " " + L("Replace it with what was read, or keep both?"))
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("both", L("Keep Both"))
        dialog.addResponse("replace", L("Replace"), suggested: true)
        dialog.closeResponse("cancel")
        dialog.onResponse { response in
            onClosed()
            switch response {
            case "replace": onChoice(.replace)
            case "both": onChoice(.keepBoth)
            default: break
            }
        }
        dialog.widget.nameButtons(icons: [:])
    }

    func present() { dialog.present() }
}
