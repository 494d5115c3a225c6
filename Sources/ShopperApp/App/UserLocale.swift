import Foundation
import ShopperModel

/// The user's conventions, read from the environment: Foundation's `Locale.current` ignores
/// LANG and LC_* on Linux.
enum UserLocale {
    /// How the user writes numbers: what they type is read that way ("1,000 g" is a kilogram in
    /// English, a gram in German).
    static let numbers = NumberConvention(locale: NumberConvention.numericLocale(in: ProcessInfo.processInfo.environment))
}
