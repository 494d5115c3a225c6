/// The preferences window's rows, in order. The window is generated from this enum: reorder or
/// remove a case and its row moves or goes, with no other change.
enum PreferenceRow: CaseIterable {
    case showQuantity, showCost, showCheckboxes, sections, priceBandThreshold

    enum Control {
        case toggle(Preferences.Key)
        /// (stored value, shown title) pairs.
        case choice(Preferences.Key, [(value: String, title: String)])
        /// An exact amount above zero.
        case amount(Preferences.Key)
    }

    var title: String {
        switch self {
        case .showQuantity: "Show quantity"
        case .showCost: "Show cost"
        case .showCheckboxes: "Show checkboxes"
        case .sections: "Sections"
        case .priceBandThreshold: "Price band threshold"
        }
    }

    var subtitle: String {
        switch self {
        case .showQuantity: "Quantity and unit on each row"
        case .showCost: "Quantity × unit cost on each row"
        case .showCheckboxes: "Without them, a click where the checkbox was acts as a row click"
        case .sections: "Divide the lists into sections"
        case .priceBandThreshold: "With price band sections: items costing at least this come first"
        }
    }

    var control: Control {
        switch self {
        case .showQuantity: .toggle(.showQuantity)
        case .showCost: .toggle(.showCost)
        case .showCheckboxes: .toggle(.showCheckboxes)
        case .sections: .choice(.sections, [("aisle", "By aisle"), ("price-band", "By price band"), ("none", "None")])
        case .priceBandThreshold: .amount(.priceBandThreshold)
        }
    }
}
