"""The station's subcommand: ``bridgetable station``."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import sys
from pathlib import Path
from typing import Any

from .. import i18n
from ..i18n import CLI
from ..link import Broker
from ..link.broker import EmbeddedBroker, find_mosquitto
from ..link.signing import DerivedKeys
from .downlink import SetupReceiver
from .members import MemberList
from .roundclock import RoundClock, check_minutes
from .session import Session, SessionSetup, SetupError, boards_from_pbn, generated_boards, session_boards
from .station import Station
from .store import BoardInfo, open_store
from .upstream import Upstream, UpstreamOutbox, read_club_key
from .web import create_app, server

_ = CLI.gettext
BOARDS_PER_ROUND = 3  # --boards-per-round's default


def setup_from_args(args: argparse.Namespace) -> tuple[SessionSetup, list[BoardInfo]]:
    """The session set-up that ``bridgetable station`` options describe."""
    per_round = args.boards_per_round or BOARDS_PER_ROUND
    if args.movement == "mitchell":
        movement: dict[str, Any] = {"kind": "mitchell", "tables": args.tables,
                                    "boards_per_round": per_round, "rounds": args.rounds}
    elif args.movement == "teams" and args.teams:  # a club's team evening
        movement = {"kind": "team-event", "teams": args.teams, "boards_per_round": per_round,
                    "rounds": args.rounds, "swiss": args.swiss, "sets": args.sets}
    elif args.movement == "swiss-pairs":
        movement = {"kind": "swiss-pairs", "pairs": args.pairs or 2 * args.tables,
                    "boards_per_round": per_round, "rounds": args.rounds, "sets": args.sets}
    elif args.movement == "howell":
        movement = {"kind": "howell", "pairs": args.pairs or 2 * args.tables,
                    "boards_per_round": per_round, "rounds": args.rounds}
    else:  # a team match over two tables, or a single table against the robots
        boards = args.boards or 2 * per_round
        if not args.boards_per_round:  # rounds that --boards splits into: 3 boards, else 4, 2 or 1
            per_round = next(size for size in (BOARDS_PER_ROUND, 4, 2, 1) if boards % size == 0)
        movement = {"kind": args.movement, "boards": boards, "boards_per_round": per_round}
    pairs = {}
    for text in args.pair or []:
        number, _sep, names = text.partition("=")
        if not number.strip().isdigit() or not names.strip():
            raise SetupError(_("--pair {value}: write it as NUMBER=NAMES, e.g. 3='Ann & Bob'").format(
                value=repr(text)))
        pairs[int(number)] = names.strip()
    scoring = ("ROBOTS" if args.movement == "robots" else "TEAMS" if movement["kind"] == "team-event"
               else args.scoring)
    setup = SessionSetup(args.session, args.event, movement, scoring=scoring, pairs=pairs,
                         numbers=dict(player_numbers(text) for text in args.numbers or []),
                         master_point_type=args.master_point_type, butler_trim_from=args.butler_trim_from,
                         tie_break=args.tie_break)
    count = len(session_boards(setup.build_movement()))
    boards = boards_from_pbn(args.deals) if args.deals else generated_boards(count, args.seed)
    return setup, boards


def central_broker(args: argparse.Namespace, club: str) -> Broker:
    """The federation's central broker (``--central HOST:PORT``), logged in as the club with the
    password in ``--central-password-file``; over TLS with ``--central-ca`` or on port 8883."""
    if not args.central:
        raise SetupError(_("--central-key needs --central HOST:PORT (the central broker the station "
                           "connects to)"))
    host, sep, port = args.central.rpartition(":")
    if sep and not (host and port.isdigit()):
        raise SetupError(_("--central {value}: write it as HOST:PORT, e.g. results.example.org:8883").format(
            value=repr(args.central)))
    password = None
    if args.central_password_file:
        try:
            password = Path(args.central_password_file).read_text(encoding="utf-8").strip()
        except OSError as error:
            raise SetupError(f"--central-password-file {args.central_password_file}: "
                             f"{error.strerror or error}") from error
    number = int(port) if sep else 8883
    return Broker(host=host if sep else args.central, port=number, username=club if password else None,
                  password=password, tls=bool(args.central_ca) or number == 8883,
                  ca_file=args.central_ca)


def setup_from_central(args: argparse.Namespace, club: str,
                       central: Broker | None) -> tuple[SessionSetup, list[BoardInfo]]:
    """The set-up of --session that the center sent down (``director.downlink``)."""
    if central is None:
        raise SetupError(_("--from-central needs --central-key (the club's key checks the center's "
                           "signature)"))
    print(_("waiting up to {seconds:.0f} s for the center's set-up of {session}").format(
        seconds=args.from_central, session=args.session), flush=True)
    receiver = SetupReceiver(central, club, read_club_key(args.central_key), args.session)
    return receiver.wait(args.from_central)


def player_numbers(text: str) -> tuple[int, list[dict[str, str]]]:
    """A --numbers value, "3=12345:C17,67890": the pair, and each player's national number and
    club number (either may be left out)."""
    number, _sep, players = text.partition("=")
    parts = [part.strip().partition(":") for part in players.split(",")]
    if not number.strip().isdigit() or not players.strip() or len(parts) > 2:
        raise SetupError(_("--numbers {value}: write it as PAIR=NATIONAL[:CLUB],NATIONAL[:CLUB], e.g. "
                           "3=12345:C17,67890").format(value=repr(text)))
    return int(number), [{"national": national.strip(), "club": club.strip()}
                         for national, _sep, club in parts]


def station_login(file: Path) -> tuple[str, dict[str, str]]:
    """The club and the station's login (username, password, secret) from accounts.json."""
    try:
        accounts = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SetupError(f"--accounts {file}: {getattr(error, 'strerror', None) or error}") from error
    club = accounts.get("club") if isinstance(accounts, dict) else None
    login = accounts.get("station") if isinstance(accounts, dict) else None
    if not isinstance(club, str) or not isinstance(login, dict) \
            or not all(isinstance(login.get(name), str) for name in ("username", "password", "secret")):
        raise SetupError(_("--accounts {file}: not an accounts file of bridgetable.link.accounts (it needs "
                           "club and station with username, password and secret)").format(file=file))
    return club, login


def start_upstream(args: argparse.Namespace, session: Session, club: str, central: Broker,
                   station: Station) -> Upstream:
    """The upstream link to the central server, on its own connection to the central broker (its
    outbox in the station's SQLite file, or in upstream.db beside a PostgreSQL store)."""
    key = read_club_key(args.central_key)
    outbox = UpstreamOutbox("upstream.db" if args.store.startswith("postgres") else args.store)
    upstream = Upstream(session, club, key, central, outbox)
    upstream.on_players, station.lookup = station.register_names, upstream.lookup  # the player register
    station.ingest.subscribe(upstream.wake)
    upstream.start()
    return upstream


def run_station_command(args: argparse.Namespace) -> int:
    """Run a session's station until Ctrl-C: the link, the rounds and the web pages."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        club, login = station_login(Path(args.accounts))
        members = MemberList.read(args.members) if args.members else None  # refused before anything begins
        check_minutes(args.minutes_per_board, args.changeover)
    except ValueError as exc:  # SetupError too
        print(f"bridgetable station: {exc}", file=sys.stderr)
        return 2
    store = open_store(args.store)
    host, _sep, port = args.broker.partition(":")
    embedded = EmbeddedBroker(int(port or 1883), host) if args.embedded_broker else None
    try:
        if embedded is not None:
            embedded.start()
            print(_("embedded amqtt broker listening on {address} (anonymous clients, no ACL: results are "
                    "still checked by their signatures)").format(address=f"{host}:{embedded.port}"),
                  file=sys.stderr, flush=True)
        broker = Broker(host=host, port=int(port or 1883), username=login["username"],
                        password=login["password"])
        central = central_broker(args, club) if args.central_key else None
        if store.session_setup(args.session) is not None and not args.new:
            session = Session.load(store, args.session)
        else:
            setup, boards = (setup_from_central(args, club, central) if args.from_central
                             else setup_from_args(args))
            session = Session.create(store, setup, boards)
        keys = DerivedKeys(bytes.fromhex(login["secret"]), club, session.movement.tables)
        clock = RoundClock(session, args.minutes_per_board, args.changeover)
        station = Station(session, broker, keys, club, members=members, clock=clock)
        station.start()
        upstream = start_upstream(args, session, club, central, station) if central else None
        print(_("{event}: round {round} of {rounds}; web pages on {url}").format(
            event=session.setup.event, round=station.round, rounds=session.movement.rounds,
            url=f"http://{args.listen}:{args.port}/"), flush=True)
        pages = create_app(station.ingest, password=args.password, rounds=station,
                           language=args.language or i18n.current(), trusted_proxies=args.trusted_proxy or (),
                           central=upstream.status if upstream is not None else None,
                           hesitation=args.hesitation_seconds)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn raises it again once it has stopped
            server(pages, args.listen, args.port).run()
        if upstream is not None:
            upstream.stop()
        station.stop()
        return 0
    except (SetupError, OSError, KeyError, ValueError) as exc:
        hint = ""
        if isinstance(exc, TimeoutError) and embedded is None and find_mosquitto() is None:
            hint = " " + _("(Mosquitto is not installed here: --embedded-broker starts a broker in this "
                           "process)")
        print(f"bridgetable station: {exc}{hint}", file=sys.stderr)
        return 2
    finally:
        store.close()
        if embedded is not None:
            embedded.stop()
