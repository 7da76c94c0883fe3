"""What a screen reader reads: every screen and table described as a tree
of :class:`~game.ui.a11y.nodes.Node` values (no pygame, no AccessKit), the
announcements a sighted player learns by looking, and the bridge that hands
both to the platform's accessibility API without ever blocking a frame."""
