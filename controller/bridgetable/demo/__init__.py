"""The demo: a whole club on one machine (broker, scoring station, simulated tables with seat
modules, displays and robots). It sits above every layer and belongs to none of them."""
