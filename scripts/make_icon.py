"""Draw the app icon (assets/icon.png): a small difference pyramid of
cards on felt.  Run once; the PNG is committed."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

pygame.init()
pygame.display.set_mode((1, 1))
from game.cards import Card  # noqa: E402
from game.ui import cardart  # noqa: E402

S = 256
icon = pygame.Surface((S, S), pygame.SRCALPHA)
pygame.draw.rect(icon, (24, 92, 60), icon.get_rect(), border_radius=48)
pygame.draw.rect(icon, (232, 190, 84), icon.get_rect(), 8, border_radius=48)
cw = 52
rows = [["5C"], ["3H", "8D"], ["6S", "9H", None]]
for r, row in enumerate(rows):
    y = 22 + r * 78
    x0 = S // 2 - (len(row) * (cw + 6)) // 2
    for i, code in enumerate(row):
        x = x0 + i * (cw + 6)
        if code is None:
            img = cardart.slot(cw, (255, 255, 255), 200, dashed=True)
        else:
            img = cardart.face(Card.parse(code), cw)
        icon.blit(img, (x, y))
out = Path(__file__).resolve().parents[1] / "assets" / "icon.png"
pygame.image.save(icon, str(out))
print(out)
