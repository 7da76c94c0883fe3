"""Mind the Gap: a desktop card table (see README.md and docs/ARCHITECTURE.md)."""
