import Foundation
internal import GRDB

/// Recipes, the week's plan and items' shares (Schema v9). Written only as part of a change set
/// (`writeRecipes`), so each edit is one transaction and one undo step with the items it changes.
/// A file before v9 has none of them.
package struct RecipeTables: Sendable {
    let store: Store

    /// Every recipe, by title.
    package func recipes() throws(StoreError) -> [Recipe] {
        try store.read { db in try Self.recipes(db, where: "1") }
    }

    func recipe(_ id: RecipeID) throws(StoreError) -> Recipe? {
        try store.read { db in try Self.recipes(db, where: "id = ?", [id.raw]).first }
    }

    /// The plan's meals from `from` on (every meal for nil), by day and order.
    package func meals(from: PlanDay? = nil) throws(StoreError) -> [Meal] {
        try store.read { db in try Self.meals(db, where: "day >= ?", [from?.description ?? ""]) }
    }

    /// The shares of `items` (every share for nil), oldest first.
    func shares(of items: [ItemID]? = nil) throws(StoreError) -> [ItemShare] {
        try store.read { db in
            guard let items else { return try Self.shares(db, where: "1") }
            return try items.flatMap { try Self.shares(db, where: "item_id = ?", [$0.raw]) }
        }
    }

    /// What a meal's add put on the list, a line an item ("0.5 l Milk"), for the meal's event: so
    /// another desktop can say what the meal asked for without the shares themselves.
    package func shareLines(meal: MealID) throws(StoreError) -> [String] {
        try store.read { db in
            guard try db.tableExists("item_share") else { return [] }
            return try Row.fetchAll(db, sql: """
                SELECT s.added, s.item_unit, i.description FROM item_share s JOIN item i ON i.id = s.item_id
                WHERE s.meal_id = ? ORDER BY s.id
                """, arguments: [meal.raw]).map { r in
                let added = DecimalText.parse(r[0]).map { DecimalText.format($0, .neutral) } ?? (r[0] as String)
                return [added, r[1] as String?, r[2] as String].compactMap { $0 }.joined(separator: " ")
            }
        }
    }

    static func recipes(_ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible] = [])
        throws -> [Recipe]
    {
        guard try db.tableExists("recipe") else { return [] }
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, title, servings, yield_text, source, notes, created_at, updated_at FROM recipe
            WHERE \(condition) ORDER BY title COLLATE NOCASE, id
            """, arguments: StatementArguments(arguments))
        let lines = try db.cachedStatement(
            sql: "SELECT kind, text FROM recipe_line WHERE recipe_id = ? ORDER BY kind, position")
        return try rows.map { r in
            var byKind: [String: [String]] = [:]
            for l in try Row.fetchAll(lines, arguments: [r[0] as Int64]) { byKind[l[0], default: []].append(l[1]) }
            return Recipe(
                id: RecipeID(r[0]), title: r[1], servings: r[2], yieldText: r[3],
                ingredients: byKind["ingredient"] ?? [],
                          method: byKind["step"] ?? [], source: r[4], notes: r[5], tags: byKind["tag"] ?? [],
                          createdAt: StoreTime.date(r[6]), updatedAt: StoreTime.date(r[7]))
        }
    }

    static func meals(_ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible] = []) throws
        -> [Meal]
    {
        guard try db.tableExists("meal") else { return [] }
        // A file before v14, opened read-only, has no column for a meal added elsewhere.
        let v14 = try db.columns(in: "meal").contains { $0.name == "added_elsewhere" }
        let more = v14 ? "added_elsewhere, planned_by" : "NULL, NULL"
        return try Row.fetchAll(
            db,
            sql: """
                SELECT id, recipe_id, day, servings, position, list_id, \(more) FROM meal WHERE \(condition) \
                ORDER BY day, position, id
                """,
            arguments: StatementArguments(arguments)
        ).compactMap { r in
            guard let day = PlanDay(text: r[2]) else { return nil }
            return Meal(id: MealID(r[0]), recipe: RecipeID(r[1]), day: day, servings: r[3], position: r[4],
                        list: (r[5] as Int64?).map(ListID.init), addedElsewhere: r[6], plannedBy: r[7])
        }
    }

    static func shares(_ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible] = []) throws
        -> [ItemShare]
    {
        guard try db.tableExists("item_share") else { return [] }
        return try Row.fetchAll(db, sql: """
            SELECT id, item_id, meal_id, recipe_id, recipe_title, day, amount, unit, added, item_unit, before_quantity,
                   before_unit, made_item FROM item_share WHERE \(condition) ORDER BY id
            """, arguments: StatementArguments(arguments)).map { r in
            let before = (r[10] as String?).flatMap { DecimalText.parse($0) }.map {
                ItemShare.Before(quantity: $0, unit: r[11])
            }
            return ItemShare(
                id: ShareID(r[0]), item: ItemID(r[1]), meal: (r[2] as Int64?).map(MealID.init), recipe: RecipeID(r[3]),
                             recipeTitle: r[4], day: (r[5] as String?).flatMap(PlanDay.init(text:)),
                             amount: (r[6] as String?).flatMap(IngredientQuantity.init(storedText:)),
                             unit: (r[7] as String?).flatMap(MeasureUnit.withID), added: DecimalText.parse(r[8]) ?? 0,
                             itemUnit: r[9], before: before, madeItem: r[12])
        }
    }

    /// Descriptions of other lists' items that have an aisle, each pair once. The list's own items
    /// are not stepped through: "<>" would scan the whole table (6 ms of a recipe's add beside a
    /// list of 100,000), the two ranges of `item_list` read only the other lists.
    static func aislesByDescription(notOn list: ListID, _ db: Database) throws -> [(String, String)] {
        try Row.fetchAll(db, sql: """
            SELECT DISTINCT description, aisle FROM item WHERE (list_id < ? OR list_id > ?) AND aisle IS NOT NULL AND \
            aisle <> ''
            LIMIT 100000
            """, arguments: [list.raw, list.raw]).map { ($0[0], $0[1]) }
    }

    /// The next ids of recipes, meals and shares: above any ever used (AUTOINCREMENT keeps that).
    static func recipeIDs(_ ids: inout IDSource, _ db: Database) throws {
        guard try db.tableExists("recipe") else { return }
        ids.nextRecipe = 1 + (try Store.highestID(ever: "recipe", db))
        ids.nextMeal = 1 + (try Store.highestID(ever: "meal", db))
        ids.nextShare = 1 + (try Store.highestID(ever: "item_share", db))
    }

    static func writeRecipes(_ cs: ChangeSet, _ db: Database) throws {
        for (id, recipe) in cs.book.recipes {
            try db.execute(sql: "DELETE FROM recipe_line WHERE recipe_id = ?", arguments: [id.raw])
            try db.execute(sql: "DELETE FROM recipe WHERE id = ?", arguments: [id.raw])
            guard let r = recipe else { continue }
            try db.execute(sql: """
                INSERT INTO recipe (id, title, servings, yield_text, source, notes, created_at, updated_at) VALUES (?, \
                ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [
                    id.raw, r.title, r.servings, r.yieldText, r.source, r.notes, StoreTime.millis(r.createdAt),
                    StoreTime.millis(r.updatedAt)
                ])
            let line = try db.cachedStatement(
                sql: "INSERT INTO recipe_line (recipe_id, kind, position, text) VALUES (?, ?, ?, ?)")
            for (kind, texts) in [("ingredient", r.ingredients), ("step", r.method), ("tag", r.tags)] {
                for (i, t) in texts.enumerated() { try line.execute(arguments: [id.raw, kind, i, t]) }
            }
        }
        for (id, meal) in cs.book.meals {
            try db.execute(sql: "DELETE FROM meal WHERE id = ?", arguments: [id.raw])
            guard let m = meal else { continue }
            try db.execute(sql: """
                INSERT INTO meal (id, recipe_id, day, servings, position, list_id, added_elsewhere, planned_by) \
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    id.raw, m.recipe.raw, m.day.description, m.servings, m.position, m.list?.raw, m.addedElsewhere,
                    m.plannedBy,
                ])
        }
        try KitchenTables.stamp(cs.book, db)
        for (id, share) in cs.book.shares {
            try db.execute(sql: "DELETE FROM item_share WHERE id = ?", arguments: [id.raw])
            guard let s = share else { continue }
            try db.execute(sql: """
                INSERT INTO item_share (id, item_id, meal_id, recipe_id, recipe_title, day, amount, unit, added, \
                item_unit,
                                        before_quantity, before_unit, made_item) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \
                                        ?, ?, ?)
                """,
                arguments: [
                    id.raw, s.item.raw, s.meal?.raw, s.recipe.raw, s.recipeTitle, s.day?.description,
                    s.amount?.storedText,
                    s.unit?.id, DecimalText.format(s.added), s.itemUnit,
                    s.before.map { DecimalText.format($0.quantity) },
                                 s.before?.unit, s.madeItem])
        }
    }

    /// What a change set's recipes, meals and shares are now (nil: none), read through the
    /// write's connection: the undo step puts these back.
    static func recipeRows(of cs: ChangeSet, _ db: Database) throws -> RecipeBookChange {
        var back = RecipeBookChange()
        for id in cs.book.recipes.keys { back.recipes[id] = .some(try recipes(db, where: "id = ?", [id.raw]).first) }
        for id in cs.book.meals.keys { back.meals[id] = .some(try meals(db, where: "id = ?", [id.raw]).first) }
        // Read in a few queries, not one a share: a recipe's add writes a share a line.
        for id in cs.book.shares.keys { back.shares[id] = .some(nil) }
        let ids = Array(cs.book.shares.keys)
        for start in stride(from: 0, to: ids.count, by: 500) {
            let part = ids[start..<min(start + 500, ids.count)]
            let marks = Array(repeating: "?", count: part.count).joined(separator: ", ")
            for s in try shares(db, where: "id IN (\(marks))", part.map(\.raw)) { back.shares[s.id] = .some(s) }
        }
        return back
    }
}

extension MeasureUnit {
    static func withID(_ id: String) -> MeasureUnit? { byID[id] }
    private static let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
}
