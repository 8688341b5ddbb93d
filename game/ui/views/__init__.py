"""One Arcade View per screen: main menu, new game, load game, base choice, game."""
