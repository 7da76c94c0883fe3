"""Settings, saves and statistics as schema-versioned JSON files.

- :mod:`~game.persistence.files`: the one loader every file goes through
  (a bad file is moved aside to ``<name>.bad``, never deleted, and the
  player is told in their language) and atomic writes;
- :mod:`~game.engine.schema`: the small declarative shapes files are
  checked against; :mod:`~game.persistence.shapes` those of the saves and
  the statistics;
- :mod:`~game.persistence.storage`: one running app per data folder (a
  lock; a second copy runs read-only) and stale temporary files;
- :mod:`~game.persistence.saves`, :mod:`~game.persistence.settings`.

``MTG_HOME`` (an environment variable) puts every file under one folder;
the tests and the soak harness use it so they never touch a player's files.
"""

from __future__ import annotations

from game.persistence.files import LoadResult, atomic_write_json, load_json, move_aside, save_versioned
from game.persistence.paths import APP_NAME, config_dir, data_dir

__all__ = ["APP_NAME", "LoadResult", "atomic_write_json", "config_dir", "data_dir", "load_json", "move_aside", "save_versioned"]
