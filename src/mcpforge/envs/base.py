"""What every agent environment over MCP shares: actions, observations, episodes, and its MCP servers.

An environment follows the usual shape of agent environments (OpenEnv, gymnasium): :meth:`reset` starts
an episode and returns the first observation (the tools and the system prompt that describes them);
:meth:`step` takes one action and returns an observation with ``done``, ``reward`` (when the caller gives
a ``reward_fn``), ``metadata`` (also ``info``), the result, an error flag and the tool calls made. The rule
this module keeps: whatever the agent sends, :meth:`step` answers with an observation. A malformed action,
an unknown tool, bad arguments, a failing tool or a step outside an episode is an error observation
(``is_error``), never an exception that ends the episode.
"""

from __future__ import annotations

import os
import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Self

from fastmcp.client.transports import StreamableHttpTransport
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mcpforge.bridge._tooldef import ToolDefinition
from mcpforge.bridge.codeact import ToolCallRecord
from mcpforge.bridge.fetch import DEFAULT_TIMEOUT, ServerLike, ServerSpec
from mcpforge.bridge.registry import DEFAULT_CALL_TIMEOUT, MCPToolRegistry
from mcpforge.envs.compose import servers_from_compose, servers_from_environment
from mcpforge.envs.config import ENVIRONMENT_SERVICE
from mcpforge.exceptions import InvalidArgumentError


class ToolCallAction(BaseModel):
    """Call one tool by name with its parameters (RFC 004's action)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tool_name: str = Field(min_length=1, description="Name of the tool, as listed by the environment")
    parameters: dict[str, Any] = Field(default_factory=dict, description="Arguments, a JSON object")


class CodeAction(BaseModel):
    """Run Python code in which every tool is a pre-imported function."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str = Field(description="Python source; import statements are removed before it runs")


class Observation(BaseModel):
    """What the agent sees after :meth:`MCPEnvironment.reset` or :meth:`MCPEnvironment.step`."""

    done: bool = Field(default=False, description="The episode is over; call reset() to start another")
    reward: float | None = Field(default=None, description="The caller's reward_fn for this step, if any")
    is_error: bool = Field(default=False, description="The action failed; error_type and error say why")
    error_type: str | None = Field(default=None, description="Kind of failure, e.g. 'ToolCallError'")
    error: str | None = Field(default=None, description="What went wrong, in one message")
    result: Any = Field(default=None, description="The tool's result, or the code's last expression")
    stdout: str = Field(default="", description="What the code printed (CodeAct)")
    tool_calls: list[ToolCallRecord] = Field(default_factory=list, description="Tool calls of this step")
    tools: list[dict[str, Any]] = Field(default_factory=list, description="The tools (first observation)")
    system_prompt: str | None = Field(default=None, description="Describes the tools (first observation)")
    metadata: dict[str, Any] = Field(default_factory=dict, description="episode_id, step and details")

    @property
    def info(self) -> dict[str, Any]:
        """``metadata`` under gymnasium's name."""
        return self.metadata


@dataclass(frozen=True, kw_only=True)
class EpisodeState:
    """Where an environment is: its episode (None before the first reset), steps taken, and whether done."""

    episode_id: str | None
    step_count: int
    done: bool


RewardFn = Callable[[Any, Observation], float | None]


def error_observation(error_type: str, message: str, **fields: Any) -> Observation:
    """An observation for an action that failed."""
    return Observation(is_error=True, error_type=error_type, error=message, **fields)


def _tool_json(definition: ToolDefinition) -> dict[str, Any]:
    return {
        "name": definition.name,
        "description": definition.description,
        "input_schema": dict(definition.input_schema),
    }


def _http_server(name: str, url: str, token: str | None) -> ServerSpec:
    if token is None:
        return ServerSpec(target=url, name=name)
    transport = StreamableHttpTransport(url, headers={"Authorization": f"Bearer {token}"})
    return ServerSpec(target=transport, name=name)


class MCPEnvironment(AbstractContextManager["MCPEnvironment"], ABC):
    """An environment whose tools are those of one or more MCP servers (stdio commands or URLs).

    Args:
        mcp_servers: URLs (streamable HTTP), command lines (stdio), ServerSpecs or in-process servers.
        max_steps: Steps per episode; the observation of the last one has ``done=True``.
        reward_fn: ``reward_fn(action, observation)`` gives each step's reward (None: no reward).
        timeout: Seconds allowed for starting and listing each server.
        call_timeout: Seconds allowed for one tool call.

    Raises:
        MCPServerError: a server could not be started or listed (names the server).
        InvalidArgumentError: ``max_steps`` is not positive.
    """

    action_type: ClassVar[type[BaseModel]]

    def __init__(
        self,
        mcp_servers: Sequence[ServerLike],
        *,
        max_steps: int | None = None,
        reward_fn: RewardFn | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        call_timeout: float = DEFAULT_CALL_TIMEOUT,
    ) -> None:
        if max_steps is not None and max_steps < 1:
            raise InvalidArgumentError(f"max_steps must be at least 1, not {max_steps}", argument="max_steps")
        self.max_steps = max_steps
        self.reward_fn = reward_fn
        self._episode_id: str | None = None
        self._step_count = 0
        self._done = False
        self.registry = MCPToolRegistry(mcp_servers, timeout=timeout, call_timeout=call_timeout)

    @classmethod
    def from_docker_compose(
        cls, path: str | Path, *, service: str = ENVIRONMENT_SERVICE, **kwargs: Any
    ) -> Self:
        """Connect, from the host, to the MCP servers a Compose file gives its environment service.

        The stack must be running (``docker compose -f PATH up -d``); each server is reached on the port
        it publishes, with its bearer token (``MCP_SERVER_TOKEN_<NAME>``, ``${VAR}`` filled in from this
        process's environment). Other keyword arguments go to the constructor.

        Raises:
            ConfigError: the file or service is unusable, a port is not published, a variable is unset.
            MCPServerError: a server could not be reached.
        """
        servers = servers_from_compose(Path(path), service=service)
        return cls([_http_server(*server) for server in servers], **kwargs)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **kwargs: Any) -> Self:
        """Connect to the servers in ``MCP_SERVERS`` (inside the stack, where Compose sets it).

        Raises:
            ConfigError: ``MCP_SERVERS`` is missing or malformed.
            MCPServerError: a server could not be reached.
        """
        servers = servers_from_environment(os.environ if environ is None else environ)
        return cls([_http_server(*server) for server in servers], **kwargs)

    # -- what subclasses provide ------------------------------------------------------------------------

    @abstractmethod
    def get_system_prompt(self) -> str:
        """The system prompt that tells the agent which tools exist and how to use them."""

    @abstractmethod
    def _act(self, action: Any) -> Observation:
        """Carry out one well-formed action (an instance of ``action_type``)."""

    # -- the episode ------------------------------------------------------------------------------------

    def tools(self) -> list[ToolDefinition]:
        """The tools of every server, under the names the agent uses (a clash is prefixed by server)."""
        return self.registry.definitions()

    @property
    def state(self) -> EpisodeState:
        """The current episode, steps taken, and whether it is done."""
        return EpisodeState(episode_id=self._episode_id, step_count=self._step_count, done=self._done)

    def reset(self) -> Observation:
        """Start a new episode; the first observation lists the tools and carries the system prompt."""
        self._episode_id = uuid.uuid4().hex
        self._step_count = 0
        self._done = False
        return Observation(
            tools=[_tool_json(definition) for definition in self.tools()],
            system_prompt=self.get_system_prompt(),
            metadata={"episode_id": self._episode_id, "step": 0},
        )

    def _parse(self, action: Any) -> BaseModel | Observation:
        if isinstance(action, self.action_type):
            return action
        name = self.action_type.__name__
        if not isinstance(action, Mapping):
            return error_observation(
                "InvalidAction", f"expected a {name} or a mapping of its fields, not {type(action).__name__}"
            )
        try:
            return self.action_type.model_validate(action)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(part) for part in error['loc']) or '(action)'}: {error['msg']}"
                for error in exc.errors()[:5]
            )
            return error_observation("InvalidAction", f"not a valid {name}: {problems}")

    def step(self, action: Any) -> Observation:
        """Carry out ``action`` and return what the agent observes; never raises for a bad action."""
        if self._episode_id is None:
            return error_observation("EpisodeNotStarted", "call reset() before step()")
        if self._done:
            return error_observation(
                "EpisodeDone", "the episode is done; call reset() to start another", done=True,
                metadata={"episode_id": self._episode_id, "step": self._step_count},
            )  # fmt: skip
        self._step_count += 1
        parsed = self._parse(action)
        observation = parsed if isinstance(parsed, Observation) else self._act(parsed)
        self._done = observation.done or (self.max_steps is not None and self._step_count >= self.max_steps)
        metadata = {"episode_id": self._episode_id, "step": self._step_count, **observation.metadata}
        observation = observation.model_copy(update={"done": self._done, "metadata": metadata})
        if self.reward_fn is not None:
            observation = observation.model_copy(update={"reward": self.reward_fn(action, observation)})
        return observation

    def close(self) -> None:
        """Close every server connection (and end stdio server processes); idempotent."""
        self.registry.close()

    def __exit__(self, *exc_info: object) -> None:
        self.close()
