// Replaced by the DS analysis.
