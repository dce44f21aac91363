"""The public surface of mcpforge.envs is a deliberate list; widening it must be a decision."""

from __future__ import annotations

import mcpforge.envs


def test_envs_exports_are_exactly_these() -> None:
    assert mcpforge.envs.__all__ == [
        "CodeActEnv",
        "CodeActEnvironment",
        "CodeAction",
        "EnvironmentConfig",
        "EpisodeState",
        "MCPEnvironment",
        "MCPServerConfig",
        "Observation",
        "ToolCallAction",
        "ToolCallingEnv",
        "ToolCallingEnvironment",
        "compose_document",
        "generate_compose_file",
        "load_environment_config",
        "render_compose",
    ]
    assert mcpforge.envs.ToolCallingEnv is mcpforge.envs.ToolCallingEnvironment
    assert mcpforge.envs.CodeActEnv is mcpforge.envs.CodeActEnvironment
