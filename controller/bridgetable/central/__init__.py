"""The federation's central results server: every club's station feeds it (``director.upstream``),
its ingest workers store what arrives in PostgreSQL, its pages and JSON API show it."""
