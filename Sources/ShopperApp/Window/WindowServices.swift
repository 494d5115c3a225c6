import ShopperModel

/// What a feature of the window (`RecipesController`, `SharingController`, `ShopsController`, …)
/// may ask of the window: the model of the list shown, the window to present its dialogs over,
/// the one message to say something in, and Undo. Nothing else of the window: each feature's own
/// protocol adds only what it needs, so what a feature can touch is read in one place.
@MainActor
protocol WindowServices: AnyObject {
    /// The model of the list shown: another one after the user switches lists.
    var model: ShoppingModel { get }
    /// What a feature's dialogs are presented over.
    var window: Window { get }
    /// The window's one message (a toast), with an action such as Undo.
    var toast: InAppNotification { get }
    /// Undoes the latest step; with `step`, only if that step is still the latest.
    func undo(step: Int?)
}

extension WindowServices {
    /// Says a failure in the window.
    func report(_ error: Error) { toast.show(error.localizedDescription) }

    /// Runs a model operation; a failure is shown in the window. Returns whether it succeeded.
    @discardableResult
    func attempt(_ f: () throws -> Void) -> Bool {
        do {
            try f()
            return true
        } catch {
            report(error)
            return false
        }
    }

    /// An Undo for the operation just done: it undoes that step only, and only while it is still
    /// the latest (the step's identity, not the stack's depth, which stops changing at its limit).
    func undoAction() -> @MainActor () -> Void {
        let step = model.undo.latestID
        return { [weak self] in if let step { self?.undo(step: step) } }
    }

    /// An Undo for an operation begun when the newest step was `before`, if it recorded a step
    /// (one that changed nothing records none: the toast's Undo would take back the step before).
    func undoAction(ifNewSince before: Int?) -> (@MainActor () -> Void)? {
        model.undo.latestID == before ? nil : undoAction()
    }

    /// Says what was done, with Undo of the step just made.
    func sayDone(_ text: String) { toast.show(text, actionTitle: L("Undo"), action: undoAction()) }

    /// The list shown, as the sidebar has it.
    var currentList: ShoppingList? { model.lists.all.first { $0.id == model.list } }
}
