"""Expected win rates for the setup screen (placeholder until generated)."""
def expected_win_rate(players, level, coins, small=False, jokers=False):
    return None
