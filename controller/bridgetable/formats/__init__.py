"""File formats of the bridge world: PBN and LIN (read and write), USEBIO XML (write)."""
