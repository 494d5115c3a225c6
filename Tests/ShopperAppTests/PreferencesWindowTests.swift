import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// The preferences window on a real GSettings schema (make test compiles it into .build/schemas
/// and uses the memory backend): rows write the keys, and keys changed from outside show in the rows.
final class PreferencesWindowTests: GtkTestCase {
    func testRowsAndGSettingsFollowEachOtherBothWays() throws {
        try MainActor.assumeIsolated {
            guard let settings = SettingsStore(schema: AppInfo.id) else {
                throw XCTSkip("the schema is not compiled: run through make test (GSETTINGS_SCHEMA_DIR)")
            }
            let prefs = Preferences(settings: settings)
            settings.set("show-cost", true)
            settings.set("sections", "aisle")
            settings.set("price-band-threshold", "50")
            let parent = Window()
            let window = ShopperPreferencesWindow(preferences: prefs, parent: parent)
            window.window.present()
            waitForFrame(window.window.widget)
            @MainActor func control(_ r: PreferenceRow) -> Widget { window.rows.first { $0.row == r }!.control }

            // A switch row writes its key; a key written from outside moves the switch.
            let costSwitch = Switch(widget: control(.showCost))
            costSwitch.active = false
            XCTAssertEqual(settings.bool("show-cost"), false)
            XCTAssertFalse(prefs.display.showCost)
            settings.set("show-cost", true)
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            XCTAssertTrue(costSwitch.active)

            // The combo row and the key.
            let sections = ComboRow(wrapping: control(.sections))
            sections.selected = 1
            XCTAssertEqual(settings.string("sections"), "price-band")
            settings.set("sections", "none")
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            XCTAssertEqual(sections.selected, 2)

            // The entry row stores valid amounts only.
            let threshold = EntryRow(wrapping: control(.priceBandThreshold))
            threshold.text = "12.50"
            XCTAssertEqual(settings.string("price-band-threshold"), "12.5")
            threshold.text = "1,000"
            XCTAssertEqual(settings.string("price-band-threshold"), "12.5", "ambiguous text is not stored")
            XCTAssertTrue(control(.priceBandThreshold).hasCSS("error"))
            threshold.text = "-3"
            XCTAssertEqual(settings.string("price-band-threshold"), "12.5")
            window.window.destroy()
            parent.destroy()
        }
    }

    func testAboutComesFromTheMetainfo() throws {
        let info = try XCTUnwrap(AboutInfo(metainfo: repositoryData + "/io.github.shopperapp.Shopper.metainfo.xml"))
        XCTAssertEqual(info.name, "Shopper")
        XCTAssertEqual(info.license, "GPL-3.0-or-later")
        XCTAssertFalse(info.developer.isEmpty)
        XCTAssertFalse(info.website.isEmpty)
        XCTAssertEqual(info.releaseVersion, AppInfo.version)
        XCTAssertTrue(info.releaseNotes.hasPrefix("<p>"), info.releaseNotes)
    }

    /// The installed metainfo carries every translation after its original: the About window
    /// shows the user's language where there is one, the original elsewhere, never all of them.
    func testAboutTakesTheUsersLanguageFromAMergedMetainfo() throws {
        let path = NSTemporaryDirectory() + "merged-\(UUID().uuidString).metainfo.xml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <component type="desktop-application">
          <name>Shopper</name>
          <summary>Plan your groceries</summary>
          <summary xml:lang="de">Einkauf planen</summary>
          <developer_name>The developers</developer_name>
          <url type="homepage">https://example.org/</url>
          <releases>
            <release version="9.0" date="2026-11-26">
              <description>
                <p>Fish &amp; chips</p>
                <p xml:lang="de">Fisch &amp; Pommes</p>
                <ul>
                  <li>One</li>
                  <li xml:lang="he">אחד</li>
                  <li>Two</li>
                  <li xml:lang="de">Zwei</li>
                </ul>
              </description>
            </release>
            <release version="8.0"><description><p>Old</p></description></release>
          </releases>
        </component>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let german = try XCTUnwrap(AboutInfo(metainfo: path, languages: ["de_DE.UTF-8", "de_DE", "de", "C"]))
        XCTAssertEqual(german.summary, "Einkauf planen")
        XCTAssertEqual(german.releaseVersion, "9.0")
        XCTAssertEqual(german.releaseNotes, "<p>Fisch &amp; Pommes</p><ul><li>One</li><li>Zwei</li></ul>")
        XCTAssertEqual(german.website, "https://example.org/")
        let english = try XCTUnwrap(AboutInfo(metainfo: path, languages: ["en_US", "en", "C"]))
        XCTAssertEqual(english.summary, "Plan your groceries")
        XCTAssertEqual(english.releaseNotes, "<p>Fish &amp; chips</p><ul><li>One</li><li>Two</li></ul>")
        XCTAssertNil(AboutInfo(metainfo: path + ".missing"))
    }

    /// The price band's threshold says what it does and in what money: it was "Price band
    /// threshold 50" alone, its explanation only in a tooltip.
    func testThePriceBandThresholdSaysWhatItDoesInTheMoneyChosen() throws {
        MainActor.assumeIsolated {
            let prefs = Preferences(settings: nil)
            prefs.set(.currency, "EUR")
            let parent = Window()
            let window = ShopperPreferencesWindow(preferences: prefs, parent: parent)
            window.window.present()
            waitForFrame(window.window.widget)
            @MainActor func words() -> [String] { window.window.widget.descendants().compactMap(\.labelText) }
            XCTAssertTrue(words().contains("Price Bands"), "\(words())")
            let euro = words().first { $0.hasPrefix("With sections by price band") } ?? ""
            XCTAssertTrue(euro.contains("€") && euro.contains("50.00"), euro)
            prefs.set(.currency, "GBP")
            runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
            let pound = words().first { $0.hasPrefix("With sections by price band") } ?? ""
            XCTAssertTrue(pound.contains("£") || pound.contains("GBP"), "follows the currency chosen: \(pound)")
            window.window.destroy()
            parent.destroy()
        }
    }
}
