"""Records kept outside a game in play: saved games (:mod:`.save`), the score keeper's pads
(:mod:`.keeper`), the history of finished games (:mod:`.history`) and its statistics
(:mod:`.stats`), and the limits on JSON text from outside, which all of them read through
one door (:func:`.limits.read_json`).
"""
