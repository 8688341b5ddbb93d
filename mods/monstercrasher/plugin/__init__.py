"""MonsterCrasher, a whole game on the engine: rules (MC1-MC10), components, commands, AI and client screen."""
