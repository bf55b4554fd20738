"""Records kept outside a game in play: saved games (:mod:`.save`), the score keeper's pads
(:mod:`.keeper`), the records of finished games (:mod:`.game_record`), their history
(:mod:`.history`) and statistics (:mod:`.stats`), and the limits on JSON text from outside,
which all of them read through one door (:func:`.limits.read_json`).
"""
