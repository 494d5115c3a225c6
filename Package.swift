// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Shopper",
    products: [
        .executable(name: "shopper", targets: ["ShopperApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // Sharing's C libraries, all of the GNOME stack: libsoup 3 and libical; libsecret; libxml2.
        .systemLibrary(name: "CSync", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev", "libical-dev"])]),
        .systemLibrary(name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        .systemLibrary(name: "CXML", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // User-visible text: L() and N() (gettext through the lookups the app installs), for every
        // module, the toolkit's wrappers in ShopperApp/Gtk too, which import nothing of the model.
        .target(name: "ShopperText"),
        .target(
            name: "ShopperModel",
            // GRDBSQLite: SQLite's own column calls, for the one loop that reads every item.
            dependencies: ["ShopperText", .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        // What sharing means without the network: merging an item field by field, what a sync did,
        // a list's status, and running the helper below. The window links this, never ShopperSync.
        .target(
            name: "ShopperSyncModel",
            dependencies: ["ShopperModel"]
        ),
        // Sharing a list over CalDAV: uses the model, never the reverse.
        .target(
            name: "ShopperSync",
            dependencies: ["CSync", "CSecret", "CXML", "ShopperModel", "ShopperSyncModel"]
        ),
        // `shopper-sync`: the only process that loads the network, iCalendar, XML and keyring
        // libraries; the window and `shopper share`/`shopper sync` run it.
        .executableTarget(
            name: "shopper-sync",
            dependencies: ["ShopperSync", "ShopperSyncModel", "ShopperModel"],
            path: "Sources/ShopperSyncHelper"
        ),
        .executableTarget(
            name: "ShopperApp",
            dependencies: ["CGtk", "ShopperText", "ShopperModel", "ShopperSyncModel"]
        ),
        // A writer that the crash-safety test kills with SIGKILL mid-stream.
        .executableTarget(
            name: "store-crash-child",
            dependencies: ["ShopperModel"],
            path: "Tests/StoreCrashChild"
        ),
        // Writes the stores `make bench` measures.
        .executableTarget(
            name: "shopper-bench-store",
            dependencies: ["ShopperModel"],
            path: "benchmarks/MakeStore"
        ),
        // Reads the debug build's index store for the source shape test (Tests/ShopperModelTests/Shape).
        .target(name: "IndexStoreReader", path: "Tests/IndexStoreReader"),
        // What the test modules share: a temporary store, the built helper.
        .target(name: "ShopperTestSupport", dependencies: ["ShopperModel"], path: "Tests/TestSupport"),
        .testTarget(
            name: "ShopperModelTests",
            dependencies: ["ShopperModel", "ShopperTestSupport", "IndexStoreReader", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "ShopperAppTests", dependencies: ["ShopperApp", "ShopperModel", "ShopperSyncModel", "CGtk",
                                                       "ShopperTestSupport"]),
        .testTarget(name: "ShopperSyncTests", dependencies: ["ShopperSync", "ShopperSyncModel", "ShopperModel",
                                                        "ShopperTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
