"""Requests that are no data analysis at all: commands to the system, messages, creative writing, secrets.

A command is an imperative verb at the start of a clause with the object it acts on ("delete the files",
"run a shell command", "email me the results", "write me a poem"). Its words alone are ordinary data words
in real files — an airport ``terminal``, ``shell`` orders, a ``post`` code, a ``format`` column, ``kills``
per player, app ``installs``, ``message`` counts, a ``letter`` grade, story points — so a word is never
refused on its own, only the verb with its object.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

# Where an imperative starts: the request's start, after punctuation, or after words that lead into one
# ("please", "and then", "can you", "I want you to").
_START = r"(?:^|[.;:,!?]\s*|\b(?:please|and|then|also|now|you|to|can|could|would|will|just)\s+)"
_DET = r"(?:(?:the|a|an|this|that|these|those|my|our|your|all|every|any|some|its|their)\s+)?"
_SYSTEM_OBJECTS = (
    r"(?:files?|folders?|director(?:y|ies)|disks?|drives?|system|everything|database|repo(?:sitory)?|home|"
    r"server|machine|computer)"
)
_RUN = r"(?:run|execute|exec|eval|spawn)"
_OPEN = r"(?:open|start|launch)"
_LITTLE = (
    r"(?:(?:short|long|funny|little|nice|small|brief|sad|happy|new|good|"
    r"creative|cute|romantic|rhyming|silly)\s+)"
)

REFUSALS: list[tuple[str, str]] = [
    (_START + r"(?:delete|erase|wipe|remove|rm|destroy|overwrite|format|shred|truncate)\s+"
     + _DET + r"(?:(?!(?:of|per|by|for|in|with|from)\b)[\w.-]+\s+){0,2}" + _SYSTEM_OBJECTS + r"\b",
     "it asks to delete or change files"),
    (r"\b(?:sudo|chmod|chown|wget|killall|pkill|os\.system|subprocess)\b|\brm\s+-\w+|\bcurl\s+(?:-\w+|https?://)"
     r"|\bssh\s+\S+@|\b(?:pip3?|apt(?:-get)?|npm|brew|conda|yum)\s+install\b"
     r"|\bkill\s+(?:-\w+|\d+|the\s+process(?:es)?|process(?:es)?|pid|all)\b"
     r"|\b(?:shut\s*down|reboot|restart|power\s+off)\s+" + _DET
     + r"(?:machine|server|computer|system|host|pc)\b"
     + r"|" + _START + _RUN + r"\s+" + _DET
     + r"(?:following\s+)?(?:(?:shell|terminal|bash|system|os|unix|linux|root)\s+)?"
     r"(?:shell|bash|powershell|cmd|commands?|system\s+calls?|binary|payload)\b"
     r"|" + _START + _OPEN + r"\s+" + _DET + r"(?:shell|terminal|bash|powershell|cmd|console)\b"
     r"|\b(?:shell|bash|terminal|system|unix|linux)\s+commands?\b"
     r"|\b(?:in|from|via|through)\s+" + _DET + r"(?:bash|command\s+line|powershell)\b"
     r"|" + _START + r"install\s+" + _DET + r"(?:[\w.-]+\s+)?(?:packages?|librar(?:y|ies)|modules?|software|"
     r"programs?|dependencies|requirements|pandas|numpy|scipy)\b",
     "it asks to run system commands"),
    (_START + r"(?:e-?mail|mail|send|forward|post|tweet|upload|slack|message|text|dm|share|publish)\s+"
     r"(?:it|this|that|them|me|us|him|her|to|" + _DET
     + r"(?:results?|report|answers?|tables?|data|files?|output|csv|numbers|findings|sessions|summary))\b",
     "it asks to send data somewhere"),
    (_START + r"(?:write|compose|tell|give|make|create|draft|generate|sing|produce|craft|pen|recite)\s+"
     r"(?:me\s+|us\s+)?(?:(?:a|an|some|one|another|two|three)\s+" + _LITTLE + r"{0,2}(?:poems?|stor(?:y|ies)|"
     r"songs?|jokes?|essays?|haikus?|limericks?|novels?|letters?|raps?|sonnets?)|poetry|lyrics)\b"
     r"|\b(?:a|an)\s+" + _LITTLE
     + r"{0,2}(?:poem|haiku|limerick|sonnet|song|story|joke|essay)\s+(?:about|on)\b",
     "it asks for writing, not analysis"),
    (r"\b(?:hack|password|credentials?|api key|secret)\b", "it asks for credentials or access"),
]  # fmt: skip


def refusal(low: str) -> str | None:
    """Why the lower-cased request is no data analysis, or None."""
    return next((reason for pattern, reason in REFUSALS if re.search(pattern, low)), None)
