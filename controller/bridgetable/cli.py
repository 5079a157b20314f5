"""The ``bridgetable`` command: one entry point, one subcommand per job."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from . import i18n
from .extras import MissingExtra, require_extra
from .i18n import CLI, N_

Handler = Callable[[argparse.Namespace], int]
_ = CLI.gettext
ngettext = CLI.ngettext

DESCRIPTION = N_("An electronic bridge table for clubs: check, convert and score PBN/LIN files, run a "
               "table unit, play a team match against the robots, keep score of or play a rubber, "
               "Chicago or Minibridge, run the director's scoring station, or a whole simulated club "
               "(demo). Bad input is refused with exit status 2.")


# argparse's own words (usage, the headings of --help, its errors) in the command line's language:
# argparse says them through its module's ``_`` and ``ngettext``, given ours in main()
ARGPARSE = (
    N_("usage: "), N_("options"), N_("positional arguments"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"), N_("can't open '%(filename)s': %(error)s"),
)


def _lazy(target: str, extra: tuple[str, str] | None = None) -> Handler:
    """The handler ``module:function`` (relative to this package), imported only when its
    subcommand runs, so that ``bridgetable score`` never loads the station or the devices;
    ``extra`` (the extra it needs, the one to install) is checked first."""
    module, _sep, name = target.partition(":")

    def handler(args: argparse.Namespace) -> int:
        if extra is not None:
            require_extra(extra[0], install=extra[1])
        function: Handler = getattr(importlib.import_module(module, __package__), name)
        return function(args)

    return handler


def _add_score(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("score", help=_("the Law 77 score of a contract, e.g. 4SX 8 --vul"))
    parser.add_argument("contract", help=_('e.g. "4S", "3NTX", "6HXX"'))
    parser.add_argument("tricks", type=int, help=_("tricks won by declarer (0-13)"))
    parser.add_argument("--vul", action="store_true", help=_("declarer's side is vulnerable"))
    parser.set_defaults(handler=_run_score)


def _run_score(args: argparse.Namespace) -> int:
    from .bridge import Contract, duplicate_score

    contract = Contract.parse_or_pass(args.contract)
    print(duplicate_score(contract, args.tricks, args.vul))
    return 0


def _add_imps(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("imps", help=_("IMPs for a difference in points (Law 78B)"))
    parser.add_argument("difference", type=int, help=_("the difference in points, e.g. 450 or -450"))
    parser.set_defaults(handler=_run_imps)


def _run_imps(args: argparse.Namespace) -> int:
    from .bridge import imps

    print(imps(args.difference))
    return 0


def _add_check(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("check", help=_("validate every record of PBN or LIN files"))
    parser.add_argument("files", nargs="+", metavar="FILE", help=_("a .pbn or .lin file"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=_run_check)


def _run_check(args: argparse.Namespace) -> int:
    from .check import run_check

    return run_check(args.files, as_json=args.json)


HOME_FORMS = ("rubber", "chicago", "chicago-duplicate", "minibridge")  # the game forms of tally and play


def _add_tally(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "tally", help=_("a score pad: the deals of a rubber, Chicago or Minibridge on stdin, one a line"),
        description=_('One deal a line: "4SX N 9", "3NT E 10 W 150" (honours held by West) or "Pass"; '
                    'for Minibridge "game H S 10" (part|game STRAIN DECLARER TRICKS).'))
    parser.add_argument("--game", required=True, choices=HOME_FORMS)
    parser.add_argument("--rounds", type=int, default=1,
                        help=_("Chicago, Chicago with duplicate scoring, Minibridge: rounds of four deals"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    _add_no_honours(parser)
    parser.set_defaults(handler=_lazy(".tally:run"))


def _add_no_honours(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-honours", action="store_true",
                        help=_("rubber, Chicago, two-player: honours not counted (seed 001's standard game; "
                               "default: counted, as seed 003 and the Laws of Contract Bridge)"))


def _add_play(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("play", help=_("a rubber, Chicago or Minibridge in the terminal, robots in the "
                                         "other three seats (two-player: one robot)"))
    parser.add_argument("--game", required=True, choices=(*HOME_FORMS, "two-player"))
    parser.add_argument("--seat", default="S", help=_("your seat (default S)"))
    parser.add_argument("--seed", type=int, help=_("seed of the random deals"))
    _add_no_honours(parser)
    parser.set_defaults(handler=_lazy(".robots.homegame:run_play"))


def _add_table(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .bridge.forms import GAME_FORMS  # the engine alone: standard library, quick to load

    parser = sub.add_parser("table", help=_("run a table unit (--config table.toml), simulate one (--sim), "
                                          "or export its results (--export)"))
    parser.add_argument("--config", metavar="FILE", help=_("the table's table.toml"))
    parser.add_argument("--sim", action="store_true",
                        help=_("the keyboard as the four seats, no hardware (with --config: its boards, "
                             "deals and settings)"))
    parser.add_argument("--boards", help=_('with --sim alone: "1-8" or "1,2,3" (default 1-8)'))
    parser.add_argument("--game", default="duplicate", choices=list(GAME_FORMS),
                        help=_("with --sim alone: the game form (default duplicate; table.toml: "
                               "[table] game)"))
    parser.add_argument("--journal", metavar="FILE", help=_("the journal file (overrides the config)"))
    parser.add_argument("--frames", metavar="DIR", help=_("with --sim: also write each frame as PNG"))
    parser.add_argument("--events", metavar="FILE", help=_("read TableEvents as JSON lines ('-': stdin)"))
    parser.add_argument("--echo", action="store_true", help=_("with --events: print the state after each"))
    parser.add_argument("--export", metavar="OURS.pbn",
                        help=_("run no table: write the journal's confirmed boards as PBN "
                               "(for `match --ours`)"))
    parser.set_defaults(handler=_lazy(".table.command:run"))



def _add_convert(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("convert", help=_("convert PBN <-> LIN (formats by extension)"))
    parser.add_argument("source", metavar="IN", help=_("a .pbn or .lin file"))
    parser.add_argument("target", metavar="OUT", help=_("the .pbn or .lin file to write"))
    parser.set_defaults(handler=_run_convert)


def _run_convert(args: argparse.Namespace) -> int:
    from .formats.convert import convert

    try:
        converted = convert(args.source, args.target)
    except OSError as error:
        print(f"bridgetable convert: {args.target}: {error.strerror or error}", file=sys.stderr)
        return 2
    for name, count in sorted(converted.left_out.items()):
        print(ngettext("left out (no place in {file}): {name} in {n} record",
                       "left out (no place in {file}): {name} in {n} records", count).format(
            file=args.target, name=name, n=count), file=sys.stderr)
    written = len(converted.records)
    print(ngettext("{n} record written to {file}", "{n} records written to {file}", written).format(
        n=written, file=args.target))
    return 0


def _add_robots(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("robots", help=_("the robot table on boards of a PBN file or random boards"))
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("deals", nargs="?", metavar="DEALS.pbn", help=_("the boards to play"))
    source.add_argument("--random", type=int, metavar="N", help=_("N random boards instead"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the random boards (default 1)"))
    parser.add_argument("--out", required=True, metavar="FILE.pbn", help=_("the robots' records"))
    parser.add_argument("--json", action="store_true", help=_("print a JSON summary"))
    parser.set_defaults(handler=_lazy(".robots.commands:run_robots"))



def _add_match(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "match", help=_("a team match against the robots: our results from --ours, or played live"),
        description=_("With --ours: score our table's PBN results against the robots on the boards "
                    "of --deals. Without: play a match live in the terminal, you at --seat, "
                    "robots everywhere else."))
    parser.add_argument("--deals", metavar="DEALS.pbn", help=_("the boards (default: random boards)"))
    parser.add_argument("--ours", metavar="OURS.pbn", help=_("our table's results on those boards"))
    parser.add_argument("--out", metavar="MATCH.pbn", help=_("write both rooms with their IMPs"))
    parser.add_argument("--json", action="store_true", help=_("print the match result as JSON"))
    parser.add_argument("--boards", type=int, choices=(4, 8, 16), default=8,
                        help=_("length of a live match (default 8)"))
    parser.add_argument("--seat", default="S", help=_("your seat in a live match (default S)"))
    parser.add_argument("--seed", type=int, help=_("seed of the random boards of a live match"))
    parser.set_defaults(handler=_lazy(".robots.commands:run_match"))



def _add_replay(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("replay", help=_("both tables of a match file, trick by trick"))
    parser.add_argument("file", metavar="MATCH.pbn", help=_("a match file, from `match --out`"))
    parser.add_argument("--board", type=int, metavar="N", help=_("only this board"))
    parser.set_defaults(handler=_lazy(".robots.commands:run_replay"))



def _language(code: str) -> str:
    try:
        return i18n.parse(code)
    except i18n.UnknownLanguage as error:  # argparse shows this one's message
        raise argparse.ArgumentTypeError(_("no language {code}: bridgetable speaks {languages}").format(
            code=repr(error.code), languages=i18n.spoken())) from None


def _hesitation_seconds(text: str) -> float:
    """``--hesitation-seconds``: more than 0, at most an hour."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:  # an hour
        raise argparse.ArgumentTypeError(_("a number of seconds from 0 to 3600, not {value!r}").format(
            value=text))
    return seconds


def _add_language(parser: argparse.ArgumentParser, what: str) -> None:
    """``--language``: what ``what`` speaks by default (the command line's own language, from
    $LANG, when not given)."""
    codes = ", ".join(i18n.LANGUAGES)
    parser.add_argument("--language", type=_language, metavar="LANG",
                        help=_("{what}: {codes} (default: the language of $LANG, else en)").format(
                            what=what, codes=codes))


def _add_demo(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("demo", help=_("a whole club on this machine: broker, station, robot tables"))
    parser.add_argument("--tables", type=int, default=4, help=_("simulated tables (default 4)"))
    parser.add_argument("--rounds", type=int, help=_("rounds of the Mitchell (default 3; a team event: all "
                                                    "its rounds, a Swiss 4)"))
    parser.add_argument("--boards-per-round", type=int, default=2, metavar="N", help=_("(default 2)"))
    parser.add_argument("--teams", type=int, default=6, metavar="N",
                        help=_("teams, swiss-teams: the number of teams (default 6)"))
    _add_sets(parser)
    parser.add_argument("--pairs", type=int, default=10, metavar="N",
                        help=_("swiss-pairs: the number of pairs (default 10)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the generated deals (default 1)"))
    parser.add_argument("--port", type=int, default=8080, help=_("the web page's port (default 8080)"))
    parser.add_argument("--headless", action="store_true",
                        help=_("no web page and no seat displays; stop when played"))
    parser.add_argument("--displays", action="store_true",
                        help=_("draw the seat displays (luma's dummy device) even when headless"))
    parser.add_argument("--json", action="store_true", help=_("print the ranking and travellers as JSON"))
    parser.add_argument("--export", metavar="DIR", help=_("write the session PBN, USEBIO XML and HTML"))
    parser.add_argument("--dir", metavar="DIR", help=_("keep the station's and tables' files here"))
    parser.add_argument("--broker", choices=("auto", "mosquitto", "embedded"), default="auto",
                        help=_("auto (default): Mosquitto if installed, else the embedded amqtt broker"))
    parser.add_argument("--movement", choices=("mitchell", "robots", "teams", "swiss-teams", "swiss-pairs"),
                        default="mitchell",
                        help=_("robots: a single table against the robots, scored in IMPs against them; "
                               "teams, swiss-teams: a team evening, a round robin or a Swiss; swiss-pairs: "
                               "a Swiss of pairs, one table a match"))
    parser.add_argument("--central", action="store_true",
                        help=_("two clubs play at robot tables on this machine, each station sending its "
                               "results to a central results server here (on a private PostgreSQL); the "
                               "center's page at --port (default 8080)"))
    parser.add_argument("--scoring", choices=("MP", "IMP", "XIMP", "TOTAL"), default="MP",
                        help=_("the Mitchell's and Swiss pairs': matchpoints (default), Butler IMPs, "
                               "cross-IMPs, total points (not Swiss pairs)"))
    _add_language(parser, _("the seat displays' and the pages' language"))
    # a table's Pi installs no web stack: the demo needs the station's, and a broker (`demo` extra)
    parser.set_defaults(handler=_lazy(".demo.command:run_demo_command", extra=("station", "demo")))



def _add_enrol_deck(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("enrol-deck", help=_("learn an RFID deck's tag ids: scan the 52 cards in order"))
    parser.add_argument("port", help=_("the card reader's serial port, e.g. /dev/ttyACM0"))
    parser.add_argument("deck", help=_("the JSON file to write, e.g. decks/club-1.json"))
    parser.add_argument("--name", help=_("the deck's name (default: the file's name)"))
    parser.add_argument("--baud", type=int, default=9600, help=_("the reader's baud rate (default 9600)"))
    parser.set_defaults(handler=_run_enrol_deck)


def _run_enrol_deck(args: argparse.Namespace) -> int:
    from .devices.cardreader import run_enrolment

    return run_enrolment(args.port, args.deck, args.name, args.baud)


def _add_selftest(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("selftest", help=_("check a real table's hardware: each display, key and card "
                                             "reader, and the station's broker"))
    parser.add_argument("--config", required=True, metavar="FILE", help=_("the table's table.toml"))
    parser.add_argument("--timeout", type=float, default=20.0,
                        help=_("seconds to wait for each key press or card scan (default 20)"))
    parser.set_defaults(handler=_lazy(".table.selftest:run"))


def _add_station(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .director.roundclock import CHANGEOVER, MINUTES_PER_BOARD  # standard library alone too
    from .scoring.imps import BUTLER_TRIM_FROM  # the scoring alone: standard library, quick to load

    parser = sub.add_parser("station", help=_("the director's scoring station for a session"))
    parser.add_argument("--accounts", required=True, metavar="accounts.json",
                        help=_("club, station login and secret (python -m bridgetable.link.accounts)"))
    parser.add_argument("--session", required=True, help=_("the session's name, e.g. 2026-11-29"))
    parser.add_argument("--event", default="Club session", help=_("the event's title"))
    parser.add_argument("--new", action="store_true", help=_("set the session up again if it exists"))
    parser.add_argument("--movement", choices=("mitchell", "howell", "teams", "swiss-pairs", "robots"),
                        default="mitchell",
                        help=_("robots: a single table against the robots (scored ROBOTS); swiss-pairs: pair "
                               "against pair at one table, each round paired down the VP ranking, scored "
                               "MP, IMP or XIMP across the field and each match in VPs"))
    parser.add_argument("--tables", type=int, default=4, help=_("(default 4)"))
    parser.add_argument("--pairs", type=int, help=_("Howell, Swiss pairs: the number of pairs (default 2 x "
                                                    "tables)"))
    parser.add_argument("--boards", type=int, help=_("team match, robots: boards in the match"))
    _add_team_event(parser)
    parser.add_argument("--boards-per-round", type=int, metavar="N",
                        help=_("(default 3; team match, robots: 3, else 4, 2 or 1, whichever divides "
                               "--boards)"))
    parser.add_argument("--rounds", type=int, help=_("default: the movement's full length"))
    parser.add_argument("--scoring", choices=("MP", "IMP", "XIMP", "TOTAL", "TEAMS", "ROBOTS"), default="MP",
                        help=_("matchpoints (default), Butler IMPs, cross-IMPs, total points (Law 78C), "
                             "team match, robots"))
    parser.add_argument("--pair", action="append", metavar="N=NAMES", help=_("a pair's names, repeatable"))
    parser.add_argument("--numbers", action="append", metavar="N=NAT:CLUB,NAT:CLUB",
                        help=_("a pair's players' national and club numbers (USEBIO), repeatable"))
    parser.add_argument("--members", metavar="members.csv",
                        help=_("the club's member list (CSV: number, name, club number): names the "
                               "numbers the players key at the tables"))
    parser.add_argument("--butler-trim-from", type=int, default=BUTLER_TRIM_FROM, metavar="N",
                        help=_("Butler IMPs: the datum leaves out the top and bottom score from N scores "
                               "on (default {n}; Compscore3 uses 4)").format(n=BUTLER_TRIM_FROM))
    parser.add_argument("--master-point-type", default="", metavar="TYPE",
                        help=_("the federation's kind of master points, for USEBIO (e.g. GREEN)"))
    parser.add_argument("--deals", metavar="FILE.pbn", help=_("the deals (default: generated)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of generated deals (default 1)"))
    parser.add_argument("--minutes-per-board", type=float, default=MINUTES_PER_BOARD, metavar="MINUTES",
                        help=_("the round clock: minutes a board is given, the change of tables included "
                               "(default {minutes:g})").format(minutes=MINUTES_PER_BOARD))
    parser.add_argument("--changeover", type=float, default=CHANGEOVER, metavar="MINUTES",
                        help=_("the round clock: minutes each round gives besides its boards (default "
                               "{minutes:g})").format(minutes=CHANGEOVER))
    parser.add_argument("--store", default="station.db",
                        help=_("SQLite file or postgresql:// URL (default station.db)"))
    parser.add_argument("--broker", default="127.0.0.1:1883", metavar="HOST:PORT",
                        help=_("the MQTT broker (default 127.0.0.1:1883)"))
    parser.add_argument("--embedded-broker", action="store_true",
                        help=_("start an amqtt broker in this process, listening at --broker (a laptop "
                             "without Mosquitto: anonymous clients, no ACL)"))
    parser.add_argument("--listen", default="0.0.0.0", help=_("web pages' address (default all)"))
    parser.add_argument("--port", type=int, default=8080, help=_("web pages' port (default 8080)"))
    parser.add_argument("--trusted-proxy", action="append", metavar="ADDRESS",
                        help=_("a reverse proxy in front of the pages, whose X-Forwarded-For names the "
                             "client for the login's throttle (repeatable; default none: the header is "
                             "ignored)"))
    parser.add_argument("--hesitation-seconds", type=_hesitation_seconds, default=10.0, metavar="SECONDS",
                        help=_("the director's tempo pages list the calls that took longer (default 10; "
                               "the page may ask another)"))
    # a service keeps the password out of the command line; one or the other is needed (checked
    # when the station runs, so that --help does not show it as required)
    parser.add_argument("--password", default=os.environ.get("BRIDGETABLE_PASSWORD"),
                        help=_("the director's web password (default: $BRIDGETABLE_PASSWORD)"))
    parser.add_argument("--central-key", metavar="FILE",
                        help=_("feed the central results server: the club's key, hex (with --central; "
                               "deploy/install-station.sh --central)"))
    parser.add_argument("--central", metavar="HOST:PORT",
                        help=_("the central broker, which the station connects to itself, never through "
                               "the club's broker (8883: TLS)"))
    parser.add_argument("--central-password-file", metavar="FILE",
                        help=_("the club's password at the central broker (its login is the club's name)"))
    parser.add_argument("--central-ca", metavar="FILE",
                        help=_("the CA of the central broker's certificate (TLS)"))
    parser.add_argument("--from-central", type=float, nargs="?", const=600.0, metavar="SECONDS",
                        help=_("start --session from the set-up the center sent (with --central-key; "
                             "waits up to SECONDS, default 600)"))
    _add_language(parser, _("the pages' language where a visitor's browser asks for none of ours"))
    station = _lazy(".director.commands:run_station_command", extra=("station", "station"))
    parser.set_defaults(handler=lambda args: _with_password(station, args))


def _add_team_event(parser: argparse.ArgumentParser) -> None:
    """The options of a club's team evening (--movement teams --teams N)."""
    parser.add_argument("--teams", type=int, metavar="N",
                        help=_("teams: a team event of N teams (3-20; odd: a bye each round), each match "
                               "two tables playing the round's boards; without it, one two-table match"))
    parser.add_argument("--swiss", action="store_true",
                        help=_("team event: a Swiss (each round paired down the ranking, never a "
                               "rematch; default 4 rounds) instead of a round robin"))
    _add_sets(parser)
    parser.add_argument("--tie-break", choices=("quotient", "match"), default="quotient",
                        help=_("team event: teams level on VPs are ranked by their IMP quotient (default) "
                               "or by the matches between them"))


def _add_sets(parser: argparse.ArgumentParser) -> None:
    """--sets, the copies of each board a team event or Swiss pairs has (the station's and the demo's)."""
    parser.add_argument("--sets", type=int, metavar="N",
                        help=_("team event, Swiss pairs: copies of each board (default one a match, shared "
                               "by its two tables across a relay stand; fewer: the boards relay between "
                               "matches; Swiss pairs: one a table, fewer shared by two tables)"))


def _with_password(handler: Handler, args: argparse.Namespace) -> int:
    if not args.password:
        raise ValueError(_("the director's web password is needed: --password, or $BRIDGETABLE_PASSWORD"))
    return handler(args)



def _add_central(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("central", help=_("the federation's central results server, fed by the clubs"))
    parser.add_argument("--secret-file", metavar="FILE",
                        help=_("the federation's secret, hex (each club's key is derived from it); "
                               "needed by all but --pages-only"))
    parser.add_argument("--club-key", metavar="CLUB", help=_("print CLUB's key (for its station) and exit"))
    parser.add_argument("--revoke-key", metavar="CLUB",
                        help=_("revoke CLUB's key (its messages signed with it refused, every other "
                               "club's unchanged), print its new key and exit"))
    parser.add_argument("--send-setup", metavar="FILE.json",
                        help=_("send a session's set-up down to the club --to (docs/central.md: its "
                               "form), signed with its key, and exit"))
    parser.add_argument("--to", metavar="CLUB", help=_("the club that --send-setup is for"))
    parser.add_argument("--db", default="postgresql:///bridgetable_central", help=_("PostgreSQL URL"))
    parser.add_argument("--broker", default="127.0.0.1:1883", metavar="HOST:PORT",
                        help=_("the central MQTT broker (default 127.0.0.1:1883)"))
    parser.add_argument("--username", help=_("the central server's broker login"))
    parser.add_argument("--password-file", metavar="FILE", help=_("its password, in a file"))
    parser.add_argument("--tls", action="store_true", help=_("connect to the broker over TLS"))
    parser.add_argument("--ca-file", metavar="FILE", help=_("the broker's CA (implies --tls)"))
    parser.add_argument("--clubs", metavar="A,B,...", help=_("the member clubs (default: any club whose "
                        "messages are signed with its key)"))
    parser.add_argument("--workers", type=int, default=2,
                        help=_("ingest workers in this process (default 2)"))
    parser.add_argument("--listen", default="127.0.0.1", help=_("web pages' address (default 127.0.0.1)"))
    parser.add_argument("--port", type=int, default=8090, help=_("web pages' port (default 8090)"))
    parser.add_argument("--no-web", action="store_true", help=_("ingest only (another process serves pages)"))
    parser.add_argument("--pages-only", action="store_true",
                        help=_("the pages only: no ingest workers, no broker, no secret (another "
                               "process ingests)"))
    parser.add_argument("--operator-password-file", metavar="FILE",
                        help=_("the operator's password (/operator and /api/operator: refused messages, "
                               "waiting set-ups, the clubs' last messages)"))
    _add_language(parser, _("the pages' language where a visitor's browser asks for none of ours"))
    parser.set_defaults(handler=_lazy(".central.command:run_central_command", extra=("station", "station")))


SUBCOMMANDS = [_add_check, _add_score, _add_imps, _add_tally, _add_table, _add_convert, _add_robots,
               _add_match, _add_play, _add_replay, _add_demo, _add_enrol_deck, _add_selftest, _add_station,
               _add_central]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bridgetable", description=_(DESCRIPTION))
    sub = parser.add_subparsers(dest="command", required=True)
    for add in SUBCOMMANDS:
        add(sub)
    return parser


# the conventional exit statuses of a command ended by a signal: 128 + SIGINT, 128 + SIGPIPE
INTERRUPTED = 130
CLOSED_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    """Run the subcommand; Ctrl-C ends any of them with one line and status 130, a reader that
    closed the pipe (``| head``) quietly with status 141, never with a traceback."""
    command = "bridgetable"
    try:
        i18n.use(i18n.from_environment())  # the command line speaks $LANG's language
        i18n.speak_argparse(CLI)
        args = build_parser().parse_args(argv)
        command = f"bridgetable {args.command}"
        try:
            handler: Handler = args.handler
            status = handler(args)
        except (ValueError, MissingExtra) as error:  # a bad argument (unreadable contract), an extra missing
            print(f"{command}: {error}", file=sys.stderr)
            status = 2
        sys.stdout.flush()  # a closed pipe shows here rather than at the interpreter's exit
        return status
    except KeyboardInterrupt:
        print(f"{command}: " + _("interrupted"), file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return CLOSED_PIPE


def _silence_stdout() -> None:
    """stdout onto /dev/null, so that the interpreter's last flush finds no closed pipe either."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
