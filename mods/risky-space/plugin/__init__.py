"""Risky Space, a Risk-like game of star systems (rules RS1-RS9): rules, computer players and the universe generator."""
