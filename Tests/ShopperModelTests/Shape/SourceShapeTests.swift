import Foundation
import XCTest

/// The shape the sources keep so that a newcomer can read them, measured on what the compiler sees
/// (its parser's tree and the index store the debug build writes, see `SourceShape`), not on words:
/// no file over 400 lines, no function over 60, no type over 600 lines across all its blocks and
/// files, none with more than 12 stored properties, no line over 120 characters (but one long string literal), and `public` or
/// `package` only on what another module refers to (test targets not counted).
final class SourceShapeTests: XCTestCase {

    /// Types over 12 stored properties, each with the reason it stays so. Reported, not failed; one
    /// leaves the list when it is split or its fields grouped, and none may join.
    static let olderOverTwelveStored: Set = [
        // The row of the store's `item` table: its 16 stored properties are the table's 16 columns
        // (`ItemColumns`), packed to 144 bytes, and read one by one everywhere an item is shown,
        // edited, merged or exported; groups would be accessors in front of the same fields.
        "ShopperModel.Item",
    ]

    /// `package` declarations no other module refers to (test targets use `@testable` and do not
    /// count). Issue 55 made the 151 found then internal; the one counted since is
    /// `SavedSearch.ID.raw`, which ShopperApp does use (`SavedSearchesPage`, in a closure given to
    /// `DragAndDrop.source`) but whose use the index store does not record. `make shape` lists them
    /// in .build/shape.md.unexposed.txt. The count may only fall.
    static let unreferencedExposedCeiling = 1

    static let shape = Result { try SourceShape.measure() }

    func measured() throws -> SourceShape { try Self.shape.get() }

    func testNoFileOver400Lines() throws {
        let shape = try measured()
        XCTAssertGreaterThan(shape.files.count, 100, "the sources were found")
        for file in shape.files where file.lines > 400 { XCTFail("\(file.place) has \(file.lines) lines") }
    }

    func testNoFunctionOver60Lines() throws {
        let shape = try measured()
        XCTAssertGreaterThan(shape.functions.count, 1000, "the functions were found")
        for function in shape.functions where function.lines > 60 {
            XCTFail("\(function.place): \(function.name) has \(function.lines) lines")
        }
    }

    func testNoTypeOver600LinesOrOver12StoredProperties() throws {
        let shape = try measured()
        XCTAssertGreaterThan(shape.types.count, 200, "the types were found")
        for type in shape.types.values.sorted(by: { $0.name < $1.name }) {
            let problems = (type.lines > 600 ? ["\(type.lines) lines over \(type.blocks) blocks"] : [])
                + (type.stored > 12 ? ["\(type.stored) stored properties"] : [])
            guard !problems.isEmpty else { continue }
            let files = type.files.sorted().joined(separator: ", ")
            let message = "\(type.name): \(problems.joined(separator: ", ")) (\(files))"
            if type.lines <= 600 && Self.olderOverTwelveStored.contains(type.name) {
                print("older, listed: \(message)")
            } else {
                XCTFail(message)
            }
        }
        for name in Self.olderOverTwelveStored where (shape.types[name]?.stored ?? 0) <= 12 {
            XCTFail("\(name) has 12 stored properties or fewer now: take it off olderOverTwelveStored")
        }
    }

    func testNoLineOver120Characters() throws {
        let shape = try measured()
        for line in shape.longLines.prefix(20) { print("\(line.place): \(line.lines) characters") }
        print("\(shape.longLines.count) lines over 120 characters")
        for line in shape.longLines { XCTFail("\(line.place): \(line.lines) characters (at most 120)") }
    }

    func testExposedOnlyWhereAnotherModuleRefersToIt() throws {
        let shape = try measured()
        XCTAssertGreaterThan(shape.occurrences, 10000, "the index store was read")
        XCTAssertGreaterThan(shape.exposed.count, 300, "the public and package declarations were found")
        XCTAssert(shape.unresolved.isEmpty, "not in the index store (build first): \(shape.unresolved.prefix(10))")
        let unreferenced = shape.exposed.filter { !$0.usedElsewhere && !$0.required }
        for d in unreferenced { print("\(d.place): \(d.access) \(d.name) is referred to by no other module") }
        XCTAssertLessThanOrEqual(unreferenced.count, Self.unreferencedExposedCeiling,
                                 "public or package declarations no other module refers to: make them internal")
        // One access policy (docs/ARCHITECTURE.md): nothing outside the package links its modules.
        for d in shape.exposed where d.access == "public" { XCTFail("\(d.place): \(d.name) is public: make it package") }
        let counts = Dictionary(grouping: shape.exposed, by: { "\($0.module) \($0.access)" }).mapValues(\.count)
        print("exposed declarations: \(counts.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value)" })")
    }

    /// `make shape`: the table of issue 55's closing note, written to SHOPPER_SHAPE_TABLE.
    func testShapeTable() throws {
        let table = try measured().table()
        XCTAssert(table.contains("| ShopperModel.Store |"))
        if let path = ProcessInfo.processInfo.environment["SHOPPER_SHAPE_TABLE"] {
            try table.write(toFile: path, atomically: true, encoding: .utf8)
            let unreferenced = try measured().exposed.filter { !$0.usedElsewhere && !$0.required }
                .map { "\($0.place) \($0.access) \($0.name)\n" }.joined()
            try unreferenced.write(toFile: path + ".unexposed.txt", atomically: true, encoding: .utf8)
        }
    }
}
