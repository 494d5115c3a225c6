
/// The app's two stylesheets: the light one always, the dark one on top while libadwaita's style
/// manager says dark, which follows the desktop both ways, live (ADW_DEBUG_COLOR_SCHEME in tests).
@MainActor
final class AppStyle {
    private let light: StyleSheet
    private let dark: StyleSheet

    init(folder: String) {
        light = StyleSheet(path: folder + "/shopper.css")
        dark = StyleSheet(path: folder + "/shopper-dark.css")
    }

    /// Call once a display exists.
    func apply() {
        light.apply(true)
        follow(StyleManager.isDark)
        StyleManager.onDarkChanged { [weak self] isDark in self?.follow(isDark) }
    }

    func remove() {
        light.apply(false)
        dark.apply(false)
    }

    private func follow(_ isDark: Bool) { dark.apply(isDark, priority: StyleSheet.applicationPriority + 1) }
}
