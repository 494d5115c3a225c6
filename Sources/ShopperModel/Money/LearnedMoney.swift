import Foundation
import Synchronization

/// What ICU says about money in one locale: the currency it uses (or the one chosen) and how it
/// writes a cost and a unit price (`MoneyPattern`, nil where ICU itself must write them).
struct LearnedMoney: Equatable, Sendable {
    let currency: String?
    let cost: MoneyPattern?
    let unitPrice: MoneyPattern?

    /// ICU asked: the currency, then each pattern learned from its renderings and checked against it.
    static func learn(locale: Locale, chosen: String?, hasLocale: Bool) -> LearnedMoney {
        let currency = chosen ?? (hasLocale ? locale.currency?.identifier : nil)
        return LearnedMoney(
            currency: currency,
            cost: MoneyPattern(fractions: currency == nil ? 2...2 : nil) {
                MoneyFormat.icuFormat($0, locale: locale, currency: currency)
            },
            unitPrice: MoneyPattern(fractions: 2...4) {
                MoneyFormat.icuFormatUnitPrice($0, locale: locale, currency: currency)
            })
    }

    struct Key: Hashable, Sendable {
        let locale: String
        /// "" for the locale's own currency.
        let chosen: String
        let hasLocale: Bool
    }
}

/// `LearnedMoney` once per process (a preference change makes a new `MoneyFormat` each time), and
/// between starts in a file (`MoneyPatternFile`) when the application names one: learning opens
/// seventy-odd of ICU's resource bundles, whose pages were 1.2 MB of the window's peak memory at
/// 1,000 items, for the same answer every start.
final class MoneyLearning: Sendable {
    static let shared = MoneyLearning()

    /// For `locale`, in `chosen` (an ISO 4217 code the user picked) or else the locale's own
    /// currency; `hasLocale` false is the C locale, which has none.
    func money(locale: Locale, chosen: String?, hasLocale: Bool) -> LearnedMoney {
        let key = LearnedMoney.Key(locale: locale.identifier, chosen: chosen ?? "", hasLocale: hasLocale)
        if let known = memory.withLock({ $0[key] }) { return known }
        let file = file.withLock { $0 }
        let learned: LearnedMoney
        if let kept = file?.read()[key] {
            learned = kept
        } else {
            learned = LearnedMoney.learn(locale: locale, chosen: chosen, hasLocale: hasLocale)
            icuLearnings.add(1, ordering: .relaxed)
            file?.keep(learned, for: key)
        }
        memory.withLock { $0[key] = learned }
        return learned
    }

    /// Keeps what is learned in `file` and reads it from there first. Called once at start, before
    /// any money is formatted (a format made before keeps what it learned in memory only).
    func keep(in file: MoneyPatternFile) {
        self.file.withLock { $0 = file }
    }

    /// How many times ICU was asked (tests: a start with the file asks it nothing).
    var learnedFromICU: Int { icuLearnings.load(ordering: .relaxed) }

    private let memory = Mutex<[LearnedMoney.Key: LearnedMoney]>([:])
    private let file = Mutex<MoneyPatternFile?>(nil)
    private let icuLearnings = Atomic<Int>(0)
}
