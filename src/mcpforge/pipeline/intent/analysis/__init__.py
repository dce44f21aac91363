"""The analysis side of reading a request (issue 16): method sentences, preparation steps, statistical
tests and models, and the phrasings analysts use for them."""
