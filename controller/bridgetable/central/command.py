"""``bridgetable central``: the central results server — ingest workers on the central broker and
the pages — until Ctrl-C or SIGTERM; ``--pages-only``: the pages alone, without the federation's
secret (another process ingests); ``--club-key CLUB`` prints the key a club's station signs with,
``--revoke-key CLUB`` revokes it and prints the club's new one."""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
import threading
from pathlib import Path
from types import FrameType

import psycopg

from .. import i18n
from ..director.downlink import KIND, publish_setup, setup_message
from ..director.upstream import derive_club_key, down_topic
from ..i18n import CLI
from ..link import Broker
from .db import CentralDb
from .ingest import FederationKeys
from .operator import read_password
from .server import Center

_ = CLI.gettext


def read_secret(path: str) -> bytes:
    """The federation's secret: hex in a file (``openssl rand -hex 32 > secret``)."""
    try:
        return bytes.fromhex(Path(path).read_text(encoding="ascii").strip())
    except (OSError, ValueError) as exc:
        raise ValueError(_("--secret-file {file}: not a readable hex secret ({error})").format(
            file=path, error=exc)) from None


def send_setup(path: str, club: str | None, secret: bytes, broker: Broker, db_url: str) -> int:
    """``--send-setup FILE --to CLUB``: the set-up, checked, kept in the database until the club's
    station takes it (the ingest workers publish it again whenever they connect: a central broker
    that lost its retained messages has it back) and published retained for the club."""
    if not club:
        print("bridgetable central: " + _("--send-setup needs --to CLUB"), file=sys.stderr)
        return 2
    try:
        body = json.loads(Path(path).read_text(encoding="utf-8"))
        if not isinstance(body, dict):
            raise ValueError(_("not a JSON object"))
        wanted = {"kind": KIND, **body}
        db = CentralDb(db_url)
        try:
            key = derive_club_key(secret, club, db.key_generations().get(club, 0))  # its current key
            db.wait_setup(club, body["session"], setup_message(wanted, club, key))
        finally:
            db.close()
        publish_setup(broker, club, key, wanted)
    except (OSError, ValueError, TimeoutError, psycopg.Error) as exc:
        print(f"bridgetable central: --send-setup {path}: {exc}", file=sys.stderr)
        return 2
    print("central: " + _("the set-up of session {session} is on {topic} for {club}").format(
        session=repr(body["session"]), topic=down_topic(club, body["session"]), club=club), flush=True)
    return 0


def key_generation(db_url: str, club: str) -> int:
    """The generation of the club's key now, as the database says (``--revoke-key``); without a
    database, 0, said on stderr (the key before any revocation)."""
    try:
        db = CentralDb(db_url, create=False)
    except psycopg.OperationalError as exc:
        reason = (str(exc).strip().splitlines() or ["?"])[0]
        print("bridgetable central: " + _("no database at {url} ({reason}): the key before any "
                                          "revocation").format(url=db_url, reason=reason), file=sys.stderr)
        return 0
    try:
        return db.key_generations().get(club, 0)
    except psycopg.errors.UndefinedTable:  # a center that never ran: no key revoked
        return 0
    finally:
        db.close()


def revoke_key(club: str, secret: bytes, db_url: str) -> int:
    """``--revoke-key CLUB``: the club's key revoked (its messages signed with it refused from now
    on, every other club's key unchanged); prints its new key."""
    try:
        db = CentralDb(db_url)
        try:
            generation = db.revoke_key(club)
        finally:
            db.close()
    except psycopg.Error as exc:
        print(f"bridgetable central: --revoke-key {club}: {str(exc).strip()}", file=sys.stderr)
        return 2
    print(derive_club_key(secret, club, generation).hex())
    print("central: " + _("the key of club {club} is revoked: the ingest workers refuse it within "
                          "seconds; its new key is above, for its station's --central-key file").format(
        club=club), file=sys.stderr)
    return 0


def run_central_command(args: argparse.Namespace) -> int:
    if args.pages_only and (args.no_web or args.club_key or args.send_setup or args.revoke_key):
        print("bridgetable central: " + _("--pages-only serves the pages: not with --no-web, --club-key, "
                                          "--revoke-key or --send-setup"), file=sys.stderr)
        return 2
    if not args.pages_only and not args.secret_file:
        print("bridgetable central: " + _("--secret-file is needed (all but --pages-only read it)"),
              file=sys.stderr)
        return 2
    secret = None if args.pages_only else read_secret(args.secret_file)  # the pages never read it
    if secret is not None and args.club_key:
        print(derive_club_key(secret, args.club_key, key_generation(args.db, args.club_key)).hex())
        return 0
    if secret is not None and args.revoke_key:
        return revoke_key(args.revoke_key, secret, args.db)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    host, _sep, port = args.broker.partition(":")
    password = Path(args.password_file).read_text(encoding="utf-8").strip() if args.password_file else None
    broker = Broker(host=host, port=int(port or 1883), username=args.username, password=password,
                    tls=args.tls or bool(args.ca_file), ca_file=args.ca_file)
    if secret is not None and args.send_setup:
        return send_setup(args.send_setup, args.to, secret, broker, args.db)
    clubs = [club.strip() for club in args.clubs.split(",") if club.strip()] if args.clubs else None
    try:
        operator = read_password(args.operator_password_file) if args.operator_password_file else None
    except ValueError as exc:
        print(f"bridgetable central: {exc}", file=sys.stderr)
        return 2
    try:
        keys_db = None if secret is None else CentralDb(args.db)  # the clubs' key generations
        keys = {} if keys_db is None or secret is None else FederationKeys(
            secret, clubs, generations=keys_db.key_generations)
        center = Center(args.db, keys, broker, workers=0 if secret is None else args.workers,
                        web_port=None if args.no_web else args.port, host=args.listen,
                        language=args.language or i18n.current(), operator_password=operator)
    except psycopg.OperationalError as exc:  # no PostgreSQL there, or not this database
        print("bridgetable central: " + _(
            "no database at {url} ({reason}): start PostgreSQL (sudo systemctl start postgresql; "
            "deploy/install-central.sh sets one up) or give its URL with --db").format(
            url=args.db, reason=str(exc).strip().splitlines()[0]), file=sys.stderr)
        return 2
    stop = threading.Event()

    def stopping(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, stopping)
    signal.signal(signal.SIGINT, stopping)
    try:
        center.start()
    except TimeoutError as exc:
        print(f"bridgetable central: {exc}", file=sys.stderr)
        center.stop()
        if keys_db is not None:
            keys_db.close()
        return 1
    where = _("no pages") if args.no_web else _("pages on {url}").format(url=f"http://{args.listen}:{args.port}/")
    if args.pages_only:
        print("central: " + _("{pages}; no ingest workers").format(pages=where), flush=True)
    else:
        print("central: " + CLI.ngettext("{n} ingest worker on {broker}; {pages}",
                                         "{n} ingest workers on {broker}; {pages}", args.workers).format(
            n=args.workers, broker=f"{host}:{port or 1883}", pages=where), flush=True)
    stop.wait()
    center.stop()
    if keys_db is not None:
        keys_db.close()
    print("central: " + _("stopped; {counts}").format(counts=center.counts()), flush=True)
    return 0
