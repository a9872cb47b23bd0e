"""Short sound effects synthesised in code (no sample files): dice, build,
robber, and a soft chime for "your turn".  Generated once, lazily, as 16-bit
mono buffers with the standard `array` module."""

import array
import math

import pygame

RATE = 22050


def _rand_stream(seed):
    x = seed
    while True:                      # small LCG: deterministic noise, no imports
        x = (1103515245 * x + 12345) & 0x7FFFFFFF
        yield (x / 0x3FFFFFFF) - 1.0


def _to_buffer(samples) -> bytes:
    peak = max(1e-6, max(abs(s) for s in samples))
    k = 0.8 * 32767 / peak
    return array.array("h", (int(s * k) for s in samples)).tobytes()


def dice_samples():
    """Three quick clacks of wood on wood, decaying."""
    noise = _rand_stream(7)
    out = [0.0] * int(RATE * 0.42)
    for start, amp in ((0.0, 1.0), (0.11, 0.7), (0.2, 0.55), (0.3, 0.3)):
        i0 = int(start * RATE)
        for i in range(int(RATE * 0.06)):
            t = i / RATE
            env = math.exp(-t * 70)
            tone = math.sin(2 * math.pi * 1900 * t) * 0.5 + math.sin(2 * math.pi * 3100 * t) * 0.3
            out[i0 + i] += amp * env * (tone + 0.6 * next(noise))
    return out


def build_samples():
    """A hammer knock: a low thud with a short woody overtone."""
    out = []
    for i in range(int(RATE * 0.25)):
        t = i / RATE
        out.append(math.exp(-t * 22) * math.sin(2 * math.pi * 180 * t)
                   + 0.5 * math.exp(-t * 60) * math.sin(2 * math.pi * 720 * t))
    return out


def robber_samples():
    """A low falling growl."""
    out = []
    phase = 0.0
    for i in range(int(RATE * 0.6)):
        t = i / RATE
        f = 160 - 90 * t
        phase += 2 * math.pi * f / RATE
        env = min(1.0, t * 30) * math.exp(-t * 3)
        out.append(env * (math.sin(phase) + 0.35 * math.sin(3 * phase)))
    return out


def chime_samples():
    out = []
    for i in range(int(RATE * 0.35)):
        t = i / RATE
        f = 660 if t < 0.12 else 880
        out.append(math.exp(-((t % 0.12) if t < 0.12 else t - 0.12) * 12) * math.sin(2 * math.pi * f * t))
    return out


GENERATORS = {"dice": dice_samples, "build": build_samples, "robber": robber_samples,
              "chime": chime_samples}


class Sounds:
    """Plays effects if a mixer is available; silent (never failing) otherwise."""

    def __init__(self, volume: int = 70, muted: bool = False):
        self.volume = volume
        self.muted = muted
        self._sounds = {}
        self._ok = None

    def _ready(self) -> bool:
        if self._ok is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(RATE, -16, 1, 512)
                self._ok = pygame.mixer.get_init() is not None
            except pygame.error:
                self._ok = False
        return self._ok

    def play(self, name: str) -> None:
        if self.muted or self.volume == 0 or not self._ready():
            return
        snd = self._sounds.get(name)
        if snd is None:
            freq, _fmt, channels = pygame.mixer.get_init()
            data = GENERATORS[name]()
            if channels == 2:
                data = [s for s in data for _ in (0, 1)]
            snd = pygame.mixer.Sound(buffer=_to_buffer(data))
            self._sounds[name] = snd
        snd.set_volume(self.volume / 100)
        snd.play()
