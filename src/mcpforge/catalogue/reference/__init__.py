"""The catalogue's independent references: plain-Python computations (Arrow for big data) that validation
compares every tool's answer against. They share no code with the tools' pandas bodies."""
