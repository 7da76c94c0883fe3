"""The screen-reader tests' private session (tests/a11y/session.py),
started once for all of them.  The reader script runs under the system's
python3, never under pytest: it is not collected."""

from __future__ import annotations

import pytest

collect_ignore = ["atspi_reader.py"]


@pytest.fixture(scope="session")
def atspi():
    from tests.a11y.session import Session, missing

    absent = missing()
    if absent:
        # only when the system's tools are truly not there (.ci/run installs them)
        pytest.skip(f"not installed: {', '.join(absent)}")
    s = Session()
    try:
        yield s
    finally:
        s.close()
