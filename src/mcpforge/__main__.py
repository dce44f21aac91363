"""``python -m mcpforge`` runs the CLI."""

from mcpforge.cli.main import main

main()
