"""Behaviour: the rules as systems and command handlers over the ECS world; never imports the client."""

from systems import army_actions, build_actions, setup_actions, structure_actions  # noqa: F401  (register handlers)
