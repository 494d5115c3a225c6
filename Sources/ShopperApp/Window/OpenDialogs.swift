/// The window's dialogs and secondary windows open now: kept alive while shown, presented again
/// rather than opened twice, let go when closed.
@MainActor
final class OpenDialogs {
    var preferences: ShopperPreferencesWindow?
    /// Import previews (several files may be previewed at once).
    var previews: [ImportPreview] = []
    /// The Finish Shopping step.
    var finish: FinishShoppingDialog?
    var recentlyDeleted: RecentlyDeletedWindow?
    var recipePaste: RecipePasteDialog?
    /// A recipe being read by the helper (one at a time).
    var recipeImport: RecipeImportProgress?
    /// Asked on Save when the book has the recipe already.
    var recipeDuplicate: RecipeDuplicateDialog?
    var recipeAdd: RecipeAddDialog?
    var meal: MealDialog?
    var staples: StaplesWindow?
}
