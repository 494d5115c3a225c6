import ShopperModel

/// Where a notification of another device's changes takes the person (`ArrivalNotifier`), and
/// where the window is, for the notification of that place to go once it is seen.
extension MainWindow {
    /// The list or the plan a notification told of, in front.
    func showArrived(_ place: ArrivalPlace) {
        switch place {
        case .list(let id):
            if model.lists.all.contains(where: { $0.id == id }) {
                if items.isEditing { items.closeEditor() }
                showList(id)
                showLists()
                lists.pane.showContent()
                // The Searches or Trips page shows no list.
                if currentListPage == nil { show(.shopping) }
            }
        case .plan:
            if items.isEditing { items.closeEditor() }
            recipes.showWeek()
            lists.pane.showContent()
        case .elsewhere: break
        }
        present()
        features.sharing.notices.looked()
    }

    /// The list shown, or the plan, for the notifications.
    var arrivalPlace: ArrivalPlace {
        if lists.pane.isShowingRecipes { return recipes.place.isShowingWeek ? .plan : .elsewhere }
        return currentListPage == nil ? .elsewhere : .list(model.list)
    }

    /// The window coming to the front, or the plan shown, withdraws what it shows.
    func followArrivals() {
        window.widget.onPointer("notify::is-active") { [weak self] _ in self?.features.sharing.notices.looked() }
        let weekShown = recipes.place.onWeekShown
        recipes.place.onWeekShown = { [weak self] in
            weekShown?()
            self?.features.sharing.notices.looked()
        }
    }
}
