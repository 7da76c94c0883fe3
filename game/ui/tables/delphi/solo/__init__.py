"""Delphi alone on the table kit: the model (:mod:`.model`, no pygame),
where things go (:mod:`.layout`), the painters (:mod:`.paint`), the table
(:mod:`.table`) and its saves (:mod:`.saved`).  The solo setup and its
screenshot scenes are ``game.ui.tables.delphi.solo_setup`` and
``solo_demo``."""
