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
        .target(
            name: "ShopperModel",
            // GRDBSQLite: SQLite's own column calls, for the one loop that reads every item.
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "ShopperApp",
            dependencies: ["CGtk", "ShopperModel"]
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
    ],
    swiftLanguageModes: [.v6]
)
