"""The enhancement mods' own short effects (mods/<id>/sounds/*.wav), made deterministically with make_assets' Synth."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: make_assets lives next to this file

from make_assets import Synth  # noqa: E402

MODS = Path(__file__).resolve().parents[1] / "mods"


def equip() -> Synth:
    """A buckle clicked shut and a ring of metal: a piece of kit put on."""
    s = Synth(0.45, "mod:equip")
    s.noise(0.0, 0.03, 0.5, 160, 0.7, attack=0.0005)
    s.bell(0.02, 0.4, 2093.0, 0.35, 12)
    s.noise(0.12, 0.03, 0.4, 160, 0.6, attack=0.0005)
    s.tone(0.12, 0.2, 1568.0, 0.2, decay=20, attack=0.001, harmonics=(1.0, 0.3))
    return s


def volley() -> Synth:
    """Bowstrings twanging and arrows hissing away."""
    s = Synth(0.8, "mod:volley")
    for i, st in enumerate((0.0, 0.06, 0.13, 0.2)):
        s.tone(st, 0.12, 196 + 14 * i, 0.4, decay=30, attack=0.001, harmonics=(1.0, 0.5, 0.2), glide=-0.2)
        s.noise(st + 0.02, 0.5, 0.35, 6, 0.9 - 0.1 * i, attack=0.05)
    return s


def climb() -> Synth:
    """Wooden rungs knocked one after another, rising."""
    s = Synth(0.8, "mod:climb")
    for i in range(5):
        st = i * 0.14
        s.tone(st, 0.1, 300 + 40 * i, 0.5, decay=45, attack=0.001, harmonics=(1.0, 0.0, 0.25))
        s.noise(st, 0.04, 0.35, 120, 0.3, attack=0.0005)
    return s


def gate() -> Synth:
    """A chain rattling over a winch, then the heavy gate's thud."""
    s = Synth(0.95, "mod:gate")
    for i in range(14):
        s.noise(i * 0.045, 0.03, 0.3, 140, 0.8, attack=0.0005)
        s.tone(i * 0.045, 0.04, 2600 + 90 * (i % 3), 0.08, decay=80, attack=0.001)
    s.tone(0.66, 0.28, 70, 0.9, decay=14, attack=0.002, harmonics=(1.0, 0.5), glide=-0.3)
    s.noise(0.66, 0.25, 0.6, 18, 0.08, attack=0.002)
    return s


def moat_dig() -> Synth:
    """Spades biting into earth and water seeping in."""
    s = Synth(0.9, "mod:moat_dig")
    for st in (0.0, 0.3):
        s.noise(st, 0.16, 0.7, 25, 0.25, attack=0.003)
        s.tone(st, 0.06, 900, 0.15, decay=60, attack=0.001)
    s.add(0.55, 0.35, lambda t, p: 0.18 * math.sin(math.tau * (500 + 300 * p) * t) * (1 - p))
    return s


def siege_roll() -> Synth:
    """The siege engine's wheels rumbling and creaking up to the wall."""
    s = Synth(1.0, "mod:siege_roll")
    s.noise(0.0, 1.0, 0.6, 1.2, 0.04, attack=0.15)
    for i in range(4):
        s.tone(0.1 + i * 0.22, 0.16, 420 - 25 * i, 0.25, decay=14, attack=0.02, harmonics=(1.0, 0.6, 0.4), glide=0.3)
        s.tone(0.1 + i * 0.22, 0.08, 60, 0.5, decay=35, attack=0.002)
    return s


def ignite() -> Synth:
    """A torch's whoosh as the timber catches."""
    s = Synth(0.7, "mod:ignite")
    s.noise(0.0, 0.7, 0.8, 4.5, 0.15, attack=0.12)
    s.noise(0.0, 0.05, 0.4, 120, 0.9, attack=0.0005)
    s.tone(0.0, 0.6, 80, 0.3, decay=5, attack=0.1, glide=0.6)
    return s


def crackle() -> Synth:
    """Burning wood crackling and a beam falling in."""
    s = Synth(1.0, "mod:crackle")
    s.noise(0.0, 1.0, 0.25, 1.5, 0.1, attack=0.2)
    for k in range(30):
        st = (k * 0.6180339) % 0.9
        s.noise(st, 0.02, 0.5, 200, 0.9, attack=0.0005)
    s.tone(0.7, 0.3, 55, 0.6, decay=10, attack=0.005, harmonics=(1.0, 0.4))
    return s


def put_out() -> Synth:
    """Water thrown on the flames: a splash and a long hiss."""
    s = Synth(0.9, "mod:put_out")
    s.noise(0.0, 0.12, 0.6, 25, 0.35, attack=0.002)
    s.noise(0.05, 0.85, 0.45, 3.5, 1.0, attack=0.08)
    return s


def ambush() -> Synth:
    """A sudden horn blast and a rush of feet from cover."""
    s = Synth(0.9, "mod:ambush")
    s.tone(0.0, 0.45, 233.1, 0.5, decay=2, attack=0.02, harmonics=(1.0, 0.7, 0.5, 0.3), glide=0.08)
    for i in range(6):
        s.noise(0.35 + i * 0.08, 0.07, 0.5, 45, 0.15, attack=0.003)
    return s


def arrival() -> Synth:
    """A rare unit joins: a short rising fanfare over a drum roll."""
    s = Synth(1.0, "mod:arrival")
    for i in range(8):
        s.noise(i * 0.035, 0.04, 0.25 + 0.03 * i, 60, 0.2, attack=0.002)
    for i, f in enumerate((392.0, 523.25, 659.25)):
        s.tone(0.28 + i * 0.12, 0.72 - i * 0.12, f, 0.32, decay=3.5, attack=0.008,
               harmonics=(1.0, 0.5, 0.3, 0.12), release=0.1)
    return s


SOUNDS: dict[str, dict[str, Callable[[], Synth]]] = {
    "accessories": {"equip": equip, "volley": volley, "climb": climb},
    "castle-works": {"gate": gate, "moat_dig": moat_dig},
    "siege": {"siege_roll": siege_roll},
    "fire": {"ignite": ignite, "crackle": crackle, "put_out": put_out},
    "ranger-skills": {"ambush": ambush},
    "rare-units": {"arrival": arrival},
}
"""mod id -> its effects: name -> maker; written to mods/<id>/sounds/<name>.wav."""


def main() -> None:
    for mod_id, makers in SOUNDS.items():
        for name, make in makers.items():
            make().write(MODS / mod_id / "sounds" / f"{name}.wav")


if __name__ == "__main__":
    main()
