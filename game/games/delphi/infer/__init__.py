"""The inference bot ("augur"): it induces God's rule from what its seat sees.

The candidate rules are rule-language trees built from the grammar
(:mod:`~game.games.delphi.rulelang.build`), never God's library:

- *units*: one test each – a property of the judged card (colour, suit,
  odd/even/face/prime, rank thresholds, rank mod 3), a relation to the last
  (and, when two starters are dealt, the second-last) card (same/other
  colour or suit, the six rank comparisons, distance, climbing with wrap,
  sums), rank against position (``card.rank % k = pos % k``), against
  ``last3`` … ``last6`` as far back as the starters reach (a rule that
  reads ``lastk`` is dealt k starters), against the first starter, and
  over the main line so far (played before, highest or lowest so far,
  counts and sums: ``infer.units.LINE_UNITS``); and *conditions* that do
  not read the judged card (a property of ``last`` / ``last2`` / ``lastk``,
  a comparison of the two, ``pos % k = r``, parities and streaks of the
  line: ``LINE_CONDITIONS``); and 110 units that are candidates only
  alone (``infer.units.cycle_texts``): the suit after the last card's in
  a cycle of the four suits, a suit table by place or by the first
  starter's rank (its suit required or forbidden), two pairs of suits
  alternating after the last card or by place; and 935 sets of ranks in
  two runs (``infer.units.rank_set_texts``: ``card.rank in {2..5,
  11..13}``), whose candidates accepting a card kind are put together
  once (``Space.fixed_alone``);
- *candidates*: every card unit alone; ``a and b`` and ``a or b`` for two
  units (at least one reading the card; conditions in both polarities);
  ``(a) = (b)`` (the two tests agree); and ``if c then t else e`` for a
  condition ``c`` and two branch units (``true``/``false`` among them).

109,465 candidates when one starter is dealt, 151,727 with two, 161,047
to 186,502 with three to six.  Each is judged by the units' own compiled
evaluators (``Rule.mask_at``, the rule language's vector evaluator; for a
unit that reads the whole line, its situation pushed on card by card):
nothing here runs code made from text.

Speed comes from transposing the problem.  Each candidate has a fixed
index; a Python int is a bit set over all candidates.  For a judged card in
a situation, the set of candidates that accept it is put together from
per-unit "role" sets with a few hundred integer ``|``, ``&``, ``^``
operations (``and``: first-true & second-true; ``if``: cond & then |
~cond & else; …).  The evidence – main-line cards (right), side-line cards
(wrong; a string: not all right), shown No Play hands (no card fits) –
updates three bit planes that count each candidate's errors (0–3, or 4
and more), and only evidence that is new since the last decision is
added.  The surviving candidates are those with the fewest errors (none,
unless God's rule is outside the space).  When at most
:data:`~game.games.delphi.infer.beliefs.EXPLICIT_LIMIT` survive, they are
listed and each one's 52-card verdict is computed from the unit masks
directly.

The prior: each family (single, and, or, equal, if) holds a fixed share
:data:`~game.games.delphi.infer.space.FAMILY_MASS` of the belief, spread
over its members by ``exp(-LAMBDA * cost)`` (a unit costs 1, an
arithmetic unit 2, a unit further back 2, on the first starter 2.5, over the
main line 3, the way they are combined 1–2).  Every probability is a
weighted share of the survivors.

The modules, each importing only the ones before it: ``units`` (the
tests), ``space`` (the candidates as bit sets, the prior), ``beliefs``
(error counts and the probabilities read from them), ``bot``
(:class:`AugurBot`, the decisions).
"""

from game.games.delphi.infer.bot import AugurBot

__all__ = ["AugurBot"]
