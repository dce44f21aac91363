""" "Strictly greater than 1", "strictement supérieure à 1", "estrictamente mayor que": the comparison the
reading already makes.

The reading's "greater than" / "above" / "less than" are strict comparisons (> and <); "at least" / "at
most" are the inclusive ones. So "strictly" (French "strictement", Spanish "estrictamente", German "strikt",
"echt") before a comparison word changes nothing the reading computes: it is taken out, and the reading
says it ("as stated: strictly (> and < are strict)"). Before any other word it stays, and the word check
refuses or asks about it as before.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.analysis.method_words import STATED

_STRICT = re.compile(
    r"\b(?:strictly|strictement|estrictamente|strikt|echt)\s+(?=(?:"
    r"greater|more|less|fewer|above|below|higher|lower|larger|smaller|over|under|positive|negative|"
    r"sup[eé]rieur|inf[eé]rieur|plus\s+(?:grand|petit|[eé]lev)|positi|n[eé]gati|"
    r"mayor|menor|m[aá]s\s+(?:de|que|alt|baj)|por\s+(?:encima|debajo)|"
    r"gr[öo](?:ß|ss)er|kleiner|h[öo]her|niedriger|mehr\s+als|weniger\s+als|[üu]ber|unter"
    r")\w*)",
    re.IGNORECASE,
)
NOTE = f"{STATED}strictly (> and < are strict)"


def strict_comparisons(text: str) -> tuple[str, list[str]]:
    """``text`` without "strictly" before a comparison word, and the note that says it (none: unchanged)."""
    lowered = text.lower()
    if "strict" not in lowered and "echt" not in lowered:
        return text, []  # no pattern compiled for the requests that say neither (most of them)
    stripped = _STRICT.sub("", text)
    return (stripped, [NOTE]) if stripped != text else (text, [])
