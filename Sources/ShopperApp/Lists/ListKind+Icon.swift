import ShopperModel

/// How each list is pictured in the view switchers (Adwaita's own symbolic icons).
extension ListKind {
    var icon: String {
        switch self {
        case .all: "view-list-bullet-symbolic"
        case .shopping: "selection-mode-symbolic"
        case .cart: "checkbox-checked-symbolic"
        }
    }
}
