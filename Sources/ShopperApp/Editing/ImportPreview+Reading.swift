import ShopperModel

/// How a preview reads what it was given: a file as files travel, a paste as the user types.
extension ImportPreview {
    /// A file is read as files travel, "1,000" refused (NumberConvention); a paste as the user types.
    static func numbers(for source: Source, user: NumberConvention = UserLocale.current.numbers) -> NumberConvention {
        if case .file = source { return .neutral }
        return user
    }

    /// The text's lines as the add bar reads them, one a row (blank lines and comments skipped).
    func typedLines(_ text: String) -> [PlainTextFormat.TypedLine] {
        PlainTextFormat.lines(of: text).compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
            return try? PlainTextFormat.read(text, numbers: numbers).get()
        }
    }
}
