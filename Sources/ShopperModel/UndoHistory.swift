/// Undo and redo stacks of change sets. Bounded so a long session does not grow without end.
public final class UndoHistory {
    public struct Entry {
        public let name: String
        let changes: ChangeSet
    }

    public static let limit = 200
    public private(set) var undoStack: [Entry] = []
    public private(set) var redoStack: [Entry] = []

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }
    public var undoName: String? { undoStack.last?.name }

    func pushUndo(_ e: Entry, clearingRedo: Bool = true) {
        undoStack.append(e)
        if undoStack.count > Self.limit { undoStack.removeFirst() }
        if clearingRedo { redoStack.removeAll() }
    }

    func pushRedo(_ e: Entry) { redoStack.append(e) }
    func popUndo() -> Entry? { undoStack.popLast() }
    func popRedo() -> Entry? { redoStack.popLast() }
}
