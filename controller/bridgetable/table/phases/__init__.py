"""The key and card handlers of each phase of a board, one module per phase (see ``board``)."""
