"""Yates' continuity correction of a chi-square test: "without Yates' correction", "uncorrected chi-square".

scipy's ``chi2_contingency`` (and the catalogue's chi-square) applies Yates' correction to a 2x2 table
by default. "without (Yates') (continuity) correction", "no Yates correction", "uncorrected" turn it off
(the ``correction`` option, False); "with Yates' correction" keeps it on. A correction phrase on any
other test is refused: no other test here has such a correction, so the words would be dropped. "Yates"
alone (a column may be named so) is no correction phrase.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError

_NAMED = r"(?:yates'?s?'?\s+(?:continuity\s+)?|continuity\s+)correct(?:ion|ed)\b"
_OFF = r"(?:without|no|not|turn(?:ed|ing)?\s+off|disabl(?:e|ed|ing))"
CORRECTION_PHRASE = re.compile(
    rf"\b(?:(?P<off>{_OFF})\s+(?:the\s+|a\s+|any\s+|using\s+|applying\s+)?|with\s+(?:the\s+|a\s+)?)?{_NAMED}"
    r"|\b(?P<uncorrected>uncorrected)\b",
    re.IGNORECASE,
)


def correction_option(text: str, test: str) -> bool | None:
    """False when ``text`` turns Yates' correction off, True when it names it otherwise, None when silent.

    Raises:
        UnmappableRequestError: a correction phrase on a test other than the chi-square.
    """
    said = list(CORRECTION_PHRASE.finditer(text))
    if not said:
        return None
    if test != "chi2":
        raise UnmappableRequestError(
            f"cannot map the request {text!r}: Yates' continuity correction applies to a chi-square test "
            f"of independence only, not to the {test} test asked for",
            understood={"test": test},
        )
    off = {bool(m.group("off") or m.group("uncorrected")) for m in said}
    if len(off) > 1:
        raise UnmappableRequestError(
            f"cannot map the request {text!r}: it asks for the chi-square both with and without Yates' "
            "continuity correction; ask for one",
            understood={"test": test},
        )
    return not off.pop()
