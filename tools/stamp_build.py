"""Stamp a built site (dist/) with its build version: the service worker's precache list and cache
version, and the Python snapshot's build key (static/boot/snapshot.js).

    python3 tools/stamp_build.py dist

The version is a hash of every file's name and bytes, so any change to any file (a page, a
script, the package zip, the runtime) makes a new service-worker cache and a new snapshot key:
a page and the files it loads always come from the same build. Standard library only (build.sh
runs it with the system python3).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

UNHASHED = (".nojekyll",)
SNAPSHOT_JS = "static/boot/snapshot.js"


def site_files(dist: Path) -> list[str]:
    """Every file of the site, as sorted relative paths (sw.js hashed before it is stamped)."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file() and p.name not in UNHASHED)


def build_version(dist: Path) -> str:
    """The first 12 hex digits of a SHA-256 over every site file's path and bytes."""
    digest = hashlib.sha256()
    for name in site_files(dist):
        digest.update(name.encode() + b"\0" + (dist / name).read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def stamp(dist: Path) -> str:
    """Write the version and precache list into dist/sw.js and the snapshot's build key."""
    version = build_version(dist)
    files = [name for name in site_files(dist) if name != "sw.js"]
    # Not the first visit's Brotli copies (static/boot/brotli.js): offline and later visits use the plain files.
    urls = ["./"] + ["./" + name for name in files if name != "index.html" and not name.endswith(".br")]
    _replace(dist / "sw.js", {"/*PRECACHE*/[]": json.dumps(urls), '/*VERSION*/"dev"': json.dumps(version)})
    _replace(dist / SNAPSHOT_JS, {'/*BUILD*/"dev"': json.dumps(version)})
    return version


def _replace(path: Path, marks: dict[str, str]) -> None:
    text = path.read_text()
    for mark, value in marks.items():
        if mark not in text:
            raise SystemExit(f"{path}: placeholder {mark} not found")
        text = text.replace(mark, value)
    path.write_text(text)


if __name__ == "__main__":
    print(stamp(Path(sys.argv[1] if len(sys.argv) > 1 else "dist")))
