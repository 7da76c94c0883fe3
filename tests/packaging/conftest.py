"""test_frozen_app.py tests the built app: `make packaged-tests` runs it
after `make package`, with MTG_PACKAGED_APP naming the packaged folder.
A plain pytest run has no built app to test, so it does not collect that
file (rather than report its tests as skipped)."""

import os

collect_ignore = [] if os.environ.get("MTG_PACKAGED_APP") else ["test_frozen_app.py"]
