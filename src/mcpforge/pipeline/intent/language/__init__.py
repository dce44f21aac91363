"""The words around the analysis: other languages, discourse, function words, spelling, command refusals."""
