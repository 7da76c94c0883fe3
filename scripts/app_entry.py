"""Entry script for the packaged app (PyInstaller puts this file's folder
on the import path, so it must not live inside game/, where game/i18n would
shadow pygame_gui's own 'i18n' dependency)."""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
