# Runs at boot on the seat module: USB serial (sys.stdout) carries the frames to the table unit.
import sys
import time

import config
import seat

seat.run(config, sys.stdout, time.sleep_ms)
