import ShopperModel

/// Where the window's parts go, built once by `MainWindow.init`: the lists' column, the content
/// beside the sidebar, the content's header.
@MainActor
enum WindowLayout {
    /// The window itself, its size and style.
    static func window(_ application: Application, minimumWidth: Int32) -> Window {
        let window = Window(application: application)
        window.title = AppInfo.name
        // Room for the sidebar of lists beside a list (it folds away below about 560 px).
        window.defaultSize(800, 720)
        // The list page the window builds first makes the rows of the height it opens at.
        Screenful.window(height: window.defaultHeight)
        // A phone's width (Phosh: 360 px) is the narrowest the window may be.
        window.minimumSize(minimumWidth, 480)
        window.widget.css("shopper")
        return window
    }

    /// The lists' column: the summary strip, the search and its results, the pages.
    static func listsColumn(_ strip: SummaryStrip, _ search: SearchPanel, _ pages: PageStack) -> Box {
        let column = Box(.vertical)
        // The colour below the rows, where a tall toast's room (InAppNotification.fitRoom) shows it.
        column.widget.css("lists")
        for part in [strip.root.widget, search.bar.widget, search.resultsView.widget, pages.stack.widget] {
            column.append(part)
        }
        return column
    }

    /// The content beside the sidebar: under the toasts, the lists' place (its header, filled in
    /// `layOut`, and the editor over the lists) or the recipes' (added by `ListsPane.add(recipes:)`);
    /// below them, out of the toasts' way, the bottom switcher of the place shown (a narrow window).
    static func content(_ editorPlace: EditorPlace, _ toast: InAppNotification, _ pages: PageStack,
                                _ pane: ListsPane) -> Box {
        toast.room = pages.room
        let header = pane.contentHeader
        let lists = Box(.vertical)
        editorPlace.body.widget.expand(v: true)
        for part in [header.widget, editorPlace.body.widget] { lists.append(part) }
        let places = pane.places
        places.add(lists.widget, name: ListsPane.listsPlace, title: L("Lists"), icon: "view-list-symbolic")
        toast.overlay.child(places.widget)
        toast.overlay.widget.expand(h: true, v: true)
        let content = Box(.vertical)
        for part in [toast.overlay.widget, pages.switcherBar.widget] { content.append(part) }
        content.widget.expand(h: true, v: true)
        return content
    }

    /// The lists' header: the pages' switcher as its title, the main menu, the Lists button (at
    /// phone width) and the shop.
    static func header(_ pane: ListsPane, title: Widget, shopButton: Widget) {
        let header = pane.contentHeader
        header.titleWidget(title)
        let menu = MenuButton(icon: "open-menu-symbolic", accessibleLabel: L("Main Menu"), menu: Menus.main())
        header.packEnd(menu.widget)
        header.packStart(pane.listsButton.widget)
        header.packStart(shopButton)
    }
}
