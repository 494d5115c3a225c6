/// The item editor's place: a sub-page sliding over the lists it edits (a swipe or Back returns),
/// one over the other at every width. The editor is built into it the first time it is needed:
/// most starts never open it.
@MainActor
final class EditorPlace {
    /// "lists" or "editor".
    let body = Leaflet()
    private let holder = Box(.vertical)
    private(set) var editor: ItemEditor?
    /// What the editor slides over: the lists' column.
    let lists: Widget

    init(over lists: Widget) {
        self.lists = lists
        holder.widget.expand(h: true, v: true)
        body.append(lists, name: "lists")
        body.append(holder.widget, name: "editor")
        body.canUnfold(false)
    }

    var isOpen: Bool { body.visibleName == "editor" }
    func open() { body.visibleName = "editor" }
    func close() { body.visibleName = "lists" }

    func place(_ editor: ItemEditor) {
        editor.page.widget.expand(h: true, v: true)
        holder.append(editor.page.widget)
        self.editor = editor
    }

    /// The editor edits one list's model: another list shown, it is built again when next needed.
    func drop() {
        if let editor { holder.remove(editor.page.widget) }
        editor = nil
    }
}
