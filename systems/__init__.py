"""Behaviour: the rules as systems and command handlers over the ECS world; never imports the client."""
