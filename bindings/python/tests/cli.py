"""Runs the repository's CLI (built by cargo if needed) and reads its JSON Lines."""

from __future__ import annotations

import json
import os
import subprocess

from conftest import ROOT


def cli_path() -> str:
    explicit = os.environ.get("HTMLSPLIT_CLI")
    if explicit:
        return explicit
    # Always through cargo: a binary left in target/ may be stale.
    subprocess.run(["cargo", "build", "-q", "-p", "htmlsplit"], cwd=ROOT, check=True)
    # A target named in the environment (scripts/test names the host's) puts
    # the build under target/<triple>/.
    return str(ROOT / "target" / os.environ.get("CARGO_BUILD_TARGET", "") / "debug" / "htmlsplit")


def cli_records(args: list) -> list:
    out = subprocess.run([cli_path(), *args], check=True, capture_output=True)
    return [json.loads(line) for line in out.stdout.splitlines()]
