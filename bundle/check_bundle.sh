#!/usr/bin/env bash
# Start the bundled application (dist/foc/foc) from an empty folder, without a display: it validates the game's
# content, draws a few frames of the main menu (a screenshot must come out) and simulates a short game of every
# ruleset. Every command is bounded in time.
set -euo pipefail
app="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
export ARCADE_HEADLESS=1 XDG_DATA_HOME="$work/data"
timeout 120 "$app" validate
timeout 120 "$app" play --frames 5 --screenshot-dir shots
ls shots/*.png > /dev/null
for manifest in "$root"/mods/*/mod.toml; do
  if grep -q '^kind = "ruleset"' "$manifest"; then
    ruleset="$(sed -n 's/^id = "\(.*\)"/\1/p' "$manifest")"
    timeout 120 "$app" simulate --ruleset "$ruleset" --rounds 3 --seed 1 | grep -q "rounds:"
    echo "simulate --ruleset $ruleset: ok"
  fi
done
echo "bundle $app: starts, draws and simulates ($(du -sh "$(dirname "$app")" | cut -f1))"
