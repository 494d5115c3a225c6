/// The window's own dialogs and secondary windows open now: kept alive while shown, presented
/// again rather than opened twice, let go when closed. (A feature's dialogs are its controller's.)
@MainActor
final class OpenDialogs {
    var preferences: ShopperPreferencesWindow?
    /// Import previews (several files may be previewed at once).
    var previews: [ImportPreview] = []
    /// The Finish Shopping step.
    var finish: FinishShoppingDialog?
}
