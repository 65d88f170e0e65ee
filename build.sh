#!/usr/bin/env bash
# Briscola: build, serve and test.
#   ./build.sh          build the static site into dist/
#   ./build.sh serve    build, then serve dist/ at http://127.0.0.1:${PORT:-8000}/
#   ./build.sh test     install what the tests need (fresh Debian machine), build, run every test
#                       (the online tables' tests inside a network namespace: tools/netns.sh)
#   ./build.sh relay    a local Nostr relay for online tables (first line: its ws:// URL)
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

node_deps() {  # the pinned runtimes and libraries (package-lock.json) from the npm registry
  apt_install npm nodejs npm
  if [ ! -d node_modules/pyodide ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "npm ci"
    # No install scripts (.npmrc says so too): none is needed; esbuild's binary comes in its own
    # package (@esbuild/linux-x64).
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
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

site_runtime() {  # only the runtime files the page loads (docs/app.md lists why each one)
  local py=node_modules/pyodide core=node_modules/@pyscript/core/dist
  mkdir -p dist/pyodide dist/pyscript
  cp "$py"/{pyodide.mjs,pyodide.asm.mjs,pyodide.asm.wasm,pyodide-lock.json} dist/pyodide/
  # The standard library without what a card game in a page never imports (about 0.8 MB less
  # on the wire): other codecs, REPL, debuggers, test frameworks, mail, XML, multiprocessing.
  python3 - "$py/python_stdlib.zip" dist/pyodide/python_stdlib.zip <<'PY'
import re, sys, zipfile
keep_codecs = {"__init__", "aliases", "ascii", "base64_codec", "charmap", "cp437", "hex_codec", "idna",
               "latin_1", "punycode", "raw_unicode_escape", "undefined", "unicode_escape", "utf_7", "utf_8",
               "utf_8_sig", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le"}
drop = re.compile(r"^(_pyrepl|unittest|multiprocessing|xml|xmlrpc|wsgiref|sqlite3|__phello__)/|"
                  r"^(pdb|bdb|doctest|pydoc|pickletools|imaplib|mailbox|smtplib|poplib|ftplib|antigravity|this|"
                  r"__hello__|webbrowser|tabnanny|cProfile|profile|pstats|trace|timeit|zipapp|pty|tty|netrc|"
                  r"modulefinder|pyclbr)\.py$")
with zipfile.ZipFile(sys.argv[1]) as src, zipfile.ZipFile(sys.argv[2], "w") as out:
    for info in src.infolist():
        name = info.filename
        codec = re.match(r"^encodings/(\w+)\.py$", name)
        if drop.search(name) or (codec and codec.group(1) not in keep_codecs):
            continue
        out.writestr(info, src.read(name), compress_type=info.compress_type)
PY
  cp "$core/core.css" dist/pyscript/
  # core.js, its static imports, and the chunks the core loads at boot for a py script (the TOML
  # parser, and the plugin stubs it always registers); not codemirror, xterm, MicroPython, zip,
  # the plugins' own lazy imports, or source maps.
  python3 - "$core" dist/pyscript <<'PY'
import re, sys
from pathlib import Path
src, out = Path(sys.argv[1]), Path(sys.argv[2])
skip = re.compile(r"codemirror|xterm|mpy-|py-D|zip-|pyodide_graph|index-|toml-Blg")
todo, seen = ["core.js"], set()
while todo:
    name = todo.pop()
    if name in seen:
        continue
    seen.add(name)
    text = re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", (src / name).read_text())
    (out / name).write_text(text)
    todo += re.findall(r'from\s*"\./([\w.-]+\.js)"', text)  # static imports: always needed
    if name.startswith("core-"):  # the core's boot-time dynamic imports
        todo += [m for m in re.findall(r'import\("\./([\w.-]+\.js)"\)', text) if not skip.search(m)]
PY
}

site_app() {  # the page, the briscola package as one zip, the service worker at the root
  cp index.html dist/
  cp -r static dist/static
  mv dist/static/sw.js dist/sw.js  # at the root: its scope is the whole site (./)
  python3 - <<'PY'
import zipfile
from pathlib import Path
with zipfile.ZipFile("dist/briscola.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for f in sorted(Path("briscola").rglob("*.py")):  # every module, briscola/ai/ included,
        if f.name != "page_data.py":  # but the build's own (its output is static/engine/rules-data.js)
            z.write(f, f.as_posix())
PY
}

site_rules() {  # the engine's rules data for the page, generated from the briscola package (never copied),
  # into static/ (not kept in git) for the page's node tests to import beside the other sources
  python3 -B -m briscola.page_data > static/engine/rules-data.js
  # PyScript's configuration (pyscript.toml) as a module: the worker hands it to PyScript inline
  python3 -c 'import json, sys, tomllib; print("// Generated by build.sh from pyscript.toml: do not edit.\nexport const PYSCRIPT = " + json.dumps(tomllib.load(open("pyscript.toml", "rb"))) + ";")' \
    > static/engine/pyscript-config.js
}

site_vendor() {  # the online tables' libraries as plain ES modules, loaded only at online tables (net.js, fair/),
  # into static/vendor/ (not kept in git: the page's node tests import them beside the sources)
  local out=static/vendor esbuild=(node_modules/.bin/esbuild --bundle --format=esm --platform=browser
    --target=es2022 --minify --legal-comments=inline --log-level=warning)
  mkdir -p "$out"
  # trystero's Nostr strategy with its core and the secp256k1 code it carries (tools/trystero-entry.js).
  "${esbuild[@]}" tools/trystero-entry.js --outfile="$out/trystero.mjs"
  "${esbuild[@]}" tools/qrcode-entry.js --outfile="$out/qrcode.mjs"  # qrcode's SVG renderer only
  cp node_modules/@trystero-p2p/nostr/LICENSE "$out/trystero.LICENSE.txt"
  cp node_modules/@noble/secp256k1/LICENSE "$out/noble-secp256k1.LICENSE.txt"
  "${esbuild[@]}" tools/noble-entry.js --outfile="$out/noble.mjs"  # the fair deal's group and hashes
  cp node_modules/qrcode/license "$out/qrcode.LICENSE.txt"
  cp node_modules/@noble/curves/LICENSE "$out/noble-curves.LICENSE.txt"
  cp node_modules/@noble/hashes/LICENSE "$out/noble-hashes.LICENSE.txt"
}

# Brotli copies by content, outside the clone (as npm's and pip's own caches are): a new clone or a
# new build of the same runtime finds them made. Keyed by the input and by tools/brotli.mjs.
BROTLI_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/briscola/brotli
declare -A BROTLI_AHEAD=()  # cached copy -> pid of the background job making it

brotli_cached() { echo "$BROTLI_CACHE/$(cat "$1" tools/brotli.mjs | sha256sum | cut -c1-24).br"; }  # IN's copy

brotli_make() {  # brotli_make IN CACHED: compress into a temporary file, then move it in place at once
  local tmp
  mkdir -p "$BROTLI_CACHE"
  tmp=$(mktemp "$2.XXXXXX")
  if node tools/brotli.mjs "$1" "$tmp"; then mv "$tmp" "$2"; else rm -f "$tmp"; return 1; fi
}

brotli_ahead() {  # brotli_ahead IN: start IN's Brotli copy now, in the background (brotli_copy waits for it)
  local br
  br=$(brotli_cached "$1")
  [ -f "$br" ] || [ -n "${BROTLI_AHEAD[$br]:-}" ] && return 0
  log "brotli, in the background: $(basename "$1")"
  brotli_make "$1" "$br" >/dev/null 2>&1 &
  BROTLI_AHEAD[$br]=$!
}

brotli_copy() {  # brotli_copy IN OUT: OUT is IN Brotli-compressed, made once per content (the wasm: ~25 s)
  local br
  br=$(brotli_cached "$1")
  if [ -n "${BROTLI_AHEAD[$br]:-}" ]; then  # made ahead: waited for (if that failed, made again below)
    wait "${BROTLI_AHEAD[$br]}" || true
    unset "BROTLI_AHEAD[$br]"
  fi
  if [ ! -f "$br" ]; then
    log "brotli: $(basename "$2")"
    brotli_make "$1" "$br"
  fi
  cp "$br" "$2"
}

site_brotli() {  # a first visit's wasm and standard library, Brotli-compressed, and their decoder
  local dec=node_modules/brotli-dec-wasm stored
  brotli_copy dist/pyodide/pyodide.asm.wasm dist/pyodide/pyodide.asm.wasm.br
  # The standard library's modules stored, not deflated: Brotli compresses them together (and
  # Python reads them without inflating). Not kept in the site: only its Brotli copy is.
  stored=$(mktemp --suffix=.zip)
  python3 - dist/pyodide/python_stdlib.zip "$stored" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as src, zipfile.ZipFile(sys.argv[2], "w") as out:
    for info in src.infolist():
        data = src.read(info)
        info.compress_type = zipfile.ZIP_STORED
        out.writestr(info, data)
PY
  brotli_copy "$stored" dist/pyodide/python_stdlib.zip.br
  rm -f "$stored"
  mkdir -p dist/static/vendor
  cp "$dec"/pkg/brotli_dec_wasm.js "$dec"/pkg/brotli_dec_wasm_bg.wasm dist/static/vendor/
  cp "$dec"/LICENSE-MIT.txt dist/static/vendor/brotli-dec-wasm.LICENSE.txt
}

site_bundle() {  # the page's modules in a few files (tools/bundle.mjs): a phone pays a round trip per file
  local said
  said=$(node tools/bundle.mjs dist)
  log "$said"
}

site_bytecode() {  # Python's bytecode for the page's first start, compiled by Pyodide itself
  node tools/compile_bytecode.mjs dist/pyodide/python_stdlib.zip dist/briscola.zip dist/pyodide/python_stdlib_later.zip
}

site_version() {  # the build version (a hash of every file) into the service worker and the snapshot key
  local version
  version=$(python3 tools/stamp_build.py dist)
  log "build $version"
}

build() {
  node_deps
  brotli_ahead node_modules/pyodide/pyodide.asm.wasm  # the longest step (one core), beside the others
  log "building dist/"
  rm -rf dist && mkdir -p dist && touch dist/.nojekyll
  site_runtime
  site_rules
  site_vendor
  site_app
  site_bundle  # after the rules' data and the vendored libraries: it reads the one, leaves the others out
  site_bytecode
  site_brotli  # after the bytecode: it compresses the standard library's final zip
  site_version
}

serve() {
  build
  local port=${PORT:-8000}
  log "serving http://127.0.0.1:$port/ (Ctrl-C to stop)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$ROOT/dist"
}

relay() {  # a local Nostr relay, in the foreground (tools/relay.mjs)
  node_deps
  exec node tools/relay.mjs
}

run_tests() {  # every test, or those named; the online tables' ones inside a network namespace
  apt_install chromium chromium
  apt_install ip iproute2
  apt_install unshare util-linux
  node_deps
  brotli_ahead node_modules/pyodide/pyodide.asm.wasm  # beside the Python tooling's install too
  python_deps &  # beside the build too (which needs only the system's python3; no apt-get after npm's)
  local tooling=$!
  build
  wait "$tooling"
  log "ruff"
  "$VENV/bin/ruff" check .
  local outside=0 inside=0 online online_log
  online_log=$(mktemp)
  # The online tests wait on relays and peers far more than they compute (~45 CPU-s in a minute):
  # they run in their namespace on one worker of their own, beside the others, whose workers (one
  # per core, pytest-xdist; tests marked xdist_group stay on one) keep the cores busy. (One session
  # for all, inside the namespace, was tried: an online test's page then once in three never got
  # Python up, beside the other tests' pages in the warm contexts they shared.)
  log "pytest (online, in a network namespace: tools/netns.sh), beside the rest: its report comes after theirs"
  tools/netns.sh "$VENV/bin/python" -m pytest -m online -n 0 "$@" >"$online_log" 2>&1 &
  online=$!
  log "pytest (not online)"
  "$VENV/bin/python" -m pytest -m "not online" -n "${TEST_WORKERS:-auto}" --dist loadgroup "$@" || outside=$?
  wait "$online" || inside=$?
  log "pytest (online): its report"
  cat "$online_log"
  rm -f "$online_log"
  # 5: no test selected on that side (e.g. ./build.sh test tests/engine)
  if [ "$outside" = 5 ] && [ "$inside" = 5 ]; then return 5; fi
  for rc in "$outside" "$inside"; do
    if [ "$rc" != 0 ] && [ "$rc" != 5 ]; then return "$rc"; fi
  done
}

case "${1:-build}" in
  build) build ;;
  serve) serve ;;
  test) shift; run_tests "$@" ;;
  relay) relay ;;
  *) echo "usage: ./build.sh [build|serve|relay|test [pytest args]]" >&2; exit 2 ;;
esac
