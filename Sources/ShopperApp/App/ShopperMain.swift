import Foundation
import ShopperModel

@main
struct ShopperMain {
    @MainActor
    static func main() {
        StartupTimeline.shared.mark(.main)
        Toolkit.oneMallocArena()
        Translation.setUp()
        Toolkit.name(program: AppInfo.program, application: AppInfo.name)
        do {
            exit(try run(Command.parse(CommandLine.arguments)))
        } catch let e as Command.UsageError {
            FileHandle.standardError.write(Data("shopper: \(e.localizedDescription)\n".utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("shopper: \(error.localizedDescription)\n".utf8))
            exit(1)
        }
    }

    /// Commands that print need no display; only the window does.
    @MainActor
    static func run(_ command: Command) throws -> Int32 {
        switch command {
        case .help:
            print(Command.usage)
        case .version:
            print("\(AppInfo.name) \(AppInfo.version)")
        case .add(let line, let list):
            print(try CommandRunner.add(line, to: list, paths: dataPaths))
        case .export(let format, let list, let from):
            FileHandle.standardOutput.write(
                Data(try CommandRunner.export(format: format, list: list, from: from, paths: dataPaths).utf8))
        case .importFiles(let files, let list):
            print(try CommandRunner.importFiles(files, to: list, paths: dataPaths))
        case .lists:
            FileHandle.standardOutput.write(Data(try CommandRunner.lists(paths: dataPaths).utf8))
        case .recipeImport(let source, let mode):
            FileHandle.standardOutput.write(
                Data(try RecipeCommands.importRecipes(from: source, mode: mode, paths: dataPaths).utf8))
        case .recipeDelete(let title):
            print(try BookCommands.run(BookRequest(.delete, title: title), paths: dataPaths))
        case .plan(let command):
            let text = try PlanCommands.run(command, paths: dataPaths)
            FileHandle.standardOutput.write(Data((text.isEmpty || text.hasSuffix("\n") ? text : text + "\n").utf8))
        case .share(let server, let user, let list):
            print(try SharingCommands.share(server: server, user: user, list: list, paths: dataPaths))
        case .shareStatus(let list):
            FileHandle.standardOutput.write(Data(try SharingCommands.status(list: list, paths: dataPaths).utf8))
        case .shareStop(let list):
            print(try SharingCommands.stop(list: list, paths: dataPaths))
        case .shareKitchen(let server, let user):
            print(try SharingCommands.shareKitchen(server: server, user: user, paths: dataPaths))
        case .shareKitchenStop:
            print(try SharingCommands.stopKitchen(paths: dataPaths))
        case .sync(let list):
            print(try SharingCommands.sync(list: list, paths: dataPaths))
        case .recipes:
            FileHandle.standardOutput.write(Data(try RecipeCommands.list(paths: dataPaths).utf8))
        case .recipeAdd(let title, let servings, let list):
            print(try RecipeCommands.add(title: title, servings: servings, to: list, paths: dataPaths))
        case .recipeExport(let title):
            FileHandle.standardOutput.write(Data(try RecipeCommands.export(title: title, paths: dataPaths).utf8))
        case .window:
            return try start(CommandLine.arguments)
        }
        return 0
    }

    /// Where the store is, for the commands that need no window (nor its resources).
    private static var dataPaths: AppPaths {
        AppPaths(dataFolder: AppPaths.dataFolder(ProcessInfo.processInfo.environment), resources: "")
    }

    /// Checks everything that could stop the app before a window opens, so each problem is one clear
    /// message and a non-zero exit, never a crash trace.
    @MainActor
    static func start(_ arguments: [String]) throws -> Int32 {
        let env = ProcessInfo.processInfo.environment
        // The store is read while GTK starts (see ModelLoading). With neither DISPLAY nor
        // WAYLAND_DISPLAY set there is no display to start on, and the store is left alone.
        let displayNamed = [env["DISPLAY"], env["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        // Read once here, and kept by the application: opening the schemas again cost the start.
        let settings = SettingsStore(
            schema: AppInfo.id, directory: (try? AppPaths.resourceFolder(env)).map { $0 + "/../glib-2.0/schemas" })
        let lastList = Int64(settings?.string(Preferences.Key.lastList.rawValue) ?? "").map(ListID.init)
        let currency = settings?.string(Preferences.Key.currency.rawValue)
        // How ICU writes money here, as the last start learned it: the store's thread formats without ICU.
        if let build = Toolkit.buildIdentity() {
            MoneyFormat.keepLearned(
                in: MoneyPatternFile(path: AppPaths.cacheFolder(env) + "/money-patterns", identity: build))
        }
        // Started by D-Bus as a service (GNOME Shell's search, the desktop's launcher): a window
        // may never be made, so nothing is read before it is asked for.
        let service = arguments.contains("--gapplication-service")
        let loading =
            displayNamed && !service
            ? ModelLoading(
                storeFile: AppPaths(dataFolder: AppPaths.dataFolder(env), resources: "").storeFile,
                                                              lastList: lastList, currency: currency) : nil
        do {
            guard Toolkit.start(icon: AppInfo.id) else { throw StartupError.noDisplay }
            StartupTimeline.shared.mark(.toolkitStarted)
            let paths = try AppPaths.resolve(environment: env)
            // Joined when the first window is made: the application's own start-up overlaps the
            // read too. A second launch hands its work to the first and never needs it.
            let shopper = ShopperApplication(paths: paths, settings: settings,
                loading: loading
                    ?? ModelLoading(
                        storeFile: paths.storeFile, lastList: lastList,
                                                                              currency: currency, now: !service))
            let status = shopper.run(arguments)
            shopper.waitForStore()
            shopper.keepCheckpoints()
            if let e = shopper.storeFailure {
                throw StartupError.store(StoreErrorMessage(text: e.localizedDescription))
            }
            return status
        } catch {
            loading?.wait()
            throw error
        }
    }
}
