// `L()` and `N()` live in ShopperText, a module of their own that the toolkit's wrappers
// (ShopperApp/Gtk) import without the model; every module that imports the model has them too.
@_exported import ShopperText
