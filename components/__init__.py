"""Data-only component types and the rules data they are instances of."""
