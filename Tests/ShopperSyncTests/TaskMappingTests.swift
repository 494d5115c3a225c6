import XCTest
@testable import ShopperSync
import ShopperModel

final class TaskMappingTests: XCTestCase {
}
