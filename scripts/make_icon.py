"""Draw the app icon: a small difference pyramid of cards on felt.

Writes ``assets/icon.png`` (256 px, the window icon) and the desktop icons
in the usual hicolor sizes under ``packaging/icons/hicolor/NxN/apps/``
(16 to 512 px; ``make install`` copies them, and build.spec turns them
into the Windows .ico and the macOS .icns).  Sizes from 128 px up are
drawn at their size; the small ones are scaled down from the 256 px one.
Run once after changing the design; the PNGs are committed.

    python scripts/make_icon.py [--out DIR]    # DIR: the repository (default)
"""

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

#: the hicolor sizes a desktop looks for (freedesktop icon theme spec)
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
NAME = "mind-the-gap"


def draw(size: int) -> pygame.Surface:
    """The icon drawn at ``size`` px (the design is laid out for 256 px;
    at 256 it is exactly the committed assets/icon.png)."""
    from game.cards import Card
    from game.ui import cardart

    k = size / 256

    def px(v: float) -> int:
        return round(v * k)

    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(icon, (24, 92, 60), icon.get_rect(), border_radius=px(48))
    pygame.draw.rect(icon, (232, 190, 84), icon.get_rect(), max(1, px(8)), border_radius=px(48))
    cw = px(52)
    gap = px(6)
    rows = [["5C"], ["3H", "8D"], ["6S", "9H", None]]
    for r, row in enumerate(rows):
        y = px(22 + r * 78)
        x0 = size // 2 - (len(row) * (cw + gap)) // 2
        for i, code in enumerate(row):
            x = x0 + i * (cw + gap)
            if code is None:
                img = cardart.slot(cw, (255, 255, 255), 200, dashed=True)
            else:
                img = cardart.face(Card.parse(code), cw)
            icon.blit(img, (x, y))
    return icon


def icon_path(root: Path, size: int) -> Path:
    return root / "packaging" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=ROOT, help="where assets/ and packaging/ are written (default: the repository)")
    args = p.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1, 1))
    base = draw(256)
    written = []
    out = args.out / "assets" / "icon.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(base, str(out))
    written.append(out)
    for size in HICOLOR_SIZES:
        img = draw(size) if size >= 128 else pygame.transform.smoothscale(base, (size, size))
        path = icon_path(args.out, size)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(img, str(path))
        written.append(path)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
