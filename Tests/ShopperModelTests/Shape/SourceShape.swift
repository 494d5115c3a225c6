import Foundation

/// The measures the shape test checks and `make shape` prints, from the parser's tree (`SourceTree`)
/// and the index store (`SymbolIndex`).
struct SourceShape: Sendable {
    struct Measure: Sendable {
        var place: String
        var name: String
        var lines: Int
    }

    /// A type with every block that declares or extends it, in any file of its module.
    struct TypeShape: Sendable {
        var name: String
        var lines = 0
        /// Stored instance properties (`let`, `var`, `lazy var`, with or without observers); computed
        /// ones and `static` ones are not counted here (`staticStored` has the static ones).
        var stored = 0
        var staticStored = 0
        /// Declarations directly inside its blocks: functions, initialisers, subscripts, properties,
        /// nested types and aliases.
        var members = 0
        var blocks = 0
        var files: Set<String> = []
    }

    struct Exposed: Sendable {
        var place: String
        var module: String
        var kind: String
        var name: String
        var access: String
        /// Referred to by another module (test targets not counted: they use `@testable import`).
        var usedElsewhere: Bool
        /// Needed at this access level though nobody else names it: it implements a protocol
        /// requirement or overrides, or it is named in the signature of a declaration that is used.
        var required: Bool
    }

    var files: [Measure] = []
    var longLines: [Measure] = []
    var functions: [Measure] = []
    var types: [String: TypeShape] = [:]
    var exposed: [Exposed] = []
    /// Exposed declarations the index store has no definition for (a build older than the sources).
    var unresolved: [String] = []
    var occurrences = 0

    /// This package; or, for `make shape`'s before column, another checkout (SHOPPER_SHAPE_ROOT),
    /// measured without an index store when it has none (its exposure is then not measured).
    static let root = ProcessInfo.processInfo.environment["SHOPPER_SHAPE_ROOT"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file below `folder` (relative to the package root), sorted.
    static func swiftFiles(in folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let names = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }

    /// A line that is one long string literal, alone or as what `L(`/`N(` translate, may pass 120:
    /// xgettext reads a translatable sentence only as one literal, and a statement (SQL, iCalendar)
    /// is found whole when searched for. Anything else on the line longer than the limit counts.
    static func isOneLongLiteral(_ line: Substring) -> Bool {
        var rest = line.drop(while: { $0 == " " })
        if rest.hasPrefix("L(\"") || rest.hasPrefix("N(\"") { rest = rest.dropFirst(2) }
        guard rest.first == "\"" else { return false }
        var escaped = false, length = 1
        for c in rest.dropFirst() {
            length += 1
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { break }
        }
        return length > 60
    }

    /// Measures `Sources` (and reads the index store of the debug build).
    static func measure() throws -> SourceShape {
        let sources = swiftFiles(in: "Sources")
        var shape = SourceShape()
        for file in sources {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last == "" { lines.removeLast() }
            shape.files.append(Measure(place: file, name: file, lines: lines.count))
            for (i, line) in lines.enumerated() where line.count > 120 && !Self.isOneLongLiteral(line) {
                shape.longLines.append(Measure(place: "\(file):\(i + 1)", name: "", lines: line.count))
            }
        }
        let tree = try SourceTree.parse(sources, root: root)
        shape.measureFunctions(tree)
        shape.measureTypes(tree)
        let store = root.appendingPathComponent(".build/debug/index/store").path
        let elsewhere = ProcessInfo.processInfo.environment["SHOPPER_SHAPE_ROOT"] != nil
        if elsewhere && !FileManager.default.fileExists(atPath: store) {
            return shape
        }
        let index = try SymbolIndex(storePath: store)
        shape.occurrences = index.occurrences
        shape.measureExposure(tree, index: index)
        return shape
    }

    static func relative(_ file: String) -> String {
        file.hasPrefix(root.path + "/") ? String(file.dropFirst(root.path.count + 1)) : file
    }

    /// Functions, initialisers, subscripts, accessors, a property's initialiser (a closure in a
    /// `static let`), top-level code: from the first attribute or modifier to the closing brace.
    private mutating func measureFunctions(_ tree: SourceTree) {
        let kinds = SourceTree.Decl.functionKinds
            .union(["accessor_decl", "pattern_binding_decl", "top_level_code_decl"])
        for decl in tree.decls where kinds.contains(decl.kind) {
            let name = decl.name.isEmpty ? decl.kind : decl.name
            functions.append(Measure(place: "\(Self.relative(decl.file)):\(decl.start)", name: name, lines: decl.lines))
        }
    }

    static func typeKey(_ decl: SourceTree.Decl) -> String {
        "\(decl.module).\(decl.typePath.joined(separator: "."))"
    }

    private mutating func measureTypes(_ tree: SourceTree) {
        for decl in tree.decls where decl.isTypeOrExtension {
            let key = Self.typeKey(decl)
            types[key, default: TypeShape(name: key)].lines += decl.lines
            types[key]?.blocks += 1
            types[key]?.files.insert(Self.relative(decl.file))
        }
        let memberKinds = SourceTree.Decl.functionKinds.union(SourceTree.Decl.typeKinds)
            .union(["var_decl", "typealias"])
        for decl in tree.decls {
            guard let parent = decl.parent.map({ tree.decls[$0] }), parent.isTypeOrExtension else { continue }
            let key = Self.typeKey(parent)
            if memberKinds.contains(decl.kind) { types[key]?.members += 1 }
            guard decl.kind == "var_decl", !decl.isComputed, parent.kind != "protocol" else { continue }
            if decl.isStatic { types[key]?.staticStored += 1 } else if parent.isType { types[key]?.stored += 1 }
        }
    }
}
