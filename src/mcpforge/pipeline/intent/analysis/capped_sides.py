"""Which tail a one-percentile cap replaces, said in its bracketed remark (issue 25, class 2).

"Winsorize income at the 95th percentile (every value above it set to the 95th percentile)" caps the
upper tail only: the remark says which values change. "above / over / greater / higher / exceeding"
name the upper tail, "below / under / less / lower" the lower one; a remark naming both or neither says
no side, and the cap is refused as before (a single "winsorize at 5%" does not say which tails).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_ABOVE = re.compile(r"\b(?:above|over|greater|higher|exceed(?:s|ing)?|larger|more)\b", re.IGNORECASE)
_BELOW = re.compile(r"\b(?:below|under|less|lower|smaller|beneath)\b", re.IGNORECASE)


def capped_side(remark: str) -> str | None:
    """``"above"`` / ``"below"``: the tail the remark says is replaced, or None when it says no one side."""
    above, below = _ABOVE.search(remark) is not None, _BELOW.search(remark) is not None
    if above == below:
        return None
    return "above" if above else "below"
