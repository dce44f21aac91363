"""Who did an act: the person an audit-log actor names, and who requested a candidate.

Each front end writes its actor its own way: the CLI ``human:<login>``, the review page
``human:<login> via ui`` (or ``mcp:<identity> via ui`` when signed in with a bearer token), ``serve`` over
HTTP with tokens ``mcp:<identity>``, without them ``agent:mcp`` (a forge request) and
``human:mcp-elicitation`` (a review). The kind before the colon and the ``via`` origin say how the act
arrived, not who did it: :func:`identity_of_actor` keeps the person only, so ``mcp:alice``,
``human:alice`` and ``human:alice via ui`` are one person ``alice``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mcpforge.models import ToolCandidate
    from mcpforge.registry.backend import RegistryBackend

__all__ = ["identity_of_actor", "requester_of"]

_VIA = " via "


def identity_of_actor(actor: str) -> str:
    """The person ``actor`` names, compared without case: ``mcp:Alice via ui`` → ``alice``.

    An actor without a kind (``cli``, ``test``) is its own identity.
    """
    who = actor.split(_VIA, 1)[0].strip()
    kind, colon, name = who.partition(":")
    return (name if colon and kind else who).strip().casefold()


def requester_of(registry: RegistryBackend, candidate: ToolCandidate) -> str | None:
    """Whose request ``candidate`` answers: its ``requested_by`` (a candidate regenerated from a reviewer's
    note keeps the original requester), else the actor of its first audit row (its staging), or None."""
    if candidate.requested_by:
        return candidate.requested_by
    for entry in registry.audit.entries(tool=candidate.spec.tool_name):
        if entry.candidate_id == candidate.candidate_id:
            return str(entry.actor)
    return None
