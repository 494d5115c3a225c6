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
        // libsoup 3, libsecret, libical and libxml2 (see shim.h). pkg-config gives libsoup's and GLib's
        // flags; the other two keep their headers in folders of their own, named in ShopperSync.
        .systemLibrary(
            name: "CSync",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev", "libsecret-1-dev", "libical-dev", "libxml2-dev"])]
        ),
        .target(
            name: "ShopperModel",
            // GRDBSQLite: SQLite's own column calls, for the one loop that reads every item.
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        // Sharing a list over CalDAV: uses the model, never the reverse.
        .target(
            name: "ShopperSync",
            dependencies: ["CSync", "ShopperModel"],
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libsecret-1", "-Xcc", "-I/usr/include/libxml2"])]
        ),
        .executableTarget(
            name: "ShopperApp",
            dependencies: ["CGtk", "ShopperModel", "ShopperSync"]
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
        .testTarget(name: "ShopperModelTests", dependencies: ["ShopperModel", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "ShopperAppTests", dependencies: ["ShopperApp", "ShopperModel", "CGtk"]),
        .testTarget(name: "ShopperSyncTests", dependencies: ["ShopperSync", "ShopperModel"]),
    ],
    swiftLanguageModes: [.v6]
)
