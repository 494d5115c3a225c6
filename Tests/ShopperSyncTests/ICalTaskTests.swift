import XCTest
@testable import ShopperSync
@testable import ShopperSyncModel
@testable import ShopperModel

/// A task in its iCalendar text, through libical: read, patched (what Shopper does not know stays),
/// written new; and the WebDAV XML the server answers with.
final class ICalTaskTests: XCTestCase {
    /// As tasks.org writes a task: an alarm, a parent, its own X- property, two categories.
    static let tasksOrg = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-130804//EN",
        "BEGIN:VTODO", "DTSTAMP:20240301T120000Z", "UID:4711-tasks-org", "CREATED:20240301T115900Z",
        "LAST-MODIFIED:20240301T120000Z", "SUMMARY:2 kg Apples @ 1.29", "DESCRIPTION:Ripe ones\\nnot green",
        "CATEGORIES:Fruit,Market", "STATUS:NEEDS-ACTION", "PRIORITY:9", "X-APPLE-SORT-ORDER:12",
        "X-OTHER-APP:keep me", "RELATED-TO;RELTYPE=PARENT:parent-uid",
        "BEGIN:VALARM", "TRIGGER;RELATED=END:PT0S", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "END:VALARM",
        "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    static let march2024 = Date(timeIntervalSince1970: 1_709_294_400)  // 2024-03-01 12:00:00 UTC
    static let now = Date(timeIntervalSince1970: 1_800_000_000)        // 2027-01-15 08:00:00 UTC

    func lines(_ text: String) -> [String] { text.split(whereSeparator: \.isNewline).map(String.init) }

    func testReadsATasksOrgTask() throws {
        let fields = try ICalTask(text: Self.tasksOrg).fields
        XCTAssertEqual(fields, TaskFields(uid: "4711-tasks-org", summary: "2 kg Apples @ 1.29", categories: ["Fruit", "Market"],
                                          description: "Ripe ones\nnot green", status: .needsAction, sortOrder: 12, lastModified: Self.march2024))
    }

    func testPatchKeepsWhatShopperDoesNotKnow() throws {
        let task = try ICalTask(text: Self.tasksOrg)
        var fields = task.fields
        fields.summary = "Green apples"
        fields[.state] = "NEEDED"
        task.patch(fields, now: Self.now)
        let text = lines(task.text)
        for kept in ["BEGIN:VALARM", "TRIGGER;RELATED=END:PT0S", "DESCRIPTION:Reminder", "END:VALARM",
                     "RELATED-TO;RELTYPE=PARENT:parent-uid", "X-OTHER-APP:keep me", "PRIORITY:9", "UID:4711-tasks-org",
                     "SUMMARY:Green apples", "X-SHOPPER-STATE:NEEDED", "LAST-MODIFIED:20270115T080000Z", "STATUS:NEEDS-ACTION"] {
            XCTAssertTrue(text.contains(kept), "\(kept) in\n\(task.text)")
        }
        XCTAssertFalse(text.contains("SUMMARY:2 kg Apples @ 1.29"))
        XCTAssertFalse(text.contains("LAST-MODIFIED:20240301T120000Z"))
        XCTAssertEqual(task.fields.lastModified, Self.now)
        XCTAssertEqual(task.fields.summary, "Green apples")
        XCTAssertEqual(task.fields.categories, ["Fruit", "Market"])
        XCTAssertEqual(task.fields.sortOrder, 12)
    }

    func testCompletingAndReopening() throws {
        let task = try ICalTask(text: Self.tasksOrg)
        var fields = task.fields
        fields.status = .completed
        task.patch(fields, now: Self.now)
        var text = lines(task.text)
        XCTAssertTrue(text.contains("STATUS:COMPLETED"), task.text)
        XCTAssertTrue(text.contains("COMPLETED:20270115T080000Z"), task.text)
        XCTAssertTrue(text.contains("PERCENT-COMPLETE:100"), task.text)
        XCTAssertTrue(text.contains("BEGIN:VALARM"), task.text)
        XCTAssertEqual(task.fields.status, .completed)

        fields.status = .needsAction
        task.patch(fields, now: Self.now.addingTimeInterval(60))
        text = lines(task.text)
        XCTAssertTrue(text.contains("STATUS:NEEDS-ACTION"), task.text)
        XCTAssertFalse(text.contains { $0.hasPrefix("COMPLETED") }, task.text)
        XCTAssertFalse(text.contains { $0.hasPrefix("PERCENT-COMPLETE") }, task.text)
        XCTAssertTrue(text.contains("LAST-MODIFIED:20270115T080100Z"), task.text)
        XCTAssertEqual(task.fields.status, .needsAction)
    }

    func testPatchingWithTheSameFieldsChangesNothing() throws {
        let written = ICalTask(newUID: "shopper-1")
        written.patch(TaskMapping.task(for: SharedItem(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Fruit",
                                                       notes: "Ripe"), state: .inCart, position: 3), uid: "shopper-1"), now: Self.march2024)
        for source in [Self.tasksOrg, written.text] {
            let task = try ICalTask(text: source)
            let before = task.text
            task.patch(task.fields, now: Self.now)
            XCTAssertEqual(task.text, before)
            // As the sync engine patches: the fields the mapping gives, which know no LAST-MODIFIED.
            var fields = task.fields
            fields.lastModified = nil
            task.patch(fields, now: Self.now)
            XCTAssertEqual(task.text, before)
        }
    }

    func testMalformedTextIsRefused() {
        let rows: [(String, ICalTask.ParseError, UInt)] = [
            ("", .notICalendar, #line),
            ("hello, world", .notICalendar, #line),
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:e1\r\nDTSTART:20240301T120000Z\r\nSUMMARY:Meeting\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", .noTask, #line),
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n", .noTask, #line),
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nSUMMARY:Milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", .noUID, #line),
            ("BEGIN:VTODO\r\nSUMMARY:Milk\r\nEND:VTODO\r\n", .noUID, #line),
        ]
        for (text, expected, line) in rows {
            XCTAssertThrowsError(try ICalTask(text: text), line: line) { XCTAssertEqual($0 as? ICalTask.ParseError, expected, line: line) }
        }
    }

    func testCategoriesWithCommas() throws {
        let rows: [(String, [String], UInt)] = [
            ("CATEGORIES:Fruit,Market", ["Fruit", "Market"], #line),
            ("CATEGORIES:Fruit, Market", ["Fruit", "Market"], #line),
            ("CATEGORIES:Bakery\\, bread,Fruit", ["Bakery, bread", "Fruit"], #line),
            ("CATEGORIES:Bakery\\, bread\r\nCATEGORIES:Fruit", ["Bakery, bread", "Fruit"], #line),
            ("CATEGORIES:", [], #line),
        ]
        for (line, categories, l) in rows {
            let task = try ICalTask(text: "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:c\r\nSUMMARY:Bread\r\n\(line)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
            XCTAssertEqual(task.fields.categories, categories, line: l)
            XCTAssertEqual(try ICalTask(text: task.text).fields.categories, categories, task.text, line: l)
        }
    }

    func testABareTaskIsRead() throws {
        let task = try ICalTask(text: "BEGIN:VTODO\r\nUID:bare\r\nSUMMARY:Milk\r\nEND:VTODO\r\n")
        XCTAssertEqual(task.fields, TaskFields(uid: "bare", summary: "Milk"))
        XCTAssertTrue(task.text.hasPrefix("BEGIN:VCALENDAR"), task.text)
    }

    /// A task Shopper creates reads back as it was written, fields and item.
    func testNewTaskReadsBack() throws {
        let rows: [(SharedItem, UInt)] = [
            (SharedItem(ItemFields(description: "Milk")), #line),
            (SharedItem(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Fruit"), position: 3), #line),
            (SharedItem(ItemFields(description: "Mince", quantity: 500, unit: "g", price: dec("5.49"), priceBasis: .forAll), state: .inCart), #line),
            (SharedItem(ItemFields(description: "Eggs", quantity: 12, notes: "Free range\nbrown; large, \"fresh\""), state: .notNeeded, position: 0), #line),
            (SharedItem(ItemFields(description: "Milk, semi-skimmed; 2%", unit: "bottles", aisle: "Dairy; chilled")), #line),
            (SharedItem(ItemFields(description: "Bread, rolls", aisle: "Bakery, bread")), #line),
            (SharedItem(ItemFields(description: "Spices", aisle: "Épices, crème, ☕☕☕☕☕☕☕☕☕☕☕☕, ünd, ça, œ")), #line),
            (SharedItem(ItemFields(description: "Odd", aisle: "a\\,b \\ c;d")), #line),
            (SharedItem(ItemFields(description: "Coupon @ 5 \\ back", notes: "a\\nb")), #line),
            (SharedItem(ItemFields(description: "Crème fraîche ☕️", quantity: dec("0.25"), unit: "l", aisle: "Kühlregal")), #line),
            (SharedItem(ItemFields(description: "A long description that goes well beyond seventy-five octets, so libical folds the line")), #line),
        ]
        for (item, line) in rows {
            let fields = TaskMapping.task(for: item, uid: "shopper-42")
            let written = ICalTask(newUID: "shopper-42")
            written.patch(fields, now: Self.now)
            let read = try ICalTask(text: written.text)
            var expected = fields
            expected.lastModified = Self.now
            if expected.description == "" { expected.description = nil }
            XCTAssertEqual(read.fields, expected, "\(written.text)", line: line)
            XCTAssertEqual(TaskMapping.item(from: read.fields), item, line: line)
            let text = lines(written.text)
            XCTAssertTrue(text.contains("DTSTAMP:20270115T080000Z"), line: line)
            XCTAssertTrue(text.contains("CREATED:20270115T080000Z"), line: line)
            XCTAssertEqual(text.contains("PERCENT-COMPLETE:100"), item.state != .needed, line: line)
        }
    }

    func testNewUIDLosesItsLineBreaks() throws {
        XCTAssertEqual(ICalTask(newUID: "a\r\nb;c,d\\e").fields.uid, "abcde")
    }

    // MARK: WebDAV XML

    func testMultistatusParses() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:response>
                <d:href>/dav/lists/shop/a.ics</d:href>
                <d:propstat>
                  <d:prop><d:getetag>"etag-a"</d:getetag><c:calendar-data>BEGIN:VCALENDAR</c:calendar-data></d:prop>
                  <d:status>HTTP/1.1 200 OK</d:status>
                </d:propstat>
                <d:propstat>
                  <d:prop><d:displayname/></d:prop>
                  <d:status>HTTP/1.1 404 Not Found</d:status>
                </d:propstat>
              </d:response>
              <d:response>
                <d:href> /dav/lists/shop/gone.ics </d:href>
                <d:status>HTTP/1.1 404 Not Found</d:status>
              </d:response>
              <d:response><d:href></d:href></d:response>
              <d:sync-token>http://example.org/sync/42</d:sync-token>
            </d:multistatus>
            """
        let m = try Multistatus(Data(xml.utf8))
        XCTAssertEqual(m.syncToken, "http://example.org/sync/42")
        XCTAssertEqual(m.responses.map(\.href), ["/dav/lists/shop/a.ics", "/dav/lists/shop/gone.ics"])
        XCTAssertEqual(m.responses.map(\.status), [nil, 404])
        XCTAssertEqual(m.responses[0].etag, "\"etag-a\"")
        XCTAssertEqual(m.responses[0].prop(DAV.caldav, "calendar-data")?.text, "BEGIN:VCALENDAR")
        XCTAssertNil(m.responses[0].prop(DAV.ns, "displayname"))
        XCTAssertEqual(m.responses[1].props, [])
    }

    func testXMLRefusals() {
        let rows: [(String, UInt)] = [
            ("", #line),
            ("not xml at all", #line),
            ("<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><d:multistatus xmlns:d=\"DAV:\">&x;</d:multistatus>", #line),
            ("<?xml version=\"1.0\"?><!DOCTYPE d SYSTEM \"http://example.org/evil.dtd\"><d:multistatus xmlns:d=\"DAV:\"/>", #line),
            ("<!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><d:multistatus xmlns:d=\"DAV:\">&b;</d:multistatus>", #line),
        ]
        for (xml, line) in rows {
            XCTAssertThrowsError(try ShopperSync.XMLElement.parse(Data(xml.utf8)), line: line) { error in
                guard case .malformed = error as? SyncError else { return XCTFail("\(error)", line: line) }
            }
        }
        XCTAssertThrowsError(try Multistatus(Data("<d:propfind xmlns:d=\"DAV:\"/>".utf8))) { error in
            XCTAssertEqual(error as? SyncError, .malformed("no multistatus"))
        }
    }
}
