"""A few short sounds, synthesised at start-up (no sound files to ship)."""

from __future__ import annotations

import contextlib
import math
import struct

import pygame

RATE = 22050


def _tone(freqs, ms: int, volume: float = 0.35, decay: float = 18.0) -> bytes:
    n = int(RATE * ms / 1000)
    out = bytearray()
    for i in range(n):
        t = i / RATE
        env = math.exp(-decay * t) * min(1.0, i / 40)
        v = sum(math.sin(2 * math.pi * f * t) for f in freqs) / len(freqs)
        s = int(32767 * volume * env * v)
        out += struct.pack("<hh", s, s)
    return bytes(out)


class Sounds:
    def __init__(self) -> None:
        self.ok = False
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=2)
            self.sounds = {
                "place": pygame.mixer.Sound(buffer=_tone([660, 990], 70, 0.25, 40)),
                "refuse": pygame.mixer.Sound(buffer=_tone([180, 140], 160, 0.3, 14)),
                "coin": pygame.mixer.Sound(buffer=_tone([1320, 1760], 120, 0.2, 22)),
                "win": pygame.mixer.Sound(buffer=_tone([523, 659, 784], 600, 0.25, 4)),
                "deal": pygame.mixer.Sound(buffer=_tone([400], 40, 0.15, 60)),
            }
            self.ok = True
        except pygame.error:
            self.ok = False  # no audio device: play silently

    def play(self, name: str) -> None:
        if self.ok and name in self.sounds:
            with contextlib.suppress(pygame.error):  # no free channel, or the mixer went away
                self.sounds[name].play()
