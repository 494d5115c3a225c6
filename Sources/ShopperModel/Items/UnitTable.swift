/// Every unit the app reads, as data: its dimension, its exact size, how it is spelled in English
/// and German, and which spellings the add bar reads (`PlainTextFormat.units` is made from this).
/// US measures are exact by definition (a US cup is 236.5882365 ml, an avoirdupois ounce
/// 28.349523125 g); German spoons are the metric 15 and 5 ml recipes there mean.
enum UnitTable {
    static let units: [MeasureUnit] = mass + volume + counted

    private static func r(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d)! }

    private static func unit(_ id: String, _ dimension: Dimension, _ base: String, _ perBase: Rational,
                             _ one: String, _ many: String, _ words: [String], exact: [String] = [],
                             addBar: [String] = [], metric: Bool = false) -> MeasureUnit {
        MeasureUnit(id: id, dimension: dimension, base: base, perBase: perBase, one: one, many: many,
                    words: words, exactCase: exact, addBar: addBar, metric: metric)
    }

    private static func count(_ id: String, _ one: String, _ many: String, _ words: [String], base: String? = nil,
                              addBar: [String] = []) -> MeasureUnit {
        unit(id, .count, base ?? id, r(1), one, many, words, addBar: addBar)
    }

    /// 1 US cup in millilitres: 236.5882365, in lowest terms.
    static let cup = r(473_176_473, 2_000_000)
    /// 1 avoirdupois ounce in grams: 28.349523125.
    static let ounce = r(45_359_237, 1_600_000)

    static let mass: [MeasureUnit] = [
        unit("g", .mass, "g", r(1), "g", "g", ["g", "gr", "gram", "grams", "gramm", "gramme", "grammes"],
             addBar: ["g"], metric: true),
        unit("kg", .mass, "g", r(1000), "kg", "kg", ["kg", "kilo", "kilos", "kilogram", "kilograms", "kilogramm"],
             addBar: ["kg"], metric: true),
        unit("mg", .mass, "g", r(1, 1000), "mg", "mg", ["mg", "milligram", "milligrams", "milligramm"],
             addBar: ["mg"], metric: true),
        unit("oz", .mass, "g", ounce, "oz", "oz", ["oz", "ounce", "ounces", "unze", "unzen"], addBar: ["oz"]),
        unit(
            "lb", .mass, "g", r(45_359_237, 100_000), "lb", "lb", ["lb", "lbs", "pound", "pounds"],
            addBar: ["lb", "lbs"]),
        unit("de.pfund", .mass, "g", r(500), "Pfund", "Pfund", ["pfund"], metric: true),
    ]

    static let volume: [MeasureUnit] = [
        unit("ml", .volume, "ml", r(1), "ml", "ml", ["ml", "milliliter", "milliliters", "millilitre", "millilitres"],
             addBar: ["ml"], metric: true),
        unit("cl", .volume, "ml", r(10), "cl", "cl", ["cl", "centiliter", "centilitre"], addBar: ["cl"], metric: true),
        unit("dl", .volume, "ml", r(100), "dl", "dl", ["dl", "deciliter", "decilitre"], addBar: ["dl"], metric: true),
        unit("l", .volume, "ml", r(1000), "l", "l", ["l", "ltr", "liter", "liters", "litre", "litres"],
             addBar: ["l"], metric: true),
        // The spoons' symbols are add-bar units too (no product is called so; "cup" is one, so
        // cups stay a recipe's word): a recipe's "2 tbsp" item is written and typed as such.
        unit("tsp", .volume, "ml", cup.divided(by: r(48))!, "tsp", "tsp",
             ["tsp", "tsps", "teaspoon", "teaspoons", "teasp"], exact: ["t"], addBar: ["tsp"]),
        unit("tbsp", .volume, "ml", cup.divided(by: r(16))!, "tbsp", "tbsp",
            ["tbsp", "tbsps", "tbs", "tbl", "tbls", "tblsp", "tablespoon", "tablespoons"], exact: ["T"],
            addBar: ["tbsp"]),
        unit("floz", .volume, "ml", cup.divided(by: r(8))!, "fl oz", "fl oz",
             ["fl oz", "fl. oz", "fl.oz", "fl. oz.", "fl.oz.", "fluid ounce", "fluid ounces", "floz"]),
        unit("cup", .volume, "ml", cup, "cup", "cups", ["cup", "cups"]),
        unit("pint", .volume, "ml", cup.multiplied(by: r(2))!, "pint", "pints", ["pint", "pints", "pt"]),
        unit("quart", .volume, "ml", cup.multiplied(by: r(4))!, "quart", "quarts", ["quart", "quarts", "qt"]),
        unit("gallon", .volume, "ml", cup.multiplied(by: r(16))!, "gallon", "gallons", ["gallon", "gallons", "gal"]),
        unit("de.el", .volume, "ml", r(15), "EL", "EL", ["el", "essl", "esslöffel", "eßlöffel"]),
        unit("de.tl", .volume, "ml", r(5), "TL", "TL", ["tl", "teel", "teelöffel"]),
    ]

    static let counted: [MeasureUnit] = [
        unit("piece", .count, "each", r(1), "piece", "pieces", ["piece", "pieces", "pc", "pcs"],
             addBar: ["pc", "pcs", "piece", "pieces"]),
        unit("de.stueck", .count, "each", r(1), "Stück", "Stück", ["stück", "stueck", "stk", "st"]),
        unit("dozen", .count, "each", r(12), "dozen", "dozen", ["dozen", "dutzend"], addBar: ["dozen"]),
        count("pinch", "pinch", "pinches", ["pinch", "pinches"]),
        count("de.prise", "Prise", "Prisen", ["prise", "prisen"], base: "pinch"),
        count("clove", "clove", "cloves", ["clove", "cloves"]),
        count("de.zehe", "Zehe", "Zehen", ["zehe", "zehen"], base: "clove"),
        count("can", "can", "cans", ["can", "cans"], addBar: ["can", "cans"]),
        count("tin", "tin", "tins", ["tin", "tins"], base: "can", addBar: ["tin", "tins"]),
        count("de.dose", "Dose", "Dosen", ["dose", "dosen"], base: "can"),
        count("bunch", "bunch", "bunches", ["bunch", "bunches"], addBar: ["bunch", "bunches"]),
        count("de.bund", "Bund", "Bund", ["bund", "bunde"], base: "bunch"),
        count("pack", "pack", "packs", ["pack", "packs", "pk", "pkg", "package", "packages", "packet", "packets"],
              addBar: ["pack", "packs", "pk"]),
        count("de.packung", "Packung", "Packungen", ["packung", "packungen", "pck", "pkt", "päckchen"], base: "pack"),
        count("box", "box", "boxes", ["box", "boxes"], addBar: ["box", "boxes"]),
        count("bottle", "bottle", "bottles", ["bottle", "bottles"], addBar: ["bottle", "bottles"]),
        count("de.flasche", "Flasche", "Flaschen", ["flasche", "flaschen"], base: "bottle"),
        count("jar", "jar", "jars", ["jar", "jars"], addBar: ["jar", "jars"]),
        count("de.glas", "Glas", "Gläser", ["glas", "gläser"], base: "jar"),
        count("bag", "bag", "bags", ["bag", "bags"], addBar: ["bag", "bags"]),
        count("de.beutel", "Beutel", "Beutel", ["beutel", "tüte", "tüten"], base: "bag"),
        count("loaf", "loaf", "loaves", ["loaf", "loaves"], addBar: ["loaf", "loaves"]),
        count("roll", "roll", "rolls", ["roll", "rolls"], addBar: ["roll", "rolls"]),
        count("tub", "tub", "tubs", ["tub", "tubs", "pot", "pots", "carton", "cartons"]),
        count("de.becher", "Becher", "Becher", ["becher"], base: "tub"),
        count("handful", "handful", "handfuls", ["handful", "handfuls"]),
        count("de.handvoll", "Handvoll", "Handvoll", ["handvoll"], base: "handful"),
        count("slice", "slice", "slices", ["slice", "slices"]),
        count("de.scheibe", "Scheibe", "Scheiben", ["scheibe", "scheiben"], base: "slice"),
        count("sprig", "sprig", "sprigs", ["sprig", "sprigs"]),
        count("de.zweig", "Zweig", "Zweige", ["zweig", "zweige", "stiel", "stiele"], base: "sprig"),
        count("stalk", "stalk", "stalks", ["stalk", "stalks"]),
        count("stick", "stick", "sticks", ["stick", "sticks"]),
        count("de.stange", "Stange", "Stangen", ["stange", "stangen"], base: "stalk"),
        count("head", "head", "heads", ["head", "heads"]),
        count("de.kopf", "Kopf", "Köpfe", ["kopf", "köpfe"], base: "head"),
    ]
}
