"""Words that say a range keeps its ends: "between 2013 and 2014 (both years included)", "inclusive".

A range the reading builds from "between A and B", "from A to B" or "A through B" already keeps both ends
(a year range runs to the end of its last year; a number range is ``between``, ends included). Words that
only say so cannot change the numbers: they are set aside and named as not used. Words that say an end is
left out ("exclusive", "excluding 2014") are never set aside here: they change the range.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_RANGE = re.compile(
    r"\bbetween\b.+\band\b|\bfrom\b.+\bto\b|\bthrough\b|\bthru\b"
    # "de 2000 a 2010", "entre 1990 et 2000", "du 1er mai au 30 juin", "von 1990 bis 2000", "desde ... hasta"
    r"|\b(?:de|desde|entre)\b.+\b(?:a|al|hasta|y)\b|\b(?:de|du|entre)\b.+\b(?:à|a|au|et)\b"
    r"|\b(?:von|zwischen)\b.+\b(?:bis|und)\b",
    re.I,
)
_INCLUSIVE = re.compile(
    r"[,;]?\s*\(?\s*(?:(?:with\s+)?both\s+(?:years|ends|dates|bounds|limits|values)?\s*(?:included|inclusive)"
    r"|inclusive(?:\s+of\s+both(?:\s+ends)?)?|ends\s+included"
    # "ambos incluidos", "les deux inclus", "bornes comprises", "beide eingeschlossen", "jeweils inklusive"
    r"|(?:ambos|ambas)\s+(?:(?:años|extremos|límites)\s+)?(?:incluidos|incluidas|inclusive)"
    r"|(?:les\s+)?(?:deux|bornes)\s+(?:(?:années|bornes)\s+)?(?:incluses|inclus|comprises|compris)"
    r"|(?:beide|jeweils)\s+(?:(?:jahre|grenzen)\s+)?(?:eingeschlossen|einschlie(?:ß|ss)lich|inklusive))\s*\)?",
    re.I,
)


def set_aside_inclusive(text: str) -> tuple[str, list[str]]:
    """``text`` without words that only say its range keeps both ends, and those words."""
    low = text.lower()
    if not any(w in low for w in ("inclu", "compris", "eingeschl", "einschl", "inklu")) or not _RANGE.search(
        text
    ):
        return text, []
    match = _INCLUSIVE.search(text)
    if match is None or "exclu" in low:
        return text, []
    return (text[: match.start()] + " " + text[match.end() :]).strip(), [match.group(0).strip(" ,;")]
