"""A liturgical calendar calculator using the 1962 Tridentine rubrics."""
