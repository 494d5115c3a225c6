import Foundation
import ShopperModel

/// The application: one main window (with the model of the list it shows), stylesheets that follow
/// light and dark.
@MainActor
final class ShopperApplication {
    let app: Application
    private let loading: ModelLoading
    /// Why the store could not be opened: `run` ends, and the caller says so.
    private(set) var storeFailure: StoreError?
    let preferences: Preferences
    let paths: AppPaths
    private(set) var mainWindow: MainWindow?
    private let style: AppStyle
    private var benchmark: BenchmarkRunner?
    /// Read for a search from GNOME Shell's overview before any window: the window takes it.
    private var modelForSearch: ShoppingModel?

    /// `settings`: the app's GSettings, nil when its schema is not installed.
    init(paths: AppPaths, settings: SettingsStore?, loading: ModelLoading) {
        self.paths = paths
        self.loading = loading
        app = Application(id: AppInfo.id)
        if settings == nil {
            FileHandle.standardError.write(
                Data(
                    "shopper: the GSettings schema \(AppInfo.id) is not installed; preferences will not be kept after this session.\n"
                        .utf8))
        }
        preferences = Preferences(settings: settings)
        style = AppStyle(folder: paths.resources)
        app.on("activate") { [weak self] in self?.activate() }
        app.onOpen { [weak self] files in
            self?.activate()
            for f in files { self?.mainWindow?.features.files.importFile(f) }
        }
        installActions()
        offerSearch()
        // The primary instance has its bus connection from here on; `shopper add` calls this and
        // waits for the answer, so it reports an item as added only once it is saved.
        app.on("startup") { [weak self] in
            guard let self else { return }
            StartupTimeline.shared.mark(.appStartup)
            // `shopper sync`: answered when the window's sync is done.
            _ = DBusDeferredMethod.export(on: app, interface: SyncService.interface, method: SyncService.method) {
                [weak self] list, reply in
                self?.activate()
                guard let window = self?.mainWindow else {
                    reply.fail(L("Shopper is closing; nothing was synced.")); return
                }
                window.features.sharing.sync(list: list.isEmpty ? nil : list) { result in
                    switch result {
                    case .success(let text): reply.send(text)
                    case .failure(let e): reply.fail(e.localizedDescription)
                    }
                }
            }
            exportToWindow(AddLineService.interface, AddLineService.method) { line, window in
                try window.items.addLineForCaller(line)
            }
            exportToWindow(RecipeAddService.interface, RecipeAddService.method) { request, window in
                try RecipeCommands.addInWindow(request, window: window)
            }
            exportToWindow(BookService.interface, BookService.method) { request, window in
                try BookCommands.performInWindow(request, window: window)
            }
        }
    }

    /// A command line's method done by the window (shown first): its answer, or its failure,
    /// which whoever looks at the window learns of too.
    private func exportToWindow(
        _ interface: String, _ method: String, _ body: @escaping @MainActor (String, MainWindow) throws -> String
    ) {
        _ = DBusMethod.export(on: app, interface: interface, method: method) { [weak self] input in
            guard let self else { throw AddLineService.Unavailable() }
            activate()
            guard let window = mainWindow else { throw AddLineService.Unavailable() }
            do { return try body(input, window) } catch {
                window.report(error)
                throw error
            }
        }
    }

    func run(_ arguments: [String]) -> Int32 { app.run(arguments) }

    /// Waits for the thread that reads the store, however the application ended (a process must not
    /// leave in the middle of opening the store).
    func waitForStore() { loading.wait() }

    /// After the window closed: the list it showed kept as a checkpoint, to open in a moment next
    /// time (`EntryCheckpoint`), and any list left earlier whose checkpoint is still being written.
    func keepCheckpoints() { CheckpointWriter.now(mainWindow?.model.items.checkpointJob()) }

    /// GNOME Shell's search provider, on the bus before the application asks for its name (see
    /// `ShellSearchProviderObject`). A process started for a search alone opens the store (no
    /// model) and stays 10 s after the last call; a window, when a result opens one, reads its
    /// model from that store.
    private func offerSearch() {
        let search = ShellSearch(
            store: { [weak self] in
                guard let self else { return nil }
                if let window = mainWindow { return window.model.store }
                if let store = modelForSearch?.store { return store }
                // A service start has read nothing yet: the store alone will do.
                if let store = try? loading.store() { return store }
                modelForSearch = joinModel()
                return modelForSearch?.store
            },
            preparedTexts: { [weak self] in self?.loading.takeSearchTexts() },
            money: { [weak self] in self?.mainWindow?.money ?? self?.preferences.money ?? UserLocale.current.money() },
            window: { [weak self] in
                self?.activate()
                return self?.mainWindow
            },
            touched: { [weak self] in
                guard let self, mainWindow == nil else { return }
                app.keepAlive(milliseconds: 10_000)
            })
        _ = ShellSearchProviderObject.register(path: ShellSearch.objectPath, search)
    }

    /// The model, waited for; nil when the store could not be opened (the application quits).
    /// Not kept here: the window lets go of a list's model when it shows another.
    private func joinModel() -> ShoppingModel? {
        if let model = modelForSearch {
            modelForSearch = nil
            return model
        }
        guard storeFailure == nil else { return nil }
        do {
            return try loading.model()
        } catch {
            storeFailure = error
            app.quit()
            return nil
        }
    }

    /// The application's actions, and every accelerator of the `AppAction` table (row actions'
    /// keys belong to the lists, see ListPage).
    private func installActions() {
        let actions = ActionMap(app)
        for action in AppAction.allCases where action.scope == .app {
            actions.add(action.rawValue, stringParameter: action.takesString) { [weak self] argument in
                guard let self else { return }
                switch action {
                case .preferences:
                    activate()
                    if let window = mainWindow?.window {
                        ShopperPreferencesWindow.present(preferences, over: window, store: mainWindow?.model.store)
                    }
                case .about:
                    activate()
                    if let window = mainWindow?.window {
                        AboutDialog.present(paths.aboutInfo, version: AppInfo.version, icon: AppInfo.id, parent: window)
                    }
                case .quit: app.quit()
                case .addLine:
                    activate()
                    if let line = argument { mainWindow?.items.addLine(line) }
                default: break
                }
            }
        }
        AppAction.setAccelerators(on: app)
        // A notification's click: also when it started the application (the window closed since).
        ArrivalNotifier.installActions(on: app) { [weak self] in
            self?.activate()
            return self?.mainWindow
        }
    }


    /// Other processes' writes (`shopper add` without the bus: cron, ssh): the window shows them
    /// within a second. (A sync the window ran is read the moment it ends: `SharingController`.)
    /// The check is one PRAGMA, so polling is cheaper than a file monitor on the WAL (which fires
    /// on every write, ours included).
    private func followOtherProcesses() {
        MainLoop.timeout(milliseconds: Self.followMS) { [weak self] in
            guard let self, let window = mainWindow else { return false }
            do { try window.model.core.refreshIfChangedElsewhere() } catch { window.report(error) }
            return true
        }
    }

    static let followMS: UInt32 = 1000

    /// Lists deleted in the last session can no longer be undone: their items go now, once the
    /// window is drawn (a write transaction, not the first frame's). Only in the one window: a
    /// second launch reads the store too, and must not. A failure leaves them for the next start,
    /// and is said in the window.
    private func purgeDeletedLists() {
        guard let window = mainWindow else { return }
        do { try window.model.store.purgeDeletedLists() } catch { window.report(error) }
    }

    func activate() {
        if mainWindow == nil {
            // The store has been read on its own thread while GTK and the application started.
            guard let model = joinModel() else { return }
            // Styles once per display, which exists from here on.
            style.apply()
            mainWindow = MainWindow(application: app, model: model, preferences: preferences, paths: paths)
            app.stopKeepingAlive()
            StartupTimeline.shared.mark(.windowBuilt)
            followOtherProcesses()
            // The shared lists sync once the window is drawn: start-up does not wait on a server.
            mainWindow?.window.afterNextFrame { [weak self] _ in
                MainLoop.idle { [weak self] in
                    self?.purgeDeletedLists()
                    self?.mainWindow?.features.sharing.start()
                    CheckpointWriter.tidy(self?.mainWindow?.model.store)
                }
            }
            if let mode = BenchmarkRunner.mode(), let window = mainWindow {
                // The C baseline's window (BENCHMARKS.md), not the wider one a sidebar of lists
                // opens at: the same pixels drawn on both sides.
                window.window.defaultSize(BenchmarkRunner.width, BenchmarkRunner.height)
                benchmark = BenchmarkRunner(window: window, app: app)
                benchmark?.start(mode: mode)
            }
        }
        mainWindow?.present()
    }
}
