"""The enforcement screens: deadlines board, connection roster, notices, violations."""
