import Foundation

/// One line of a text file or one record of a CSV file (the line it starts on, its fields), as the
/// text is read. Bounded whatever the file holds: a field or line keeps at most `maxLength`
/// scalars and a record at most `maxFields` fields; a longer one is marked `overlong` (and
/// refused), a quoted field never closed costs no more than one that is.
struct ImportUnit {
    var line: Int
    /// The kept fields; a text line is one.
    var fields: [String]
    /// How many fields the record has, kept or not.
    var fieldCount: Int
    var overlong = false
    /// Nothing but spaces and tabs in any field: a blank record, skipped.
    var blank = true
}

/// Splits an import's text into units: text lines on LF, CRLF or CR; CSV records as RFC 4180 has
/// them (quoted fields may hold commas, quotes doubled, and line breaks).
struct ImportUnits {
    /// Longer than any field an item can take (notes: 2,000 characters), short enough that a file
    /// of one endless field costs a few hundred kilobytes.
    static let maxLength = 16_384
    /// The columns are ten; a record of a million commas keeps this many.
    static let maxFields = 64

    let source: ImportSource
    let csv: Bool
    private(set) var line = 1
    private var pending: Unicode.Scalar?
    private var ended = false

    init(_ source: ImportSource, csv: Bool) {
        self.source = source
        self.csv = csv
    }

    /// The next unit, nil at the end; a CSV whose text cannot be split further (a stray quote) or a
    /// file that is not UTF-8 throws, and nothing after it is read.
    mutating func next() throws(ImportLineError) -> ImportUnit? {
        guard !ended else { return nil }
        do {
            return try csv ? nextRecord() : nextLine()
        } catch {
            ended = true
            throw error
        }
    }

    private mutating func scalar() throws(ImportLineError) -> Unicode.Scalar? {
        if let p = pending {
            pending = nil
            return p
        }
        do {
            return try source.next()
        } catch {
            switch error {
            case .notUTF8:
                throw ImportLineError(
                    line: line, message: L("This line is not UTF-8 text: save the file as UTF-8 and import it again."))
            case .readFailed(let reason):
                throw ImportLineError(
                    line: line, message: L("The file could not be read from here on: {reason}", ["reason": reason]))
            }
        }
    }

    /// After a CR: a following LF is part of the same line break.
    private mutating func takeLineFeed() throws(ImportLineError) {
        let n = try scalar()
        if n != "\n" { pending = n }
    }

    private mutating func nextLine() throws(ImportLineError) -> ImportUnit? {
        var text = String.UnicodeScalarView()
        var unit = ImportUnit(line: line, fields: [], fieldCount: 1)
        var length = 0
        while let c = try scalar() {
            if c == "\n" || c == "\r" {
                if c == "\r" { try takeLineFeed() }
                line += 1
                unit.fields = [String(text)]
                return unit
            }
            if length < Self.maxLength { text.append(c) } else { unit.overlong = true }
            length += 1
        }
        // The last line, even empty (a blank line is skipped by its reader).
        ended = true
        unit.fields = [String(text)]
        return unit
    }

    /// One record; blank lines between records are skipped.
    private mutating func nextRecord() throws(ImportLineError) -> ImportUnit? {
        var record = Record(line: line)
        while let c = try scalar() {
            if record.inQuotes {
                if c == "\"" {
                    let n = try scalar()
                    if n == "\"" { record.append("\"") } else { record.inQuotes = false; pending = n }
                } else {
                    if c == "\n" { line += 1 }
                    record.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard record.length == 0 else {
                    throw ImportLineError(line: line, message: L("A quote appears inside an unquoted field."))
                }
                record.inQuotes = true
                record.quoted = true
            case ",": record.endField()
            case "\r", "\n":
                if c == "\r" { try takeLineFeed() }
                line += 1
                if let unit = record.ended() { return unit }
                record = Record(line: line)
            default:
                if record.quoted { throw ImportLineError(line: line, message: L("Text follows a closing quote.")) }
                record.append(c)
            }
        }
        ended = true
        if record.inQuotes { throw ImportLineError(line: record.line, message: L("A quoted field is never closed.")) }
        return record.isEmpty ? nil : record.ended()
    }

    /// A record being read.
    private struct Record {
        var unit: ImportUnit
        var field = String.UnicodeScalarView()
        var length = 0
        var inQuotes = false
        /// The field being read was quoted.
        var quoted = false
        var line: Int { unit.line }

        init(line: Int) { unit = ImportUnit(line: line, fields: [], fieldCount: 0) }

        var isEmpty: Bool { length == 0 && unit.fieldCount == 0 && !quoted }

        mutating func append(_ c: Unicode.Scalar) {
            if unit.blank, c != " ", c != "\t", !CharacterSet.whitespaces.contains(c) { unit.blank = false }
            if length < ImportUnits.maxLength, unit.fieldCount < ImportUnits.maxFields {
                field.append(c)
            } else if length >= ImportUnits.maxLength {
                unit.overlong = true
            }
            length += 1
        }

        mutating func endField() {
            if unit.fieldCount < ImportUnits.maxFields { unit.fields.append(String(field)) }
            unit.fieldCount += 1
            field = .init()
            length = 0
            quoted = false
        }

        /// The record, or nil for a blank line (one empty field, not quoted).
        mutating func ended() -> ImportUnit? {
            let blank = unit.fieldCount == 0 && length == 0 && !quoted
            endField()
            return blank ? nil : unit
        }
    }
}
