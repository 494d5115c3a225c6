import ShopperModel

/// Where a list goes when shared: a task list the user picked, a new one, or (the command line)
/// the one named as the list, else a new one.
package enum ShareTarget: Sendable, Equatable {
    case existing(RemoteCollection)
    case new(name: String)
    case sameNameOrNew
}

/// What the window and the command line ask of `shopper-sync`, the helper that alone loads the
/// network, iCalendar, XML and keyring libraries: a window whose lists are not shared never maps
/// them. Given as its arguments; a password goes on its standard input, never in the arguments
/// (which every process on the machine can read).
package enum HelperCommand: Sendable, Equatable {
    /// Syncs the lists (all shared lists when none is named).
    case sync(store: String, lists: [ListID])
    /// The account's task lists (password on standard input).
    case collections(server: String, user: String)
    /// Keeps the password, binds the list to its task list, and syncs it (password on standard input).
    case share(store: String, list: ListID, server: String, user: String, target: ShareTarget)
    /// Forgets the binding, and the password unless another list uses the account.
    case stop(store: String, list: ListID)
    /// The keyring's password for an account in use (the Share dialog offers it).
    case password(server: String, user: String)
    /// Shares the household's recipes and plan on the account (password on standard input): finds
    /// or makes the "Meals" calendar and the "Recipes" collection, and runs the first sync.
    case shareKitchen(store: String, server: String, user: String)
    /// Stops sharing the recipes and plan; everything stays here.
    case stopKitchen(store: String)
    /// The recipes of a web page or a file (a path or an address): libxml2 reads the page here,
    /// never in the window.
    case recipes(source: String)

    /// What the user asked for, to begin a sentence about it ("importing a recipe needs …").
    var task: String {
        switch self {
        case .recipes: L("importing a recipe")
        case .sync: L("syncing a shared list")
        case .collections, .share, .password: L("sharing a list")
        case .shareKitchen: L("sharing the recipes and plan")
        case .stopKitchen: L("stopping sharing")
        case .stop: L("stopping sharing")
        }
    }

    package var readsPassword: Bool {
        switch self {
        case .collections, .share, .shareKitchen: true
        default: false
        }
    }

    var arguments: [String] {
        switch self {
        case .sync(let store, let lists): ["sync", store] + lists.map { "\($0.raw)" }
        case .collections(let server, let user): ["collections", server, user]
        case .share(let store, let list, let server, let user, let target):
            ["share", store, "\(list.raw)", server, user] + {
                switch target {
                case .existing(let c): ["--existing", c.url, c.name]
                case .new(let name): ["--new", name]
                case .sameNameOrNew: []
                }
            }()
        case .stop(let store, let list): ["stop", store, "\(list.raw)"]
        case .password(let server, let user): ["password", server, user]
        case .recipes(let source): ["recipes", source]
        case .shareKitchen(let store, let server, let user): ["share-kitchen", store, server, user]
        case .stopKitchen(let store): ["stop-kitchen", store]
        }
    }

    /// The command `arguments` describe; nil for anything else (the helper is not a tool for people).
    package init?(arguments a: [String]) {
        let ids = a.dropFirst(2).map { Int64($0).map(ListID.init) }
        switch (a.first, a.count) {
        case ("sync", 2...) where !ids.contains(nil): self = .sync(store: a[1], lists: ids.compactMap { $0 })
        case ("collections", 3): self = .collections(server: a[1], user: a[2])
        case ("stop", 3): guard let id = ids[0] else { return nil }; self = .stop(store: a[1], list: id)
        case ("password", 3): self = .password(server: a[1], user: a[2])
        case ("recipes", 2): self = .recipes(source: a[1])
        case ("share-kitchen", 4): self = .shareKitchen(store: a[1], server: a[2], user: a[3])
        case ("stop-kitchen", 2): self = .stopKitchen(store: a[1])
        case ("share", 5...):
            guard let id = ids[0], let target = Self.target(Array(a.dropFirst(5))) else { return nil }
            self = .share(store: a[1], list: id, server: a[3], user: a[4], target: target)
        default: return nil
        }
    }

    private static func target(_ a: [String]) -> ShareTarget? {
        switch (a.first, a.count) {
        case (nil, 0): .sameNameOrNew
        case ("--existing", 3): .existing(RemoteCollection(url: a[1], name: a[2]))
        case ("--new", 2): .new(name: a[1])
        default: nil
        }
    }
}

/// One line of what the helper writes on its standard output, as JSON: a list's outcome, the task
/// lists found, a password, or why it could not.
package struct HelperReply: Codable, Sendable {
    /// A sync of the list runs elsewhere; this one waits for it.
    var waiting: Bool?
    /// The list a report or an error is about.
    var list: Int64?
    /// The report or error is the kitchen's (recipes and plan), not a list's.
    var kitchen: Bool?
    var report: SyncReport?
    /// The problem, in the user's words.
    package var error: String?
    var home: String?
    var found: [RemoteCollection]?
    var password: String?
    /// What `recipes` read.
    package var recipes: [RecipeDraft]?

    package init(waiting: Bool? = nil, list: ListID? = nil, kitchen: Bool? = nil, report: SyncReport? = nil,
        error: String? = nil, home: String? = nil, found: [RemoteCollection]? = nil, password: String? = nil,
        recipes: [RecipeDraft]? = nil
    ) {
        self.waiting = waiting
        self.list = list?.raw
        self.kitchen = kitchen
        self.report = report
        self.error = error
        self.home = home
        self.found = found
        self.password = password
        self.recipes = recipes
    }
}
