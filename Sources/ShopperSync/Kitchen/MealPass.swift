import Foundation
import ShopperModel
import ShopperSyncModel

/// One merge of the meals calendar into the plan: an event that names a recipe of the book (by
/// its UID, or by its summary, "Chili for 4", for one a calendar app made) is a meal; any other
/// is a note on its day.
struct MealPass {
    /// What the store knew when the merge began: records, recipes, notes.
    struct Known {
        let byHref: [String: KitchenRecord]
        let byUID: [String: KitchenRecord]
        let pending: [Int64: Int64]
        let recipeByUID: [String: RecipeID]
        let recipeByTitle: [String: Recipe]
        let book: [RecipeID: Recipe]
        let notesByHref: [String: PlanNote]
        let first: Bool
        /// The first day a note is kept for: a plan never shows the weeks before it again.
        let oldestNote: PlanDay
    }

    private let known: Known
    private var meals: [MealID: Meal]
    /// Meals here no event stands for, by recipe and day: a first sync (or one after sharing
    /// again) takes the event of the same meal as this one, instead of a second meal.
    private var unrecorded: [String: MealID]
    var write = KitchenWrite()
    var received = 0
    var deletedHere = 0
    var arrivals: [Arrival] = []
    /// Meals added to a list here, taken off elsewhere: their shares come off that list.
    var takenOff: [(MealID, ListID)] = []
    /// Meals added to a list here whose servings changed elsewhere.
    var resized: [(MealID, ListID, Int)] = []
    /// The records of `resized` meals as the server has them: saved once the list changed.
    var rebased: [KitchenRecord] = []

    /// Whether the list must change before this merge's records and token may be kept.
    var changesLists: Bool { !(takenOff.isEmpty && resized.isEmpty) }
    /// Notes the plan will hold after this merge; past `KitchenLimits.maxNotes`, no more are kept.
    private var noteCount: Int
    /// Events naming no recipe not kept as notes: more than the plan keeps.
    var notesNotKept = 0

    init(records: [KitchenRecord], pending: [Int64: Int64], meals: [Meal], book: [Recipe],
         recipeRecords: [KitchenRecord], notes: [PlanNote], first: Bool, today: PlanDay) {
        let oldest = PlanDay(today.date().addingTimeInterval(-Double(KitchenLimits.noteDaysBack) * 86_400))
        known = Known(
            byHref: Dictionary(records.map { ($0.href, $0) }, uniquingKeysWith: { a, _ in a }),
            byUID: Dictionary(records.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a }),
            pending: pending,
            recipeByUID: Dictionary(recipeRecords.map { ($0.uid, RecipeID($0.id)) }, uniquingKeysWith: { a, _ in a }),
            recipeByTitle: Dictionary(book.map { (SearchQuery.fold($0.title), $0) }, uniquingKeysWith: { a, _ in a }),
            book: Dictionary(book.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }),
            notesByHref: Dictionary(notes.map { ($0.href, $0) }, uniquingKeysWith: { a, _ in a }),
            first: first, oldestNote: oldest)
        self.meals = Dictionary(meals.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let recorded = Set(records.map(\.id))
        unrecorded = Dictionary(
            meals.filter { !recorded.contains($0.id.raw) }.map { (Self.key($0.recipe, $0.day), $0.id) },
            uniquingKeysWith: { a, _ in a })
        // Notes that fell behind the oldest day go, however long unchanged on the server.
        let old = notes.filter { $0.day < oldest }
        write.removedNotes = old.map(\.uid)
        noteCount = known.notesByHref.count - old.count
    }

    mutating func take(_ remote: KitchenEngine.RemoteMeal, ids: inout IDSource) {
        let named = MealText.named(remote.meal.summary)
        let recipe = remote.meal.recipeUID.flatMap { known.recipeByUID[$0] }.flatMap { known.book[$0] }
            ?? known.recipeByTitle[SearchQuery.fold(named.title)]
        guard let recipe else { return note(remote) }
        if known.notesByHref[remote.href] != nil { write.removedNotes.append(remote.meal.uid) }
        let servings = min(max(remote.meal.servings ?? named.servings ?? recipe.baseServings, 1),
                           RecipeDraft.maxServings)
        guard let record = known.byHref[remote.href] ?? known.byUID[remote.meal.uid] else {
            if let same = unrecorded.removeValue(forKey: Self.key(recipe.id, remote.meal.day)),
               let local = meals[same] {
                let adopted = KitchenRecord(kind: .meal, id: same.raw, uid: remote.meal.uid, href: remote.href,
                                            etag: remote.etag, base: remote.text, syncedStamp: -1)
                return merge(remote, record: adopted, base: nil, local: local, servings: servings)
            }
            return create(remote, recipe: recipe.id, servings: servings, ids: &ids)
        }
        let base = Self.base(of: record, remote: remote.meal)
        guard let local = meals[MealID(record.id)] else {
            // Taken off here, changed there: the change is kept, as a meal again, on no list (its
            // share left the list when it was taken off here) and sent so (`fresh`).
            if base != remote.meal {
                write.removedRecords.append((.meal, record.id))
                create(remote, recipe: recipe.id, servings: servings, ids: &ids, fresh: true)
            }
            return
        }
        merge(remote, record: record, base: base, local: local, servings: servings)
    }

    /// Gone from the server: off the plan here too (through the list, when added here), unless
    /// changed here since.
    mutating func remove(_ href: String) {
        if let n = known.notesByHref[href] { write.removedNotes.append(n.uid) }
        guard let record = known.byHref[href] else { return }
        let id = MealID(record.id)
        guard let meal = meals[id], known.pending[record.id] == nil else {
            return write.removedRecords.append((.meal, record.id))
        }
        if let list = meal.list {
            // Its record goes once its share is off the list (`listChanged`), not before.
            takenOff.append((id, list))
        } else {
            write.removedRecords.append((.meal, record.id))
            write.meals[id] = .some(nil)
            deletedHere += 1
        }
        meals[id] = nil
    }

    private mutating func merge(_ remote: KitchenEngine.RemoteMeal, record: KitchenRecord, base: SharedMeal?,
                                local: Meal, servings: Int) {
        var r = record
        (r.href, r.etag, r.base, r.sent) = (remote.href, remote.etag, remote.text, nil)
        let changedHere = known.pending[record.id] != nil
        guard base != remote.meal else { return write.records.append((r, clean: !changedHere)) }
        var kept = local
        // Field by field: one changed there is taken, unless this desktop changed that same field
        // (then its value stays, and is sent). Another field changed here (the meal added to a
        // list) does not hold back a day or servings changed there.
        if base?.day != remote.meal.day, base.map({ $0.day == local.day }) ?? true { kept.day = remote.meal.day }
        if base?.servings != remote.meal.servings, base.map({ $0.servings == local.servings }) ?? true,
           servings != local.servings {
            if let list = local.list {
                // Its record follows once the list has changed by the difference (`listChanged`).
                resized.append((local.id, list, servings))
                rebased.append(r)
            } else {
                kept.servings = servings
            }
        }
        if local.list == nil { kept.addedElsewhere = remote.meal.addedTo }
        if kept != local {
            write.meals[local.id] = kept
            meals[local.id] = kept
            received += 1
        }
        if !rebased.contains(where: { $0.id == r.id }) { write.records.append((r, clean: !changedHere)) }
    }

    private mutating func create(_ remote: KitchenEngine.RemoteMeal, recipe: RecipeID, servings: Int,
                                 ids: inout IDSource, fresh: Bool = false) {
        let id = ids.newMealID()
        let last = meals.values.filter { $0.day == remote.meal.day }.map(\.position).max() ?? 0
        let meal = Meal(id: id, recipe: recipe, day: remote.meal.day, servings: servings, position: last + 1,
                        addedElsewhere: fresh ? nil : remote.meal.addedTo, plannedBy: remote.meal.plannedBy)
        write.meals[id] = meal
        meals[id] = meal
        write.records.append((KitchenRecord(kind: .meal, id: id.raw, uid: remote.meal.uid, href: remote.href,
                                            etag: remote.etag, base: remote.text, syncedStamp: 0), clean: !fresh))
        received += 1
        if !known.first {
            arrivals.append(Arrival(kind: .planned, what: remote.meal.summary, by: remote.meal.plannedBy, list: nil,
                                    day: remote.meal.day))
        }
    }

    /// A note on its day: kept from `oldestNote` on, and while the plan holds fewer than
    /// `KitchenLimits.maxNotes` (a calendar of thousands of events costs no more).
    private mutating func note(_ remote: KitchenEngine.RemoteMeal) {
        let kept = known.notesByHref[remote.href]
        guard remote.meal.day >= known.oldestNote else {
            if let kept { write.removedNotes.append(kept.uid) }
            return
        }
        if kept == nil {
            guard noteCount < KitchenLimits.maxNotes else { return notesNotKept += 1 }
            noteCount += 1
        }
        write.notes.append(PlanNote(uid: remote.meal.uid, href: remote.href, etag: remote.etag, day: remote.meal.day,
                                    summary: String(remote.meal.summary.prefix(200))))
    }

    private static func key(_ recipe: RecipeID, _ day: PlanDay) -> String { "\(recipe.raw) \(day)" }

    static func base(of record: KitchenRecord, remote: SharedMeal) -> SharedMeal? {
        if let sent = record.sent.flatMap({ try? EventMapping.meal(from: $0) }), sent == remote { return sent }
        return record.base.flatMap { try? EventMapping.meal(from: $0) }
    }
}
