import Foundation

/// Which `public`/`open`/`package` declarations another module needs, decided from the index store.
extension SourceShape {
    static let exposedAccess: Set = ["public", "open", "package"]
    static let checkedKinds = SourceTree.Decl.functionKinds.subtracting(["destructor_decl"])
        .union(SourceTree.Decl.typeKinds).union(["var_decl", "typealias"])

    /// A declaration's access: its own modifier, or its extension's (`public extension`).
    static func access(of decl: SourceTree.Decl, in tree: SourceTree) -> String? {
        if let access = decl.access { return access }
        guard let parent = decl.parent, tree.decls[parent].kind == "extension_decl" else { return nil }
        return tree.decls[parent].access
    }

    /// The lines a declaration's signature takes: attributes to the body's brace (a type: to its
    /// name's line, with an enum's cases).
    static func signature(of i: Int, in tree: SourceTree) -> [SymbolIndex.Place] {
        let decl = tree.decls[i]
        var last = decl.bodyStart ?? (decl.kind == "var_decl" || decl.isType ? decl.nameLine : decl.end)
        if decl.isType { last = decl.nameLine }
        var places = (decl.start...max(decl.start, last)).map { SymbolIndex.Place(file: decl.file, line: $0) }
        if decl.kind == "enum_decl" {
            let elements = tree.decls.filter {
                $0.kind == "enum_element_decl" && $0.parent.map({ tree.decls[$0].typePath }) == decl.typePath
            }
            for element in elements {
                places += (element.start...element.end).map { SymbolIndex.Place(file: element.file, line: $0) }
            }
        }
        return places
    }

    mutating func measureExposure(_ tree: SourceTree, index: SymbolIndex) {
        var found: [(decl: Int, usr: String?, exposed: Exposed)] = []
        for (i, decl) in tree.decls.enumerated() where Self.checkedKinds.contains(decl.kind) {
            guard let access = Self.access(of: decl, in: tree), Self.exposedAccess.contains(access),
                  decl.parent.map({ tree.decls[$0].kind != "protocol" }) ?? true else { continue }
            let lines = decl.nameLine...max(decl.nameLine, min(decl.end, decl.nameLine + 6))
            let definition = lines.lazy.compactMap {
                index.definitions[SymbolIndex.key(file: decl.file, line: $0, name: decl.name)]
            }.first
            let users = definition.map { index.referencingModules[$0.usr] ?? [] } ?? []
            let elsewhere = users.contains { $0 != definition?.module && !$0.hasSuffix("Tests") }
            let place = "\(Self.relative(decl.file)):\(decl.nameLine)"
            found.append((i, definition?.usr, Exposed(place: place, module: decl.module, kind: decl.kind,
                                                      name: decl.name, access: access, usedElsewhere: elsewhere,
                                                      required: definition?.implementsRequirement ?? false)))
        }
        // A type named in a needed declaration's signature is needed too (the compiler asks for it),
        // and so on until nothing changes.
        var signatures = Set<SymbolIndex.Place>()
        var done = Set<Int>()
        var changed = true
        while changed {
            changed = false
            for (n, entry) in found.enumerated() where !done.contains(n) {
                let needed = entry.exposed.usedElsewhere || entry.exposed.required
                    || (entry.usr.flatMap { index.places[$0] }?.contains(where: signatures.contains) ?? false)
                guard needed else { continue }
                found[n].exposed.required = found[n].exposed.required || !entry.exposed.usedElsewhere
                signatures.formUnion(Self.signature(of: entry.decl, in: tree))
                done.insert(n)
                changed = true
            }
        }
        exposed = found.map(\.exposed)
        unresolved = found.filter { $0.usr == nil }.map { "\($0.exposed.place) \($0.exposed.name)" }
    }
}
