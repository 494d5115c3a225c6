import Foundation

/// The declarations of the sources as the compiler's parser sees them: `swiftc -frontend -dump-parse`
/// over every file at once (about a second), read from its tree. Ranges are the compiler's, so a `}`
/// in a string, a signature over many lines or a closure in a `static let` are measured as they are.
/// (The JSON form of the dump, `-dump-ast-format json`, is not well-formed in Swift 6.3.1: an
/// attributed type's object is never closed. The default form is read instead, one node a line.)
struct SourceTree {
    struct Decl {
        var kind: String
        var name: String
        var module: String
        var file: String
        /// First and last line, attributes and modifiers included.
        var start: Int, end: Int
        /// The line of the name's token as the index store records it (the range's own start).
        var nameLine: Int
        var access: String?
        var isStatic = false
        /// A `var` with a getter (computed), not one with only observers.
        var isComputed = false
        var bodyStart: Int?
        var parent: Int?
        /// Enclosing types' names, outermost first, with this one if it is a type.
        var typePath: [String] = []

        var lines: Int { end - start + 1 }
        static let typeKinds: Set = ["struct_decl", "class_decl", "enum_decl", "actor_decl", "protocol"]
        static let functionKinds: Set = ["func_decl", "constructor_decl", "destructor_decl", "subscript_decl"]
        var isType: Bool { Self.typeKinds.contains(kind) }
        var isTypeOrExtension: Bool { isType || kind == "extension_decl" }
    }

    var decls: [Decl] = []

    /// The module each folder of `Sources` builds (Package.swift's targets).
    static func module(ofFolder folder: String) -> String {
        folder == "ShopperSyncHelper" ? "shopper_sync" : folder
    }

    /// Parses `files` (paths relative to `root`); a failure of the compiler throws.
    static func parse(_ files: [String], root: URL) throws -> SourceTree {
        let paths = files.map { root.appendingPathComponent($0).path }
        let output = try Compiler.run(["-frontend", "-dump-parse"] + paths.flatMap { ["-primary-file", $0] })
        var tree = SourceTree()
        var stack: [(indent: Int, decl: Int?, kind: String)] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let node = Node(line) else { continue }
            while let top = stack.last, top.indent >= node.indent { stack.removeLast() }
            let owner = stack.last(where: { $0.decl != nil })?.decl
            let parentKind = stack.last?.kind
            stack.append((node.indent, tree.add(node, owner: owner, parentKind: parentKind), node.kind))
        }
        return tree
    }

    /// Adds a declaration node, or applies an attribute or body node to its owner; the declaration's index.
    private mutating func add(_ node: Node, owner: Int?, parentKind: String?) -> Int? {
        if node.kind.hasSuffix("_attr"), let owner, let range = node.range {
            decls[owner].start = min(decls[owner].start, range.start)
            if node.kind == "access_control_attr" { decls[owner].access = node.field("access_level") }
            return nil
        }
        if node.kind == "brace_stmt", let owner, parentKind == decls[owner].kind, decls[owner].bodyStart == nil {
            decls[owner].bodyStart = node.range?.start
            return nil
        }
        if node.kind == "accessor_decl", let owner, decls[owner].kind == "var_decl" {
            if !node.words.contains("didSet") && !node.words.contains("willSet") { decls[owner].isComputed = true }
            if decls[owner].bodyStart == nil { decls[owner].bodyStart = node.range?.start }
        }
        guard node.kind.hasSuffix("_decl") || Decl.typeKinds.contains(node.kind) || node.kind == "typealias",
              let range = node.range else { return nil }
        let folder = range.file.components(separatedBy: "/Sources/").last?.components(separatedBy: "/").first ?? ""
        var decl = Decl(kind: node.kind, name: node.name ?? "", module: Self.module(ofFolder: folder),
                        file: range.file, start: range.start, end: range.end, nameLine: range.start)
        decl.isStatic = node.words.contains("static")
        decl.parent = owner
        let outer = owner.map { decls[$0].typePath } ?? []
        if decl.kind == "extension_decl" {
            decl.typePath = decl.name.components(separatedBy: ".")
        } else {
            decl.typePath = decl.isType ? outer + [decl.name] : outer
        }
        decls.append(decl)
        return decls.count - 1
    }

    /// One line of the dump: `(kind … range=[FILE:L:C - line:L:C] "name" words…`.
    struct Node {
        var indent: Int
        var kind: String
        var range: (file: String, start: Int, end: Int)?
        var name: String?
        var rest: Substring
        /// The flags after the name (`let`, `static`, `lazy`, `didSet`…), without the parentheses
        /// that close a node on its line.
        var words: [Substring] { rest.split(separator: " ").map { $0.drop(while: { $0 == "(" }).prefix { $0 != ")" } } }

        init?(_ line: Substring) {
            let text = line.drop(while: { $0 == " " })
            guard text.first == "(" else { return nil }
            indent = line.count - text.count
            let body = text.dropFirst()
            kind = String(body.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }))
            guard !kind.isEmpty else { return nil }
            rest = body.dropFirst(kind.count)
            if let open = rest.range(of: " range=["), let close = rest[open.upperBound...].firstIndex(of: "]") {
                let inside = rest[open.upperBound..<close]  // FILE:L:C - line:L:C
                let halves = inside.components(separatedBy: " - line:")
                let first = halves[0].split(separator: ":"), last = halves.last?.split(separator: ":") ?? []
                if first.count >= 3, last.count >= 2, let from = Int(first[first.count - 2]), let to = Int(last[0]) {
                    range = (first.dropLast(2).joined(separator: ":"), from, to)
                }
                rest = rest[rest.index(after: close)...]
            }
            let trimmed = rest.drop(while: { $0 == " " })
            let afterFlags = trimmed.drop(while: { $0 != "\"" && $0 != "(" })
            if afterFlags.first == "\"", let end = afterFlags.dropFirst().firstIndex(of: "\"") {
                name = String(afterFlags[afterFlags.index(after: afterFlags.startIndex)..<end])
                rest = afterFlags[afterFlags.index(after: end)...]
            }
        }

        func field(_ key: String) -> String? {
            guard let r = rest.range(of: key + "=") else { return nil }
            return String(rest[r.upperBound...].prefix(while: { $0 != " " && $0 != ")" }))
        }
    }
}

/// Runs the toolchain's `swiftc` (the one on PATH, as `make` finds it) and returns its standard output.
enum Compiler {
    static var swiftc: URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/opt/swift/usr/bin/swiftc")
    }

    /// The toolchain's libIndexStore.so, beside its `swiftc` (usr/bin/../lib). (`swiftc` itself is
    /// run by the name it has: it is a link to the driver, which reads its role from that name.)
    static var indexStoreLibrary: String {
        swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/libIndexStore.so").path
    }

    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = swiftc
        process.arguments = arguments
        let out = Pipe()
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("swiftc-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw NSError(domain: "swiftc", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: String(errors.prefix(2000))])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
