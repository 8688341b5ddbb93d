"""The balance lab: many seeded computer games per rules variant, on local processes or a Ray cluster."""
