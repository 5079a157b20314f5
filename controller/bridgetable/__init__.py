"""bridgetable: an electronic bridge table for clubs."""

__version__ = "0.1.0"
