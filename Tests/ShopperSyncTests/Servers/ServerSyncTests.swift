import XCTest

/// The sync scenarios against Radicale (Debian's radicale 3.1).
final class RadicaleSyncTests: XCTestCase {
    func scenarios() throws -> SyncScenarios { try SyncScenarios("radicale") }
    func testPhoneRoundTrip() throws { try scenarios().phoneRoundTrip() }
    func testTwoDesktopsConverge() throws { try scenarios().twoDesktopsConverge() }
    func testStoresTravelWithTheItem() throws { try scenarios().storesTravelWithTheItem() }
    func testOfflineAddsOnBoth() throws { try scenarios().offlineAddsOnBoth() }
    func testRefusedTokenListsEverything() throws { try scenarios().refusedTokenListsEverything() }
    func testServerDownThenBack() throws { try scenarios().serverDownThenBack() }
    func testEmptiedCollectionDeletesNothing() throws { try scenarios().emptiedCollectionDeletesNothing() }
    func testMalformedTaskIsSkipped() throws { try scenarios().malformedTaskIsSkipped() }
    func testPreconditionStorm() throws { try scenarios().preconditionStorm() }
    func testUploadWithoutAnswerConverges() throws { try scenarios().uploadWithoutAnswerConverges() }
    func testKilledSyncResumes() throws { try scenarios().killedSyncResumes() }
    func testOneChangeCostsTheSame() throws { try scenarios().oneChangeCostsTheSame() }
    func testTwoListsTwoCollections() throws { try scenarios().twoListsTwoCollections() }
    func testUndoGoesOutAsAChange() throws { try scenarios().undoGoesOutAsAChange() }
    func testCollectionDeletedOnTheServer() throws { try scenarios().collectionDeletedOnTheServer() }
    func testLostRecordThenRenamed() throws { try scenarios().lostRecordThenRenamed() }
    func testStopSharingStaysStopped() throws { try scenarios().stopSharingStaysStopped() }
    func testOneTaskListForOneList() throws { try scenarios().oneTaskListForOneList() }
    func testKilledEditUploadIsNoConflict() throws { try scenarios().killedEditUploadIsNoConflict(seed: killSeed(1)) }
}

/// The same scenarios against Xandikos (Debian's xandikos 0.2).
final class XandikosSyncTests: XCTestCase {
    func scenarios() throws -> SyncScenarios { try SyncScenarios("xandikos") }
    func testPhoneRoundTrip() throws { try scenarios().phoneRoundTrip() }
    func testTwoDesktopsConverge() throws { try scenarios().twoDesktopsConverge() }
    func testStoresTravelWithTheItem() throws { try scenarios().storesTravelWithTheItem() }
    func testOfflineAddsOnBoth() throws { try scenarios().offlineAddsOnBoth() }
    func testRefusedTokenListsEverything() throws { try scenarios().refusedTokenListsEverything() }
    func testServerDownThenBack() throws { try scenarios().serverDownThenBack() }
    func testEmptiedCollectionDeletesNothing() throws { try scenarios().emptiedCollectionDeletesNothing() }
    func testMalformedTaskIsSkipped() throws { try scenarios().malformedTaskIsSkipped() }
    func testPreconditionStorm() throws { try scenarios().preconditionStorm() }
    func testUploadWithoutAnswerConverges() throws { try scenarios().uploadWithoutAnswerConverges() }
    func testKilledSyncResumes() throws { try scenarios().killedSyncResumes() }
    func testOneChangeCostsTheSame() throws { try scenarios().oneChangeCostsTheSame() }
    func testTwoListsTwoCollections() throws { try scenarios().twoListsTwoCollections() }
    func testUndoGoesOutAsAChange() throws { try scenarios().undoGoesOutAsAChange() }
    func testCollectionDeletedOnTheServer() throws { try scenarios().collectionDeletedOnTheServer() }
    func testLostRecordThenRenamed() throws { try scenarios().lostRecordThenRenamed() }
    func testStopSharingStaysStopped() throws { try scenarios().stopSharingStaysStopped() }
    // Played by the proxy in front of Xandikos.
    func testPutAppliedThenFailed() throws { try scenarios().putAppliedThenFailed() }
    func testServiceUnavailable() throws { try scenarios().serviceUnavailable() }
    func testLossReportedWhenTheUploadFails() throws { try scenarios().lossReportedWhenTheUploadFails() }
    func testOwnUploadWithoutAnswerIsNoConflict() throws { try scenarios().ownUploadWithoutAnswerIsNoConflict() }
    func testKilledEditUploadIsNoConflict() throws { try scenarios().killedEditUploadIsNoConflict(seed: killSeed(2)) }
}

/// The seed of a killed upload's run: SHOPPER_KILL_SEED replays one, else each server's own.
func killSeed(_ fixed: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["SHOPPER_KILL_SEED"].flatMap(UInt64.init) ?? fixed
}
