"""The client in a real window on a virtual X display (Xvfb), driven by real X input (xdotool) and photographed.

Used by the `window` tests and by `bench.bench_idle --window`. Everything waits for a condition with a generous
bound and never for a fixed time, except the CPU sample, which measures over the wall time it is asked for.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageChops, ImageGrab, ImageStat

TOOLS = ("Xvfb", "xdotool")
TITLE = "Forces of Conquest"
SCREEN = (1600, 1000)
PATIENCE = 90.0  # seconds: the bound on any wait (a loaded 2-core machine starts the client in ~5 s)
CONNECT_TRIES = 3  # starts of a client whose connection to the X server was refused (see `client`)
STILL_SPAN = 2.0  # seconds a picture must stay the same to count as still (a computer's short think included)
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def missing_tools() -> list[str]:
    """The programs the real-window layer needs that this machine lacks."""
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def wait_for(condition: Callable[[], object], what: str, patience: float = PATIENCE, every: float = 0.1) -> object:
    """Poll `condition` until it returns something true; fail naming `what` after `patience` seconds."""
    end = time.monotonic() + patience
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise TimeoutError(f"waited {patience:.0f} s for {what}")
        time.sleep(every)


@dataclass
class XDisplay:
    """An Xvfb server of our own."""

    name: str
    process: subprocess.Popen[bytes]

    @classmethod
    def start(cls) -> XDisplay:
        """A server on the first free display number from one of this process's own (away from :0 and the
        numbers people pick by hand, so test runs beside a desktop or each other never collide)."""
        first = 200 + os.getpid() % 600
        for number in range(first, first + 50):
            if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
                continue
            started = cls._try(number)
            if started is not None:
                return started
        raise RuntimeError(f"Xvfb did not start on any display from :{first}")

    @classmethod
    def _try(cls, number: int) -> XDisplay | None:
        read, write = os.pipe()
        process = subprocess.Popen(
            ["Xvfb", f":{number}", "-displayfd", str(write), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
             "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as numbers:
            ready = numbers.readline().strip()  # Xvfb writes its number once it accepts clients
        if ready != str(number):
            process.kill()
            process.wait()
            return None
        return cls(f":{number}", process)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


@dataclass
class Client:
    """One `foc play` process in a window of `display`, as a user starts it."""

    display: XDisplay
    process: subprocess.Popen[bytes]
    log: Path
    window: str = ""
    origin: tuple[int, int] = (0, 0)
    size: tuple[int, int] = (0, 0)
    shots: list[Path] = field(default_factory=list)

    # ----- X tools
    def x(self, *args: str) -> str:
        env = {**os.environ, "DISPLAY": self.display.name}
        done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=PATIENCE)
        if done.returncode:
            raise RuntimeError(f"{' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def find_window(self) -> None:
        """Wait until the game's window is mapped on the display, and read where it is."""
        def mapped() -> str:
            self.check_alive()
            try:
                found = self.x("xdotool", "search", "--onlyvisible", "--name", TITLE).split()
            except RuntimeError:  # nothing found yet
                return ""
            return found[0] if found else ""

        self.window = str(wait_for(mapped, "the game's window to open"))
        geometry = dict(line.split("=", 1) for line in self.x("xdotool", "getwindowgeometry", "--shell",
                                                                 self.window).split())
        self.origin = (int(geometry["X"]), int(geometry["Y"]))
        self.size = (int(geometry["WIDTH"]), int(geometry["HEIGHT"]))

    # ----- input (coordinates as arcade has them: from the window's bottom-left corner)
    def _at(self, x: float, y: float) -> tuple[str, str]:
        return str(round(x)), str(round(self.size[1] - y))

    def move(self, x: float, y: float) -> None:
        self.x("xdotool", "mousemove", "--window", self.window, *self._at(x, y))

    def click(self, x: float, y: float, button: int = 1) -> None:
        self.move(x, y)
        self.x("xdotool", "click", str(button))

    def key(self, *names: str) -> None:
        """Key presses through the X server, to the focused game window."""
        self.x("xdotool", "windowfocus", "--sync", self.window)
        self.x("xdotool", "key", "--delay", "60", *names)

    # ----- looking
    def picture(self) -> Image.Image:
        """What the window shows now, read from the X server (not from the client's own frame buffer)."""
        (left, top), (width, height) = self.origin, self.size
        grabbed = ImageGrab.grab(bbox=(left, top, left + width, top + height), xdisplay=self.display.name)
        return grabbed.convert("RGB")

    def screenshot(self, path: Path) -> Image.Image:
        picture = self.picture()
        path.parent.mkdir(parents=True, exist_ok=True)
        picture.save(path)
        self.shots.append(path)
        return picture

    def settled_picture(self, what: str, patience: float = PATIENCE, span: float = STILL_SPAN) -> Image.Image:
        """The picture once it has not changed for `span` seconds (animations over, computer turns played)."""
        last, since = self.picture(), time.monotonic()

        def settled() -> Image.Image | None:
            nonlocal last, since
            now = self.picture()
            if blank(now) or differs(last, now):
                last, since = now, time.monotonic()
                return None
            return now if time.monotonic() - since >= span else None

        return wait_for(settled, f"{what} to be drawn and still", patience, every=0.3)  # type: ignore[return-value]

    def wait_change(self, before: Image.Image, what: str, patience: float = PATIENCE) -> Image.Image:
        return wait_for(lambda: (lambda now: now if differs(before, now) else None)(self.picture()),  # type: ignore[return-value]
                        what, patience, every=0.2)

    # ----- the process
    def check_alive(self) -> None:
        if self.process.poll() is not None:
            server = "running" if self.display.process.poll() is None else "gone"
            raise AssertionError(f"the client exited with status {self.process.returncode} (X server {self.display.name}"
                                 f" {server}):\n{self.output()}")

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""

    def cpu_seconds(self) -> float:
        """User and system CPU time of the client process so far (all its threads)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def cpu_share(self, seconds: float) -> float:
        """The share of one core the client used over the next `seconds` of wall time (untouched)."""
        cpu, wall = self.cpu_seconds(), time.monotonic()
        time.sleep(seconds)
        return (self.cpu_seconds() - cpu) / (time.monotonic() - wall)

    def children(self) -> list[int]:
        """The processes the client started (a local server, after Host)."""
        try:
            listed = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text()
        except OSError:
            return []
        return [int(pid) for pid in listed.split()]

    def close(self) -> None:
        """End the client as a session's end does (SIGTERM); what it started must end with it."""
        started = self.children()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        left = [pid for pid in started if _waits_for_end(pid)]
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 9)
        if left:
            raise AssertionError(f"the client left processes running after it ended: {left}")


def _waits_for_end(pid: int, patience: float = 15.0) -> bool:
    """True when process `pid` is still running after `patience` seconds."""
    try:
        wait_for(lambda: not Path(f"/proc/{pid}").exists() or "zombie" in _state(pid), f"process {pid} to end",
                 patience)
        return False
    except TimeoutError:
        return True


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].splitlines()[0].lower()
    except (OSError, IndexError):
        return "zombie"


def blank(picture: Image.Image) -> bool:
    """True when the picture is one flat colour (nothing drawn) or nearly so."""
    low, high = picture.convert("L").getextrema()
    return bool(float(high) - float(low) < 16 or max(ImageStat.Stat(picture).stddev) < 4)  # type: ignore[arg-type]


def differs(before: Image.Image, after: Image.Image, pixels: int = 100) -> bool:
    """True when more than `pixels` pixels changed visibly (the client draws the same frame pixel for pixel, so
    anything above a tiny count is a real change: a counter, a highlight, a new screen)."""
    if before.size != after.size:
        return True
    diff = ImageChops.difference(before, after).convert("L").point(lambda v: 255 if v > 24 else 0)
    return diff.histogram()[255] > pixels


def game_command(*args: str) -> list[str]:
    """`foc play ARGS` as an installed user runs it (the package's entry point, through this interpreter)."""
    return [sys.executable, "-m", "game", "play", *args]


@contextmanager
def client(display: XDisplay, home: Path, *args: str) -> Iterator[Client]:
    """`foc play ARGS` in a real window on `display`, its settings, saves and maps in `home`; closed after."""
    env = {key: value for key, value in os.environ.items() if key != "ARCADE_HEADLESS"}
    # a headless arcade in this process put its own EGL libraries first on the library path: not for a window
    libraries = [p for p in env.pop("LD_LIBRARY_PATH", "").split(os.pathsep) if p and "arcade" not in p]
    if libraries:
        env["LD_LIBRARY_PATH"] = os.pathsep.join(libraries)
    env.update(DISPLAY=display.name, FOC_CONFIG_DIR=str(home / "config"), FOC_SAVES_DIR=str(home / "saves"),
               FOC_MAPS_DIR=str(home / "maps"), HOME=str(home))
    home.mkdir(parents=True, exist_ok=True)
    for attempt in range(CONNECT_TRIES):
        log = home / f"client-{len(list(home.glob('client-*.log')))}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(game_command(*args), env=env, stdout=out, stderr=subprocess.STDOUT,
                                       cwd=Path(__file__).resolve().parents[2])
        running = Client(display, process, log)
        try:
            running.find_window()
            break
        except AssertionError:
            # Xvfb on a loaded machine now and then refuses a new client's connection (pyglet: "Cannot connect
            # to None") while it runs; that is the virtual display's, not the game's: start the client again
            running.close()
            if attempt + 1 == CONNECT_TRIES or "Cannot connect" not in running.output():
                raise
    try:
        yield running
    finally:
        running.close()
