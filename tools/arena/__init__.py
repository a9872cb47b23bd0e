"""Strength of the computer players: complete games between our levels
(levels.py), Hard with its search settings exposed (hard.py), and Hard
against catanatron's players in catanatron's engine (vs_catanatron.py)."""
