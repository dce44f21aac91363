#!/usr/bin/env bash
# Install the Debian packages the mcpforge sandbox needs: bubblewrap (the strongest backend) and
# util-linux (`unshare`, the fallback backend). Idempotent and non-interactive: installs only what is
# missing. Landlock and seccomp need no package (mcpforge talks to the kernel directly). Also wanted, not
# needed: FreeDict's German, French and Spanish dictionaries, from which the request reader builds its
# bilingual lexicon (headers in those languages named in English words); without root they are skipped.
# With --test, also what the tests need: chromium and chromedriver for the review page's browser test,
# PostgreSQL and haproxy for the team deployment's tests.
set -euo pipefail

missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v unshare >/dev/null 2>&1 || missing+=(util-linux)
if [ "${1:-}" = "--test" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
  # The team deployment's tests: a real PostgreSQL server and a real load balancer.
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
fi

wanted=()
for dictionary in deu-eng fra-eng spa-eng eng-fra eng-spa; do
  [ -f "/usr/share/dictd/freedict-$dictionary.index" ] || wanted+=("dict-freedict-$dictionary")
done

if [ ${#missing[@]} -eq 0 ] && [ ${#wanted[@]} -eq 0 ]; then
  echo "install-system-deps: everything needed is installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
elif [ ${#missing[@]} -eq 0 ]; then
  echo "install-system-deps: not installing the optional ${wanted[*]} (needs root: sudo apt-get install -y ${wanted[*]})" >&2
  exit 0
else
  echo "install-system-deps: need root to install: ${missing[*]} (run: sudo apt-get install -y ${missing[*]})" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  if [ ${#missing[@]} -eq 0 ]; then
    echo "install-system-deps: no apt-get here; the optional ${wanted[*]} are not installed" >&2
    exit 0
  fi
  echo "install-system-deps: no apt-get here; install ${missing[*]} with your package manager" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" "${wanted[@]}"
echo "install-system-deps: installed ${missing[*]} ${wanted[*]}"
