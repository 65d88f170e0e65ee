#!/usr/bin/env bash
# Briscola: build, serve and test.
#   ./build.sh          build the static site into dist/
#   ./build.sh serve    build, then serve dist/ at http://127.0.0.1:${PORT:-8000}/
#   ./build.sh test     install what the tests need (fresh Debian machine), build, run every test
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
VENV=$ROOT/.venv

log() { printf '==> %s\n' "$*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {  # apt_install CMD PACKAGE...: install Debian packages unless CMD exists
  local cmd=$1; shift
  command -v "$cmd" >/dev/null 2>&1 && return 0
  log "installing $* (Debian)"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

node_deps() {  # the pinned runtimes (pyodide, @pyscript/core) from the npm registry
  apt_install npm nodejs npm
  if [ ! -d node_modules/pyodide ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

python_deps() {  # pinned test tooling in .venv
  if [ ! -x "$VENV/bin/python" ]; then
    log "creating .venv"
    python3 -m venv "$VENV" 2>/dev/null || { apt_install python3-venv python3-venv; python3 -m venv "$VENV"; }
  fi
  if ! cmp -s requirements-dev.txt "$VENV/.requirements"; then
    log "pip install -r requirements-dev.txt"
    "$VENV/bin/pip" install -q --disable-pip-version-check -r requirements-dev.txt
    cp requirements-dev.txt "$VENV/.requirements"
  fi
}

build() {
  node_deps
  log "building dist/"
  rm -rf dist && mkdir -p dist && touch dist/.nojekyll  # the web-app issue fills in the site
}

serve() {
  build
  local port=${PORT:-8000}
  log "serving http://127.0.0.1:$port/ (Ctrl-C to stop)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$ROOT/dist"
}

run_tests() {
  apt_install chromium chromium
  python_deps
  build
  log "ruff"
  "$VENV/bin/ruff" check .
  log "pytest"
  "$VENV/bin/python" -m pytest "$@"
}

case "${1:-build}" in
  build) build ;;
  serve) serve ;;
  test) shift; run_tests "$@" ;;
  *) echo "usage: ./build.sh [build|serve|test [pytest args]]" >&2; exit 2 ;;
esac
