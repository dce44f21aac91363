"""The review page's web application: the staging inbox, one page per candidate, Approve / Reject.

An approval here is the person's act exactly like ``mcpforge review``: it goes through
:func:`mcpforge.registry.review.apply_review` and is written to the audit log with the actor
``human:<user> via ui`` (signed in with a bearer token: ``mcp:<identity> via ui``, the server's name for
that identity). A rejection with a specific reason produces the corrected candidate, as in the
interactive ``ask``. Every request passes :class:`~mcpforge.ui._middleware.GuardMiddleware` first.
Signed in with a token, only the roles reviewer and admin decide; others see the page read-only and a
decision they post anyway is refused (403), as is an approval ``review.separate_reviewer`` forbids.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from mcpforge.exceptions import MCPForgeError
from mcpforge.models import ToolCandidate, ToolStatus
from mcpforge.registry.review import ReviewOutcome, SameReviewerError, check_separate_reviewer
from mcpforge.ui import _pages
from mcpforge.ui._middleware import DECIDE_TOOL, GuardMiddleware, identity_of, needs, session_of
from mcpforge.ui._security import COOKIE_NAME, Guard, csrf_for

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig
    from mcpforge.registry import RegistryBackend
    from mcpforge.server._auth import Identity


def ui_actor(identity: Identity) -> str:
    """Who decided, as written to the audit log: the identity (``mcp:<name>`` as the server names a
    token's holder, ``human:<user>`` for the local user), and that the page was the origin."""
    return f"{identity.actor(f'human:{identity.name}')} via ui"


def _reading(candidate: ToolCandidate) -> tuple[str, list[str]]:
    """The reading sentence and the assumptions the person must check, as every review screen shows them."""
    from mcpforge.pipeline.present import candidate_reading

    reading = candidate_reading(candidate)
    return reading.sentence, list(reading.assumptions)


_ANSWER_NOTE = "your answer: "


def _asked(candidate: ToolCandidate) -> list[tuple[str, str | list[str]]]:
    """What the CLI shows around the answer: the request, the data file, the answers, the assumptions."""
    from mcpforge.pipeline.present import stated_assumptions

    intent = candidate.intent or {}
    artifacts = candidate.run_artifacts
    data = str(
        (artifacts.metadata.get("data_path") if artifacts else None) or intent.get("data_source") or ""
    )
    part = intent.get("sheet") or intent.get("table")
    if data and part:
        data += f" ({'sheet' if intent.get('sheet') else 'table'} {part})"
    notes = [str(note) for note in intent.get("notes") or []]
    answers = [note.removeprefix(_ANSWER_NOTE) for note in notes if note.startswith(_ANSWER_NOTE)]
    assumptions, limitations = stated_assumptions(candidate, artifacts)
    return [
        ("Request", str(intent.get("request") or "")),
        ("Data file", data),
        ("Your answers to questions", answers),
        ("Assumptions", assumptions),
        ("Limitations", limitations),
    ]


def _charts(candidate: ToolCandidate, folder: Path) -> list[str]:
    """Names of the PNG charts the staged run saved in the candidate's outputs (regular files, no links)."""
    outputs = folder / "outputs"
    names = [Path(f).name for f in (candidate.run_artifacts.files if candidate.run_artifacts else [])]
    return [
        name
        for name in names
        if name.endswith(".png") and (outputs / name).is_file() and not (outputs / name).is_symlink()
    ]


class ReviewApp:
    """Routes over one registry, behind one guard (a URL token, or team sign-in)."""

    def __init__(self, registry: RegistryBackend, config: MCPForgeConfig, guard: Guard) -> None:
        self.registry = registry
        self.config = config
        self.guard = guard

    def starlette(self) -> Starlette:
        """The ASGI application."""
        routes = [
            Route("/", self.inbox, methods=["GET"]),
            Route("/style.css", self.style, methods=["GET"]),
            Route("/candidate/{cid}", self.candidate, methods=["GET"]),
            Route("/candidate/{cid}/file/{name}", self.file, methods=["GET"]),
            Route("/candidate/{cid}/approve", self.approve, methods=["POST"]),
            Route("/candidate/{cid}/reject", self.reject, methods=["POST"]),
            Route("/signout", self.signout, methods=["POST"]),
        ]
        app = Starlette(routes=routes)
        app.add_middleware(GuardMiddleware, guard=self.guard)
        return app

    def _who(self, request: Request) -> str:
        identity = identity_of(request)
        csrf = csrf_for(session_of(request))
        return _pages.signed_in(identity.name, identity.roles, csrf, team=self.guard.team)

    def _may_not_decide(self, identity: Identity) -> str | None:
        """Why ``identity`` may not approve or reject on this page (None: it may)."""
        if identity.may_use(DECIDE_TOOL):
            return None
        roles = ", ".join(sorted(identity.roles)) or "no role"
        return f"{identity.name} ({roles}) sees this page read-only: " + (
            f"deciding needs the role {needs(DECIDE_TOOL)}"
        )

    def _may_not_approve(self, candidate: ToolCandidate, identity: Identity) -> str | None:
        """Why ``identity`` may only reject ``candidate`` (review.separate_reviewer), or None."""
        if candidate.status != ToolStatus.STAGED:
            return None
        try:
            check_separate_reviewer(self.registry, candidate, ui_actor(identity), self.config)
        except SameReviewerError as exc:
            return f"{exc} (you may still reject it)"
        return None

    async def style(self, _request: Request) -> Response:
        return Response(_pages.STYLE, media_type="text/css")

    async def inbox(self, request: Request) -> Response:
        candidates = self.registry.list_candidates()
        return HTMLResponse(_pages.inbox(candidates, self._who(request)))

    async def signout(self, request: Request) -> Response:
        """Forget this session (team sign-in); the URL token's session cannot be opened again."""
        if self.guard.team:
            self.guard.close_session(session_of(request))
        response = RedirectResponse("/signin" if self.guard.team else "/", status_code=303)
        response.delete_cookie(COOKIE_NAME, path="/", httponly=True, samesite="strict")
        return response

    def _get(self, cid: str) -> ToolCandidate | None:
        try:
            return self.registry.get_candidate(cid)
        except MCPForgeError:
            return None

    async def candidate(self, request: Request) -> Response:
        candidate = self._get(request.path_params["cid"])
        if candidate is None:
            return HTMLResponse(_pages.page("Not found", "<p>No such candidate.</p>"), status_code=404)
        folder = self.registry.candidate_dir(candidate.candidate_id)
        tool_py = folder / "tool.py"
        code = tool_py.read_text(encoding="utf-8") if tool_py.is_file() else "# tool.py is not stored"
        from mcpforge.pipeline.present import validation_line

        identity = identity_of(request)
        html = _pages.candidate_page(
            candidate,
            reading=_reading(candidate),
            details=_asked(candidate),
            code=code,
            charts=_charts(candidate, folder),
            entries=[e for e in self.registry.audit.entries() if e.candidate_id == candidate.candidate_id],
            summary=validation_line(candidate.validation_report),
            csrf=csrf_for(session_of(request)),
            notice=request.query_params.get("done"),
            who=self._who(request),
            read_only=self._may_not_decide(identity),
            no_approve=self._may_not_approve(candidate, identity),
        )
        return HTMLResponse(html)

    async def file(self, request: Request) -> Response:
        candidate = self._get(request.path_params["cid"])
        if candidate is None:
            return Response(status_code=404)
        folder = self.registry.candidate_dir(candidate.candidate_id)
        name = request.path_params["name"]
        if name not in _charts(candidate, folder):
            return Response(status_code=404)
        return Response((folder / "outputs" / name).read_bytes(), media_type="image/png")

    async def _decide(self, request: Request, output: str, decision: str) -> ReviewOutcome | Response:
        """Apply a decision as the page's user: its outcome, or the page saying why it was refused."""
        from mcpforge.registry.review import apply_review

        identity = identity_of(request)
        refusal = self._may_not_decide(identity)
        if refusal is not None:
            return HTMLResponse(_pages.refused_page("Not decided", refusal), status_code=403)
        try:
            return await anyio.to_thread.run_sync(
                functools.partial(
                    apply_review, self.registry, request.path_params["cid"], output_answer=output,
                    decision_answer=decision, actor=ui_actor(identity), config=self.config,
                )
            )  # fmt: skip
        except MCPForgeError as exc:
            status = 403 if isinstance(exc, SameReviewerError) else 409
            return HTMLResponse(_pages.refused_page("Not decided", str(exc)), status_code=status)

    async def approve(self, request: Request) -> Response:
        cid = request.path_params["cid"]
        outcome = await self._decide(request, "yes", "Approve")
        if isinstance(outcome, Response):
            return outcome
        done = "approved" if outcome.promoted is not None or outcome.identical else "not-promoted"
        return RedirectResponse(f"/candidate/{cid}?done={done}", status_code=303)

    async def reject(self, request: Request) -> Response:
        form = await request.form()
        reason = " ".join(str(form.get("reason") or "").split())
        cid = request.path_params["cid"]
        # The same path as `review --output no --decision "Reject: <reason>"`: a reason stages the correction.
        outcome = await self._decide(request, "no", f"Reject: {reason}" if reason else "Reject")
        if isinstance(outcome, Response):
            return outcome
        new_id = outcome.refined_candidate_id
        if new_id is not None:
            return RedirectResponse(f"/candidate/{new_id}?done=refined", status_code=303)
        return RedirectResponse(f"/candidate/{cid}?done=rejected", status_code=303)
