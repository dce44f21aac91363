"""``python -m mcpforge.lexicon``: build the lexicon now (``scripts/setup.sh`` does), so no request waits."""

from __future__ import annotations

import sys
import time

from mcpforge.lexicon.store import build, dictionary_dir, lexicon_path


def main() -> int:
    path = lexicon_path()
    if path is None:
        where = dictionary_dir()
        print(f"lexicon: no FreeDict dictionary in {where}; other languages: glossary only")
        return 0
    started = time.monotonic()
    existed = path.exists()
    build(path)
    verb = "is built" if existed else f"built in {time.monotonic() - started:.1f} s"
    print(f"lexicon: {path} {verb}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
