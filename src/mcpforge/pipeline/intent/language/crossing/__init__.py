"""A request in one language over headers in another (issue 25): column nouns, inflections, idioms."""
