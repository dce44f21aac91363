"""Environment configurations: an agent environment and the MCP servers it needs (seed 003), from YAML.

The trust rule this module keeps: a secret is never written into a configuration or a Compose file. An
environment variable whose name looks like a secret (``*KEY*``, ``*TOKEN*``, ``*SECRET*``, ``*PASSWORD*``,
``*CREDENTIAL*``) must be a reference, ``${VAR}`` (or ``${VAR:?message}``), which Compose fills in from
the shell or an ``.env`` file when the stack starts; a literal value for such a name is refused.

```yaml
name: coding-env
image: coding-env:latest
mcp_servers:
  - name: search
    image: mcp-search-server:latest
    port: 8001
    env_vars: {SEARCH_API_KEY: "${SEARCH_API_KEY}"}
  - name: files
    image: mcp-files-server:latest
    port: 8002
```
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from mcpforge.exceptions import ConfigError

ENVIRONMENT_SERVICE = "environment"
_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL", re.IGNORECASE)
_REFERENCE = re.compile(r"^\$\{[A-Za-z_][A-Za-z0-9_]*(:\?[^}]*)?\}$")
_VARIABLE_NAME = r"^[A-Za-z_][A-Za-z0-9_]*$"
_SERVICE_NAME = r"^[a-zA-Z0-9][a-zA-Z0-9_.-]*$"


def is_secret_name(name: str) -> bool:
    """Whether an environment variable's name says it holds a secret."""
    return _SECRET_NAME.search(name) is not None


def _check_env_vars(env_vars: dict[str, str]) -> dict[str, str]:
    for name, value in env_vars.items():
        if not re.match(_VARIABLE_NAME, name):
            raise ValueError(f"environment variable name {name!r} is not a valid name")
        if is_secret_name(name) and not _REFERENCE.match(value):
            raise ValueError(
                f'{name!r} looks like a secret: give it by reference, as "${{{name}}}", never its value'
            )
    return env_vars


class MCPServerConfig(BaseModel):
    """One MCP server the environment needs, deployed as its own Compose service."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(
        pattern=_SERVICE_NAME, description="Service name; also the host name the environment reaches it by"
    )
    image: str | None = Field(default=None, min_length=1, description="Container image of the server")
    build: str | None = Field(
        default=None, min_length=1, description="Build context (a directory with a Dockerfile), e.g. '.'"
    )
    port: int = Field(ge=1, le=65535, description="Port the server listens on (published as the same port)")
    path: str = Field(default="/mcp", pattern=r"^/", description="URL path of the streamable-HTTP endpoint")
    env_vars: dict[str, str] = Field(
        default_factory=dict, description="Environment of the server; secrets only as ${VAR} references"
    )
    command: list[str] | None = Field(default=None, description="Command (arguments) of the container")
    volumes: list[str] = Field(default_factory=list, description="Volume mounts, 'source:target[:ro]'")
    security_opt: list[str] = Field(
        default_factory=list, description="Container security options, e.g. 'seccomp=unconfined'"
    )
    token_env: str | None = Field(
        default=None,
        pattern=_VARIABLE_NAME,
        description="Variable holding the bearer token the environment sends to this server",
    )

    @field_validator("env_vars", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any) -> Any:
        return {} if value is None else value  # the seed's dataclass defaults env_vars to None

    @field_validator("env_vars")
    @classmethod
    def _secrets_by_reference(cls, value: dict[str, str]) -> dict[str, str]:
        return _check_env_vars(value)

    @model_validator(mode="after")
    def _image_or_build(self) -> MCPServerConfig:
        if self.image is None and self.build is None:
            raise ValueError(f"server {self.name!r} needs an image or a build context")
        if self.name == ENVIRONMENT_SERVICE:
            raise ValueError(f"{ENVIRONMENT_SERVICE!r} is the environment's own service name")
        return self

    @property
    def url(self) -> str:
        """Where the environment reaches this server inside the Compose network."""
        return f"http://{self.name}:{self.port}{self.path}"


class EnvironmentConfig(BaseModel):
    """An agent environment and the MCP servers it depends on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(
        pattern=r"^[a-z0-9][a-z0-9_-]*$", description="Environment (and Compose project) name, lower case"
    )
    image: str | None = Field(default=None, min_length=1, description="Container image of the environment")
    build: str | None = Field(default=None, min_length=1, description="Build context of the environment")
    port: int = Field(default=8000, ge=1, le=65535, description="Port the environment serves on")
    env_vars: dict[str, str] = Field(
        default_factory=dict, description="Environment of the environment; secrets only as ${VAR} references"
    )
    mcp_servers: list[MCPServerConfig] = Field(min_length=1, description="The MCP servers it needs")
    network: str = Field(default="agent-network", pattern=_SERVICE_NAME, description="The shared network")

    @field_validator("env_vars", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any) -> Any:
        return {} if value is None else value

    @field_validator("env_vars")
    @classmethod
    def _secrets_by_reference(cls, value: dict[str, str]) -> dict[str, str]:
        generated = [name for name in value if name == "MCP_SERVERS" or name.startswith("MCP_SERVER_TOKEN_")]
        if generated:
            raise ValueError(f"{generated[0]!r} is generated from mcp_servers; do not set it")
        return _check_env_vars(value)

    @model_validator(mode="after")
    def _distinct(self) -> EnvironmentConfig:
        if self.image is None and self.build is None:
            raise ValueError("the environment needs an image or a build context")
        names = [server.name for server in self.mcp_servers]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValueError(f"server names listed twice: {', '.join(twice)}")
        ports = [self.port, *(server.port for server in self.mcp_servers)]
        clashes = sorted({port for port in ports if ports.count(port) > 1})
        if clashes:
            raise ValueError(f"ports used twice (each is published on the host): {clashes}")
        return self


def load_environment_config(path: Path) -> EnvironmentConfig:
    """Read an :class:`EnvironmentConfig` from a YAML file.

    Raises:
        ConfigError: the file cannot be read, is not YAML, or does not describe a valid environment
            (the message lists each problem with where it is).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read {str(path)!r}: {exc.strerror or exc}", source=str(path)) from None
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise ConfigError(f"{str(path)!r} is not valid YAML{where}", source=str(path)) from None
    try:
        return EnvironmentConfig.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc']) or '(top level)'}: "
            f"{error['msg'].removeprefix('Value error, ')}"
            for error in exc.errors()[:5]
        )
        raise ConfigError(f"{str(path)!r} is not a valid environment: {problems}", source=str(path)) from None
