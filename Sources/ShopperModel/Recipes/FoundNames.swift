/// Names matched among the few that can match: a long list (the items of the list added to, the
/// other lists' descriptions with their aisles) is searched once for the phrases the names may mean
/// (`NameMatcher.keys`), and a matcher is made over what was found, in the list's own order, so
/// that it chooses what a matcher of the whole list would (of equals, the first).
struct FoundNames<Payload> {
    /// A description found: its place in the whole list, its words, and what it stands for.
    struct Found {
        let order: Int
        let name: String
        let payload: Payload
    }

    private let find: (Set<String>) -> [Found]
    /// Names and phrases looked for already: a week's meals are looked for together, then each
    /// is added (looking again for nothing new).
    private var names: Set<String> = []
    private var looked: Set<String> = []
    private var seen: Set<Int> = []
    private var found: [Found] = []
    private var matcher = NameMatcher([])

    init(find: @escaping (Set<String>) -> [Found]) { self.find = find }

    /// Looks for the phrases `names` may mean that were not looked for yet.
    mutating func look(for names: [String]) {
        let new = Set(names).subtracting(self.names)
        self.names.formUnion(new)
        let keys = Set(new.flatMap { NameMatcher.keys(for: $0) }).subtracting(looked)
        guard !keys.isEmpty else { return }
        looked.formUnion(keys)
        let more = find(keys).filter { seen.insert($0.order).inserted }
        guard !more.isEmpty else { return }
        found = (found + more).sorted { $0.order < $1.order }
        matcher = NameMatcher(found.map(\.name))
    }

    /// What the name means, of what was found (`look` first).
    func best(for name: String) -> Payload? { matcher.bestIndex(for: name).map { found[$0].payload } }

    /// Everything found that the name means as much as the best, the best first.
    func all(for name: String) -> [Payload] { matcher.bestIndices(for: name).map { found[$0].payload } }
}
