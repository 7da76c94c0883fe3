"""The app: pygame-ce set-up, the one event loop and the scene stack.

``App`` can run its own loop (``run``) or be stepped by tests, the soak
harness, the screenshot tool and the benchmark (``step``), so all of them
exercise the very code a player runs.  ``game.__main__`` checks that
pygame-ce and pygame_gui are installed before it imports this module.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import sys
import time
import traceback
import warnings
from collections import deque
from collections.abc import Callable

import pygame
import pygame_gui

from game import i18n
from game.engine.registry import games
from game.i18n import tr
from game.i18n.plain import path_text
from game.persistence import APP_NAME, storage
from game.persistence.saves import latest_save
from game.persistence.settings import load_settings, save_settings
from game.ui import cardart
from game.ui.a11y.bridge import Bridge, Silent, open_bridge, wants_hidden_window
from game.ui.a11y.nodes import Announcement, Politeness
from game.ui.anim import Animator
from game.ui.assets import app_icon, scale_for, text_factor, theme
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.passdevice import PassScene
from game.ui.scene import Scene, SceneStack
from game.ui.scenes.keys import KeysScene
from game.ui.scenes.menu import MenuScene, continue_game
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.saves import SavesScene, sample_entries
from game.ui.scenes.settings import SettingsScene, apply_look
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.stats import sample as stats_sample
from game.ui.sound import Sounds
from game.ui.tables import built, table
from game.ui.widgets import Toasts, clear_felt, rendered

MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 800)
MAX_SIZE = (3840, 2160)
#: seconds after a full-screen toggle in which F11 does nothing (a window
#: made anew takes a held key for a new press; see App.handle)
F11_GUARD_S = 0.5

_LAUNCH_T0 = time.perf_counter()


def _name_the_window_class() -> None:
    """The window's class is the app's id, as the desktop entry's
    StartupWMClass says: task switchers and docks group windows by it.
    Importing pygame sets it to the program's file name ("__main__.py" from
    source) unless it was set; a value the player set stays."""
    own = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None
    for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        if os.environ.get(hint) in (None, own):
            os.environ[hint] = APP_NAME


def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"mind-the-gap: --size wants WIDTHxHEIGHT, like 1280x800, not {text!r}") from None
    return max(1, min(w, MAX_SIZE[0])), max(1, min(h, MAX_SIZE[1]))


#: how long a thread may hold the GIL while another waits for it.  The
#: frame loop waits for it behind every worker (the Gaps solver, a Delphi
#: guess or explanation): at CPython's 5 ms, frames at 1280x800 while
#: "Still solvable?" thought had a p95 of 11.2-12.0 ms and 277-282 of 360
#: frames in 6 s; at 1 ms, 6.8-8.4 ms and 330-333, the solver as fast
#: (deal 6, three runs each, the other core busy).  With no worker it
#: changes nothing.
SWITCH_INTERVAL = 0.001


class App:
    def __init__(self, size: tuple[int, int] | None = None, *, lang: str | None = None, fullscreen: bool | None = None, home_notices: bool = True, a11y: bool = False) -> None:
        sys.setswitchinterval(SWITCH_INTERVAL)
        self.pg = pygame
        self.gui = pygame_gui
        # the data folder first: a second copy of the app reads it and
        # writes nothing, not even a bad settings file moved aside
        self.storage = storage.open_storage()
        self.settings, self.notices = load_settings()
        if lang:
            self.settings.language = lang
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        i18n.set_language(self.settings.language)
        apply_look(self.settings)
        _name_the_window_class()
        pygame.display.init()
        pygame.font.init()
        self.sound: Sounds | None = None
        self.window_size = size or DEFAULT_SIZE
        self._windowed_size = self.window_size
        # Windows and macOS: the screen reader's adapter must subclass the
        # window before it is first shown (game/ui/a11y/windows_mac.py)
        hide_first = a11y and wants_hidden_window()
        self.window = self._set_mode(self.window_size, self.settings.fullscreen, pg_flags=pygame.HIDDEN if hide_first else 0)
        pygame.display.set_caption("Mind the Gap")
        #: the screen reader's bridge (game.ui.a11y.bridge): the platform's
        #: when ``a11y`` (the app a player runs), Silent for tests and tools
        self.a11y: Bridge = open_bridge() if a11y else Silent()
        if hide_first:
            self.window = self._set_mode(self.window_size, self.settings.fullscreen, pg_flags=pygame.SHOWN)
        self._window_seen: tuple | None = None
        icon = app_icon()
        if icon is not None:
            pygame.display.set_icon(icon)
        self._set_minimum_window_size()
        self._laid_out = self.window.get_size()  # the window size the scenes are laid out for
        self.screen = self._make_screen()
        self.ui = self._make_ui()
        self.scenes = SceneStack()
        self.toasts = Toasts()  # app-wide notices (e.g. a damaged settings file)
        self.clock = pygame.time.Clock()
        self.running = True
        self._f11_held = False  # F11 is down (its repeats do nothing)
        self._f11_at = -F11_GUARD_S  # when the last F11 toggle was done
        self.frame_count = 0
        self._release_pending = False
        self._lang_off = i18n.on_change(self._language_changed)
        #: what the player was told once per session (a folder that cannot be written)
        self._said: set[str] = set()
        for n in self.notices if home_notices else []:
            self.toasts.show(n.render(self.settings.language), "refuse", ttl=8)
        if home_notices and self.storage.access is storage.Access.NOT_WRITABLE:
            self.say_once("read-only", self.read_only_reason(), ttl=10)
        self._animator_cls = Animator
        #: the latest announcements, newest last (a key reads them again)
        self.announced: deque[Announcement] = deque(maxlen=20)

    # --- window ---------------------------------------------------------------
    @staticmethod
    def fit(size: tuple[int, int]) -> tuple[int, int]:
        """A window size the app will make: at most MAX_SIZE (a 16384×16384
        window took 17 s and 5.5 GB to draw into; 100000×100000 made SDL
        fail), at least 1×1."""
        return max(1, min(int(size[0]), MAX_SIZE[0])), max(1, min(int(size[1]), MAX_SIZE[1]))

    def _set_mode(self, size, fullscreen: bool, pg_flags: int = 0):
        pg = self.pg
        flags = pg.RESIZABLE | pg_flags
        if fullscreen:
            try:
                return pg.display.set_mode((0, 0), pg.FULLSCREEN | pg_flags)
            except pg.error:
                self.settings.fullscreen = False
        return pg.display.set_mode(self.fit(size), flags)

    def _set_minimum_window_size(self) -> None:
        try:
            with warnings.catch_warnings():
                # the deprecation concerns drawing through Window; we only
                # set the minimum size on the display module's window
                warnings.simplefilter("ignore", DeprecationWarning)
                win = self.pg.Window.from_display_module()
            win.minimum_size = MIN_SIZE
        except (pygame.error, AttributeError, ValueError):  # not every backend has windows (dummy)
            pass

    def _make_screen(self):
        """Scenes draw on a surface at least MIN_SIZE large; a smaller
        window (even 1×1) shows it scaled down instead of breaking layout."""
        w, h = self.window.get_size()
        if w >= MIN_SIZE[0] and h >= MIN_SIZE[1]:
            self.view_scale = None
            return self.window
        vw, vh = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
        self.view_scale = (vw / max(1, w), vh / max(1, h))
        return self.pg.Surface((vw, vh)).convert()

    def _make_ui(self):
        """A pygame_gui manager whose theme fits the window's scale.  Scales
        are rounded to steps of 5 %, and a manager is only made anew when
        the step changes: each one loads its own copies of the fonts."""
        self.scale = scale_for(self.screen.get_size(), text_factor(self.settings.text_size))
        step = round(self.scale * 20) / 20
        # the high-contrast look has a theme of its own
        key = (step, self.settings.high_contrast)
        old = getattr(self, "ui", None)
        if old is not None and getattr(self, "_ui_step", None) == key:
            old.clear_and_reset()
            old.set_window_resolution(self.screen.get_size())
            return old
        self._ui_step = key
        ui = self.gui.UIManager(self.screen.get_size(), theme(step, self.settings.high_contrast), enable_live_theme_updates=False)
        _release_memory()
        return ui

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        size = self.fit(size)
        before = self.window
        try:
            self.window = self.pg.display.get_surface() or self._set_mode(size, False)
            if self.window.get_size() != tuple(size) and not self.settings.fullscreen:
                self.window = self._set_mode(size, False)
        except self.pg.error:
            # the window stays as it was (a size SDL cannot make)
            self.window = before
            return
        self.window_size = size
        if not self.settings.fullscreen:
            self._windowed_size = size
        self._rebuild()

    def _rebuild(self) -> None:
        old = self.screen.get_size()
        # (the window's own surface is resized in place: ``old`` is then
        # already the new size, so the scenes compare the layout's size)
        relaid = self.window.get_size() != self._laid_out
        self._laid_out = self.window.get_size()
        self.screen = self._make_screen()
        if self.screen.get_size() != old:
            cardart.clear_caches()
            clear_felt()
            rendered.cache_clear()
            _release_memory()
        for s in self.scenes.scenes:
            s.clear_ui()
            if relaid:
                s.screen_changed()
        self.ui = self._make_ui()
        # only the top scene has elements; one below builds its own when it
        # comes back (a paused menu rebuilt here drew its buttons over the
        # running table and swallowed its clicks)
        top = self.scenes.top
        if top is not None:
            top.resize(self.size)
        # the old UI manager and the screen-sized surfaces sit in reference
        # cycles; collect them now rather than at the next full collection,
        # or repeated resizes pile up hundreds of MB
        gc.collect()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.settings.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self.window = self._set_mode(self._windowed_size, on)
        self.save_settings()
        self._rebuild()

    def relayout(self) -> None:
        """Lay every screen out anew for the same window (the text size
        changed the scale, or the high-contrast look the theme): the
        theme, the top screen's widgets, the tables' layouts (keyed by the
        scale) and their layers (keyed by the look)."""
        cardart.clear_caches()
        clear_felt()
        rendered.cache_clear()
        self._rebuild()

    def save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as e:
            self.write_failed("settings", e)

    # --- files that cannot be written ---------------------------------------------
    def say_once(self, key: str, text: str, ttl: float = 8) -> None:
        """Show ``text`` unless something under ``key`` was said before in
        this session (a read-only folder fails every autosave)."""
        if key not in self._said:
            self._said.add(key)
            self.toasts.show(text, "refuse", ttl=ttl)

    def read_only_reason(self) -> str:
        if self.storage.access is storage.Access.OTHER_COPY:
            return tr("ui.files.read_only.other_copy")
        return tr("ui.files.read_only.folder", path=path_text(self.storage.folder), detail=self.storage.detail)

    def write_failed(self, what: str, error: OSError, key: str | None = None) -> None:
        """A write of ``what`` (settings, save, stats) failed: say so with
        ``key`` (default ``ui.<what>.write_failed``), once per sentence, and
        once in all when this copy is read-only."""
        if isinstance(error, storage.ReadOnly):
            self.say_once("read-only", self.read_only_reason())
        else:
            key = key or f"ui.{what}.write_failed"
            self.say_once(key, tr(key, detail=error.strerror or str(error)))

    def ask_about_other_copy(self) -> None:
        """Another copy of the app holds the data folder: read-only or quit?"""
        if self.storage.access is not storage.Access.OTHER_COPY or "other-copy" in self._said:
            return
        self._said.add("other-copy")

        def read_only() -> None:
            self.say_once("read-only", self.read_only_reason())

        self.push(ConfirmScene(self, tr("ui.lock.title"), tr("ui.lock.body"), read_only, self.quit, yes=tr("ui.lock.read_only"), no=tr("ui.lock.quit")))

    def _language_changed(self, lang: str) -> None:
        self.settings.language = lang
        for s in self.scenes.scenes:
            s.clear_ui()
        top = self.scenes.top
        for s in self.scenes.scenes:
            if s is top:
                s.language_changed()

    # --- what a scene may ask (game.ui.scene.AppServices) ----------------------------
    def anim_factor(self) -> float:
        """How long animations take, as a factor (0: none at all)."""
        return self.settings.animation_factor

    def animator(self) -> Animator:
        return self._animator_cls(factor=self.anim_factor)

    def open_rules(self, game_id: str | None = None) -> None:
        self.push(RulesScene(self, game_id))

    def open_settings(self) -> None:
        self.push(SettingsScene(self))

    def open_keys(self) -> None:
        self.push(KeysScene(self))

    def open_setup(self, game_id: str, prefs: dict | None = None) -> None:
        self.to_menu()
        table(game_id).open_new(self, prefs)

    def play_sound(self, name: str) -> None:
        if not self.settings.sound:
            return
        if self.sound is None:
            self.sound = Sounds()
        self.sound.play(name)

    def push(self, scene) -> None:
        self.scenes.push(scene)

    def pop(self) -> None:
        self.scenes.pop()
        if not self.scenes.scenes:
            self.running = False

    def to_menu(self) -> None:
        self.scenes.reset(MenuScene(self))

    def quit(self) -> None:
        """Leave every scene, the top one first, then stop the loop: a
        table writes what only it holds (a clock's seconds since the last
        move went missing when closing the window only stopped the loop)."""
        while self.scenes.scenes:
            self.scenes.scenes.pop().exit()
        self.running = False

    # --- the loop -----------------------------------------------------------------
    def _to_screen(self, event):
        """Mouse coordinates from the window to the (maybe larger) screen."""
        pg = self.pg
        if self.view_scale is None or event.type not in (pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP, pg.MOUSEMOTION):
            return event
        sx, sy = self.view_scale
        d = dict(event.dict)
        d["pos"] = (int(event.pos[0] * sx), int(event.pos[1] * sy))
        if "rel" in d:
            d["rel"] = (int(d["rel"][0] * sx), int(d["rel"][1] * sy))
        return pg.event.Event(event.type, d)

    def handle(self, event) -> None:
        pg = self.pg
        if event.type == pg.QUIT:
            self.quit()
            return
        if event.type == pg.VIDEORESIZE:
            if not self.settings.fullscreen:
                self.resize((max(1, event.w), max(1, event.h)))
            else:
                # a full-screen window can still change size under the app
                # (a window manager's shortcut, another display resolution):
                # laid out for the old size, the table's buttons were off the
                # window (seen under Xvfb). The windowed size is kept for F11.
                surface = pg.display.get_surface()
                if surface is not None and surface.get_size() != self._laid_out:
                    self.window = surface
                    self._rebuild()
            return
        if event.type in (pg.KEYDOWN, pg.KEYUP) and event.key == pg.K_F11:
            # once per press: a held F11 flipped the window 4-5 times in
            # under 2 s (in a real X window, the settings file with it).
            # Repeats come as KEYDOWNs without a KEYUP (the flag), and a
            # window made anew forgets the held key (SDL sends a KEYUP)
            # and takes the next repeat for a new press, within ~0.1 s of
            # being made (the time guard; measured under Xvfb)
            if event.type == pg.KEYDOWN and not self._f11_held and time.monotonic() - self._f11_at > F11_GUARD_S:
                self.toggle_fullscreen()
                self._f11_at = time.monotonic()
            self._f11_held = event.type == pg.KEYDOWN
            return
        event = self._to_screen(event)
        top = self.scenes.top
        if top is not None and top.busy and event.type in (pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP, pg.KEYDOWN, pg.KEYUP) and not top.accepts_while_busy(event):
            top.held_while_busy(event)  # a card is travelling: no move may start mid-animation
            return
        consumed = self.ui.process_events(event)
        if top is not None and not (consumed and event.type in (pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP)):
            top.handle_event(event)

    def step(self, dt: float | None = None, events=None) -> None:
        pg = self.pg
        if dt is None:
            dt = self.clock.tick(60) / 1000.0
        for event in (pg.event.get() if events is None else events):
            self.handle(event)
            if not self.running:
                return
        dt = min(dt, 0.1)
        self.toasts.update(dt)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        self.ui.update(dt)
        self.draw()
        self._serve_reader()
        self.frame_count += 1
        if self._release_pending:
            self._release_pending = False
            _release_memory()

    def announce(self, text: str, *, assertive: bool = False) -> None:
        a = Announcement(text, Politeness.ASSERTIVE if assertive else Politeness.POLITE)
        self.announced.append(a)
        self.a11y.announce(a)

    def _serve_reader(self) -> None:
        """Hand the top screen's tree to the bridge while a reader
        listens, and do what readers asked (never blocks)."""
        top = self.scenes.top
        for request in self.a11y.requests():
            if top is not None:
                top.a11y_request(request)
        if self.a11y.active and top is not None:
            self._feed_window()
            self.a11y.update(top.a11y_tree())

    def _feed_window(self) -> None:
        """The window's place on the screen and its keyboard focus, to the
        bridge when they change (AT-SPI's screen coordinates and focus
        events need them)."""
        pg = self.pg
        try:
            pos = pg.display.get_window_position()
        except (pg.error, AttributeError):
            pos = (0, 0)
        seen = (*pos, *self.window.get_size(), bool(pg.key.get_focused()))
        if seen != self._window_seen:
            self._window_seen = seen
            self.a11y.window(seen[:4], seen[4])

    def release_memory_soon(self) -> None:
        """Collect garbage and trim the heap after this frame (a left
        table is unreachable by then)."""
        self._release_pending = True

    def draw(self) -> None:
        pg = self.pg
        for s in self.scenes.visible():
            s.draw(self.screen)
        self.ui.draw_ui(self.screen)
        top = self.scenes.top
        if top is not None:
            top.draw_focus(self.screen)
            draw_over = getattr(top, "draw_over_ui", None)
            if draw_over:
                draw_over(self.screen)
        if self.toasts.items:
            area = top.toast_area() if top is not None else Scene.default_toast_area(self)
            self.toasts.draw(self.screen, area, self.scale)
        if self.screen is not self.window:
            pg.transform.smoothscale(self.screen, self.window.get_size(), self.window)
        pg.display.flip()

    def close(self) -> None:
        """Leave every scene and release the display (tests make many apps)."""
        self.a11y.close()
        self._lang_off()
        while self.scenes.scenes:
            self.scenes.scenes.pop().exit()
        self.pg.display.quit()
        storage.release()


def _release_memory() -> None:
    """Give freed memory back to the system (glibc keeps it otherwise; a
    replaced font set or image cache would stay in the process's size)."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):  # not glibc (macOS, Windows): nothing to trim
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def _rules_at_diagram(app: App, game_id: str) -> RulesScene:
    scene = RulesScene(app, game_id)
    scene.prepare_shot = scene.scroll_to_diagram  # the shots tool calls it after the first frame
    return scene


def common_scene_factories(app: App) -> list[tuple[str, Callable[[], Scene]]]:
    """The shared screens in a realistic state."""
    return [
        ("menu", lambda: MenuScene(app)),
        ("settings", lambda: SettingsScene(app)),
        ("statistics", lambda: StatsScene(app)),
        # a few weeks of play, each game's tab (its pictures and its lines)
        *((f"statistics-{gid}", lambda gid=gid: StatsScene(app, stats_sample(), game=gid)) for gid in built()),
        ("saves", lambda: SavesScene(app, sample_entries())),
        ("rules", lambda: RulesScene(app)),
        ("keys", lambda: KeysScene(app)),
        *((f"rules-{g.id}", lambda gid=g.id: _rules_at_diagram(app, gid)) for g in games()),
        ("pass", lambda: PassScene(app, "Anna", lambda: None)),
        # the shell's own question (a game's questions are among its table's scenes)
        ("confirm", lambda: ConfirmScene(
            app,
            tr("ui.saves.delete_title"),
            tr("ui.saves.delete_body", game=games()[0].name(app.settings.language), when=tr("ui.saves.today", time="10:32")),
            lambda: None,
            yes=tr("ui.saves.delete"),
            no=tr("ui.cancel"),
            destructive=True,
        )),
    ]


def all_scene_factories(app: App) -> list[tuple[str, Callable[[], Scene]]]:
    """Every scene the app has, in a realistic state: used by --smoke,
    the screenshot tool and the soak harness."""
    out = common_scene_factories(app)
    for gid in built():
        out.extend(table(gid).scene_factories(app))
    return out


def smoke_all(app: App) -> int:
    """Draw one frame of every scene; exit code 0 if all drew."""
    failures = 0
    names = []
    for name, make in all_scene_factories(app):
        try:
            app.scenes.reset(make())
            app.step(1 / 60, events=[])
            names.append(name)
        except Exception:  # noqa: BLE001 - a scene that fails is reported, the others still drawn
            failures += 1
            print(f"smoke: scene {name} failed:", file=sys.stderr)
            traceback.print_exc()
    print(f"smoke: {len(names)} scenes drew, {failures} failed")
    return 1 if failures else 0


def run(*, smoke: bool = False, lang: str | None = None, fullscreen: bool | None = None, size: str | None = None, scene: str | None = None, autoplay: str | None = None, cont: bool = False) -> int:
    """Entry point for ``python -m game``; never shows a traceback to a
    player for set-up problems."""
    try:
        app = App(parse_size(size), lang=lang, fullscreen=fullscreen, a11y=not smoke)
    except pygame.error as e:
        print(
            f"mind-the-gap: the display could not be opened ({e}). "
            "Is a desktop session running? On a server, set SDL_VIDEODRIVER=dummy for the headless tools.",
            file=sys.stderr,
        )
        return 1
    if smoke:
        return smoke_all(app)
    if os.environ.get("MTG_FIRST_FRAME_EXIT"):
        app.to_menu()
        app.ask_about_other_copy()
        app.step(1 / 60, events=[])
        top = app.scenes.top
        print(f"first-frame {time.perf_counter() - _LAUNCH_T0:.4f} {top.name if top else '-'}", flush=True)
        app.a11y.close()
        return 0
    app.to_menu()
    if scene:
        found = dict(all_scene_factories(app)).get(scene)
        if found is None:
            print(f"mind-the-gap: no scene called {scene!r}", file=sys.stderr)
            return 2
        app.scenes.push(found())
    if autoplay:
        gid, _, seed = autoplay.partition(":")
        table(gid).open_autoplay(app, int(seed or 1))
    if cont:
        last, name, problems = latest_save()
        for problem in problems:
            app.toasts.show(problem.render(app.settings.language), "refuse", ttl=8)
        if last:
            continue_game(app, last, name)
    # over whatever the options opened: the first thing a second copy shows
    app.ask_about_other_copy()
    print("ready", flush=True)
    try:
        while app.running:
            app.step()
    finally:
        app.a11y.close()
    return 0

