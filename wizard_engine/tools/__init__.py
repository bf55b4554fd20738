"""Tools around the engine, run as ``python -m wizard_engine <tool>``: the arena (bots against
bots), the speed bench, the soak test (random games checking every invariant), play in the
terminal, and the option flags they share.  Nothing in the rulebook or the page imports them.
"""
