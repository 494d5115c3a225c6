/// Collects one operation's changes inside its write transaction: new ids come from the store (so
/// no two processes use one), and new aisles join the order once per operation, however many items
/// name them (an import of 10,000 aisles is linear, not quadratic).
struct ChangeBuilder {
    var cs = ChangeSet()
    var ids: IDSource
    private var order: AisleOrder
    private var aislesChanged = false

    init(ids: IDSource, aisles: AisleOrder, list: ListID = .first) {
        cs = ChangeSet(list: list)
        self.ids = ids
        order = aisles
    }

    /// Applies fields to an item, using the existing spelling of a known aisle and adding a new
    /// aisle to the end of the aisle order.
    mutating func applying(_ fields: ItemFields, to item: Item) -> Item {
        var item = item
        var f = fields
        if let a = f.aisle {
            if let known = order.canonical(a) { f.aisle = known } else { order.append(a); aislesChanged = true }
        }
        item.apply(f)
        return item
    }

    /// An item the person moved to another aisle teaches that aisle for its name (`LearnedAisles`);
    /// moved to No Aisle, the name is forgotten. Written and undone with the move.
    mutating func teach(_ item: Item, movedFrom old: Item) {
        guard item.aisle != old.aisle else { return }
        let key = LearnedAisles.key(item.description)
        guard !key.isEmpty else { return }
        cs.learned[key] = .some(item.aisle)
    }

    /// How many aisles the order has, with those this operation added.
    var aisleCount: Int { order.names.count }

    mutating func setAisleOrder(_ names: [String]) {
        var o = AisleOrder(names)
        for a in order.names { o.append(a) }  // none may be lost
        order = o
        aislesChanged = true
    }

    var finished: ChangeSet {
        var c = cs
        if aislesChanged { c.aisleOrder = order.names }
        return c
    }
}
