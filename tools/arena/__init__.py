"""Strength of the computer players: complete games between our levels, Hard with its search settings exposed, and Hard against catanatron's players."""
