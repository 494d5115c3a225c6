/// The height a page's rows may fill in the first frame that shows them: the main window's (the
/// height it asks for before it shows, then the one it has, maximized or tiled too), or the tallest
/// screen's before it has one. A page builds that many rows before that frame and the rest right
/// after it (`RowArrival.revealRest`): each row is a dozen widgets to build, style and measure, and
/// rows no window shows cost the frame for nothing.
@MainActor enum Screenful {
    private static var windowHeight: Int?

    /// The main window is (or asks to be) `height` px tall; 0 or less: not known.
    static func window(height: Int32) { windowHeight = height <= 0 ? nil : Int(height) }

    static var height: Int { windowHeight ?? Toolkit.tallestScreen ?? 3_000 }

    /// Rows of at least `rowHeight` px that fill the height below `top` px, and one cut at each edge.
    static func rows(ofHeight rowHeight: Int, below top: Int = 0) -> Int { max(0, height - top) / rowHeight + 2 }
}
