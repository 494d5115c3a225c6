import Foundation
import ShopperModel

@main
struct ShopperMain {
    @MainActor
    static func main() {
        Toolkit.name(program: AppInfo.program, application: AppInfo.name)
        do {
            exit(try start(CommandLine.arguments))
        } catch {
            FileHandle.standardError.write(Data("shopper: \(error.localizedDescription)\n".utf8))
            exit(1)
        }
    }

    /// Checks everything that could stop the app before a window opens, so each problem is one clear
    /// message and a non-zero exit, never a crash trace.
    @MainActor
    static func start(_ arguments: [String]) throws -> Int32 {
        guard Toolkit.start() else { throw StartupError.noDisplay }
        let paths = try AppPaths.resolve()
        let model: ShoppingModel
        do {
            model = try ShoppingModel(store: Store(path: paths.storeFile))
        } catch {
            throw StartupError.store(StoreErrorMessage(text: error.localizedDescription))
        }
        return ShopperApplication(paths: paths, model: model).run(arguments)
    }
}
