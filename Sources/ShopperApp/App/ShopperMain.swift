import Foundation
import ShopperModel

@main
struct ShopperMain {
    @MainActor
    static func main() {
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
        case .add(let line):
            print(try CommandRunner.add(line, paths: AppPaths(dataFolder: AppPaths.dataFolder(ProcessInfo.processInfo.environment), resources: "")))
        case .export(let format, let list):
            let paths = AppPaths(dataFolder: AppPaths.dataFolder(ProcessInfo.processInfo.environment), resources: "")
            FileHandle.standardOutput.write(Data(try CommandRunner.export(format: format, list: list, paths: paths).utf8))
        case .window:
            return try start(CommandLine.arguments)
        }
        return 0
    }

    /// Checks everything that could stop the app before a window opens, so each problem is one clear
    /// message and a non-zero exit, never a crash trace.
    @MainActor
    static func start(_ arguments: [String]) throws -> Int32 {
        let env = ProcessInfo.processInfo.environment
        // The store is read while GTK starts (see ModelLoading); with no display to start on, it is
        // left alone, as before.
        let displayNamed = [env["DISPLAY"], env["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        let loading = displayNamed ? ModelLoading(storeFile: AppPaths(dataFolder: AppPaths.dataFolder(env), resources: "").storeFile) : nil
        do {
            guard Toolkit.start(icon: AppInfo.id) else { throw StartupError.noDisplay }
            let paths = try AppPaths.resolve(environment: env)
            let model: ShoppingModel
            do {
                model = try (loading ?? ModelLoading(storeFile: paths.storeFile)).model()
            } catch {
                throw StartupError.store(StoreErrorMessage(text: error.localizedDescription))
            }
            return ShopperApplication(paths: paths, model: model).run(arguments)
        } catch {
            loading?.wait()
            throw error
        }
    }
}
