"""The director's scoring station: session set-up, the result store, ingest from the tables,
live scoring, web pages and exports."""
