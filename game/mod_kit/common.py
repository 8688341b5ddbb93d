"""What every skeleton has: pyproject.toml (build system, entry point, package data), README and .gitignore."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.mod_kit import Names

PYPROJECT = '''\
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "$project"
version = "0.1.0"                      # keep it equal to mod.toml's version
description = "$title: a $kind for Forces of Conquest"
requires-python = ">=3.11"
dependencies = ["forces-of-conquest"]
optional-dependencies = { test = ["pytest>=8"] }

# the game finds the mod through this entry point: its name is the mod id, its module the package folder
# holding mod.toml (and, for a mod with code, register(app))
[project.entry-points."forces_of_conquest.mods"]
$id = "$package"

[tool.setuptools.packages.find]
include = ["$package*"]                # the package and its folders (maps/, sounds/, images/)

# everything the game reads besides the code: rules files, maps (Tiled .tmj/.tmx and their .tsx/.tsj
# tilesets), sounds and pictures, in any of the package's folders
[tool.setuptools.package-data]
"*" = ["*.toml", "*.tmj", "*.tmx", "*.tsx", "*.tsj", "*.wav", "*.png"]

[tool.pytest.ini_options]
testpaths = ["tests"]
'''

README = '''\
# $title

A $kind for Forces of Conquest, made with `foc new-mod $id --kind $kind`.

```sh
pip install -e .                      # or: pipx inject forces-of-conquest . (when the game came from pipx)
foc validate                          # checks the game, its rulesets and every installed mod, this one too
$try_it
python -m pytest                      # this mod's own tests
```

- `$package/mod.toml`: who the mod is (id `$id`, version, what it extends), its rules files$plugin_line.
- Every number is data in the rules files; the game checks them when it loads (a typo is an error naming the
  file and the field).
- The modding guide of the game (docs/modding.md, §7.4 and §11) explains every file.
- Publish: `python -m build` makes a wheel; `pip install foc_$safe-0.1.0-py3-none-any.whl` installs it.
'''

GITIGNORE = "__pycache__/\n*.egg-info/\nbuild/\ndist/\n.pytest_cache/\n"

TRY_IT = {
    "units": "foc simulate --mod $id --rounds 20           # computer players use the new unit too\n"
             "foc play --mod $id",
    "mechanic": "foc simulate --mod $id --rounds 20\nfoc play --mod $id",
    "ruleset": "foc simulate --ruleset $id --players ai,random\nfoc simulate --ruleset $id --map long_field\n"
               "foc play --ruleset $id",
}
PLUGIN_LINE = {
    "units": "; `__init__.py` is empty of rules (a data-only mod)",
    "mechanic": "; `__init__.py` is the plugin: `register(app)` adds the mechanic's systems",
    "ruleset": "; `__init__.py` is the plugin: the rules model, commands, the end of the game and the computer "
               "players; `maps/` holds extra boards",
}
KIND_WORDS = {"units": "data-only mod (new units)", "mechanic": "plugin mod (a new mechanic)",
              "ruleset": "whole game (a ruleset)"}


# the last of a mod's own tests, in the skeletons of mods for a ruleset (units, mechanic)
COMPUTER_GAME_TEST = '''\
def test_computer_players_play_a_game_with_the_mod() -> None:
    rules = load_ruleset(["$id"])
    game, result = play_game(rules, map_for(None, "$ruleset", 2), ["normal", "normal"], seed=1, max_rounds=15)
    assert result.rounds >= 1 and "$id" in result.mods
'''


def mod_files(init: str, manifest: str, rules_name: str, rules: str, test: str) -> dict[str, str]:
    """A mod's own files (units and mechanic skeletons): its package with its rules file, and its tests."""
    return {
        "$package/__init__.py": init,
        "$package/mod.toml": manifest,
        f"$package/{rules_name}": rules,
        "tests/test_$safe.py": test,
    }


def files(names: Names, kind: str) -> dict[str, str]:
    words = KIND_WORDS[kind]
    return {
        "pyproject.toml": PYPROJECT.replace("$kind", words),
        "README.md": README.replace("--kind $kind", f"--kind {kind}").replace("$kind", words)
        .replace("$try_it", TRY_IT[kind]).replace("$plugin_line", PLUGIN_LINE[kind]),
        ".gitignore": GITIGNORE,
    }
