"""The table unit: board flow, confirmation, journal and recovery, screens."""
