import Foundation
import XCTest
@testable import ShopperModel

/// What ICU says about money is kept between starts: a second start reads it back and asks ICU
/// nothing, writes exactly as ICU does, and trusts nothing in the file it has not checked.
final class MoneyPatternFileTests: XCTestCase {
    private var folder = ""
    private let german = Locale(identifier: "de_DE")

    override func setUp() {
        folder = NSTemporaryDirectory() + "money-patterns-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var path: String { folder + "/cache/money-patterns" }

    func testASecondStartReadsWhatTheFirstLearnedAndAsksICUNothing() {
        let first = MoneyLearning()
        first.keep(in: MoneyPatternFile(path: path, identity: "build-1"))
        let learned = first.money(locale: german, chosen: nil, hasLocale: true)
        XCTAssertEqual(first.learnedFromICU, 1)
        XCTAssertEqual(learned.currency, "EUR")
        XCTAssertNotNil(learned.cost)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "the folder is made")

        let second = MoneyLearning()
        second.keep(in: MoneyPatternFile(path: path, identity: "build-1"))
        XCTAssertEqual(second.money(locale: german, chosen: nil, hasLocale: true), learned)
        XCTAssertEqual(second.money(locale: german, chosen: nil, hasLocale: true), learned)
        XCTAssertEqual(second.learnedFromICU, 0, "read from the file, not learned again")

        // The patterns read back write as ICU does.
        let icu = LearnedMoney.learn(locale: german, chosen: nil, hasLocale: true)
        for units: Int128 in [0, 1, 12_500_000, 123_456_789_000, 98_765_432_100_000_000] {
            XCTAssertEqual(second.money(locale: german, chosen: nil, hasLocale: true).cost?.format(CostSum(units: units)),
                           MoneyFormat.icuFormat(CostSum(units: units).decimal, locale: german, currency: "EUR"))
            XCTAssertEqual(icu.cost?.format(CostSum(units: units)), learned.cost?.format(CostSum(units: units)))
        }
    }

    /// Every locale and currency `MoneyPatternTests` tries, and currencies without decimals where "."
    /// groups thousands, read back from their line as learned: none is learned again at every start.
    func testEveryLocaleAndCurrencyTriedReadsBackAsLearned() {
        var pairs = MoneyPatternTests.locales.flatMap { id in MoneyPatternTests.currencies.map { (id, $0) } }
        pairs += [("es_CL", "CLP"), ("is_IS", "ISK"), ("vi_VN", "VND"), ("id_ID", "IDR"), ("es_CO", "COP"), ("de_DE", "JPY")]
        for (id, currency) in pairs {
            let hasLocale = id != "en_US_POSIX"
            let money = LearnedMoney.learn(locale: Locale(identifier: id), chosen: currency, hasLocale: hasLocale)
            let key = LearnedMoney.Key(locale: id, chosen: currency ?? "", hasLocale: hasLocale)
            let line = MoneyPatternFile.line("build-1", key, money)
            XCTAssertEqual(MoneyPatternFile.entry(Array(line.utf8))?.money, money, "\(id) \(currency ?? "-"): \(line)")
        }
    }

    func testAnotherBuildLearnsAgainAndKeepsItsLineBesideTheFirst() {
        let first = MoneyLearning()
        first.keep(in: MoneyPatternFile(path: path, identity: "build-1"))
        _ = first.money(locale: german, chosen: "CHF", hasLocale: true)
        let other = MoneyLearning()
        other.keep(in: MoneyPatternFile(path: path, identity: "build-2"))
        _ = other.money(locale: german, chosen: "CHF", hasLocale: true)
        XCTAssertEqual(other.learnedFromICU, 1, "another executable's ICU may write money otherwise")
        XCTAssertEqual(lines().count, 3, "a header and one line each")
        XCTAssertEqual(MoneyPatternFile(path: path, identity: "build-1").read().count, 1)
        XCTAssertEqual(MoneyPatternFile(path: path, identity: "build-2").read().count, 1)
    }

    func testKeepsTheNewestSixteenAndNoThreadLosesAnothersLine() {
        let file = MoneyPatternFile(path: path, identity: "build-1")
        let ids = (0..<20).map { "xx_\($0)" }
        for id in ids { file.keep(Self.euros, for: key(id)) }
        XCTAssertEqual(Set(file.read().keys), Set(ids.suffix(MoneyPatternFile.maxEntries).map(key)))

        // Eight threads keep a line each at once: every line is there after.
        try? FileManager.default.removeItem(atPath: path)
        DispatchQueue.concurrentPerform(iterations: 8) { n in
            file.keep(Self.euros, for: LearnedMoney.Key(locale: "yy_\(n)", chosen: "", hasLocale: true))
        }
        XCTAssertEqual(Set(file.read().keys), Set((0..<8).map { key("yy_\($0)") }))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/cache")) ?? []
        XCTAssertEqual(left, ["money-patterns"], "no file half written is left")
    }

    /// As ICU writes euros in German.
    static let euros = LearnedMoney(
        currency: "EUR",
        cost: MoneyPattern(prefix: "", suffix: "\u{A0}€", group: ".", decimal: ",", minFraction: 2, maxFraction: 2),
        unitPrice: MoneyPattern(prefix: "", suffix: "\u{A0}€", group: ".", decimal: ",", minFraction: 2, maxFraction: 4))

    func testAHostileFileIsReadLineByLineAndOnlyWhatChecksIsUsed() throws {
        let good = "build-1\tde_DE\t\t1\tEUR\t\u{1F}\u{A0}€\u{1F}.\u{1F},\u{1F}2\u{1F}2\t\u{1F}\u{A0}€\u{1F}.\u{1F},\u{1F}2\u{1F}4"
        func with(_ cost: String) -> String { "build-1\tfr_FR\t\t1\tEUR\t\(cost)\t" }
        let hostile = [
            with("\u{1F}€\u{7}\u{1F}.\u{1F},\u{1F}2\u{1F}2"),     // a control character
            with("\u{1F}€\u{1F}.\u{1F}5\u{1F}2\u{1F}2"),          // a digit for the decimal mark
            with("\u{1F}€\u{1F}.\u{1F}\u{1F}2\u{1F}2"),           // no decimal mark
            with("\u{1F}€\u{1F}.\u{1F},\u{1F}3\u{1F}2"),          // more decimals at least than at most
            with("\u{1F}€\u{1F}.\u{1F},\u{1F}2\u{1F}9"),          // nine decimals
            with(String(repeating: "€", count: 100) + "\u{1F}\u{1F}.\u{1F},\u{1F}2\u{1F}2"),
            with("\u{1F}€\u{1F}.\u{1F},\u{1F}2"),                 // a field missing
            "build-1\tit_IT\t\t1\teur\t\t",                       // not a currency code
            "build-1\tes_ES\t\t1\tEUR\t\t\textra",
            "build-1\tde DE\t\t1\tEUR\t\t",                       // not a locale name
            "\tnl_NL\t\t1\tEUR\t\t",                              // no executable named
            "build-1\tpl_PL\t\t2\tPLN\t\t",
            "build-1\tde_CH\tCHF\t1\tUSD\t\t",                 // not the currency chosen
            "build-1\tC\t\t0\tUSD\t\t",                        // a currency without a locale
            with("\u{1F}€\u{1F}.\u{1F},\u{1F}0\u{1F}2"),          // a cost of two numbers of decimals
            with("\u{1F}€\u{1F},\u{1F},\u{1F}2\u{1F}2"),          // one mark for both
            with("\u{1F}€\u{202E}\u{1F}.\u{1F},\u{1F}2\u{1F}2"), // an override: "9,98" shown as "89,9"
            with("\u{1F}€\u{2028}\u{1F}.\u{1F},\u{1F}2\u{1F}2"), // a line separator
            "build-1\tfr_FR\t\t1\tEUR\t\t\u{1F}€\u{1F}.\u{1F},\u{1F}2\u{1F}2", // a unit price of two decimals only
        ]
        var bytes = Array(("shopper money patterns 2\n" + hostile.joined(separator: "\n") + "\n").utf8)
        bytes += [0x62, 0x75, 0xFF, 0xFE, 0x0A]                    // not UTF-8
        bytes += Array((good + "\n").utf8)
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))

        let kept = MoneyPatternFile(path: path, identity: "build-1").read()
        XCTAssertEqual(Array(kept.keys), [key("de_DE")], "only the line that checks")
        XCTAssertEqual(kept[key("de_DE")]?.cost?.format(CostSum(units: 123_456_789_000)), "1.234,57\u{A0}€")

        // A French format learned later replaces nothing it should not, and the file reads whole again.
        let learning = MoneyLearning()
        learning.keep(in: MoneyPatternFile(path: path, identity: "build-1"))
        XCTAssertEqual(learning.money(locale: Locale(identifier: "fr_FR"), chosen: nil, hasLocale: true),
                       LearnedMoney.learn(locale: Locale(identifier: "fr_FR"), chosen: nil, hasLocale: true))
        XCTAssertEqual(learning.learnedFromICU, 1)
        XCTAssertEqual(Set(MoneyPatternFile(path: path, identity: "build-1").read().keys), [key("de_DE"), key("fr_FR")])
        XCTAssertEqual(lines().count, 3, "the lines that did not check are gone")
    }

    func testAFileTooLargeAPipeOrALinkIsNotReadAndNothingIsWrittenThroughALink() throws {
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        let line = "build-1\tde_DE\t\t1\tEUR\t\t\n"
        let huge = "shopper money patterns 2\n" + String(repeating: line, count: MoneyPatternFile.maxBytes / line.utf8.count + 1)
        FileManager.default.createFile(atPath: path, contents: Data(huge.utf8))
        XCTAssertTrue(MoneyPatternFile(path: path, identity: "build-1").read().isEmpty)

        // A pipe with no writer: read at once as nothing (a blocking open would hang the start).
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let done = DispatchSemaphore(value: 0)
        let file = MoneyPatternFile(path: path, identity: "build-1")
        DispatchQueue.global().async {
            XCTAssertTrue(file.read().isEmpty)
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "reading a pipe returned")

        // A link at the file is not read through; one left at the name it is written under is
        // removed first (and the name opened only if made new), not written through.
        try FileManager.default.removeItem(atPath: path)
        let elsewhere = folder + "/elsewhere"
        let kept = "shopper money patterns 2\nbuild-1\tde_DE\t\t1\tEUR\t\t\n"
        FileManager.default.createFile(atPath: elsewhere, contents: Data(kept.utf8))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        XCTAssertTrue(MoneyPatternFile(path: path, identity: "build-1").read().isEmpty)
        try FileManager.default.createSymbolicLink(atPath: path + ".\(getpid()).new", withDestinationPath: elsewhere)
        MoneyPatternFile(path: path, identity: "build-1").keep(Self.euros, for: key("de_AT"))
        XCTAssertEqual(try String(contentsOfFile: elsewhere, encoding: .utf8), kept, "the link's file is untouched")
        XCTAssertEqual(Array(MoneyPatternFile(path: path, identity: "build-1").read().keys), [key("de_AT")])
    }

    func testAFolderThatCannotBeMadeCostsOnlyTheLearning() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder + "/cache", contents: Data("a file, not a folder".utf8))
        let learning = MoneyLearning()
        learning.keep(in: MoneyPatternFile(path: path, identity: "build-1"))
        XCTAssertEqual(learning.money(locale: german, chosen: nil, hasLocale: true).currency, "EUR")
        XCTAssertEqual(learning.learnedFromICU, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["cache"], "nothing written beside it")
        XCTAssertEqual(try String(contentsOfFile: folder + "/cache", encoding: .utf8), "a file, not a folder")
    }

    private func key(_ locale: String) -> LearnedMoney.Key {
        LearnedMoney.Key(locale: locale, chosen: "", hasLocale: true)
    }

    private func lines() -> [Substring] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
    }
}
