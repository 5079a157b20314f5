"""BBO's LIN format: read and write BoardRecord objects.

A LIN file is a stream of ``key|value|`` pairs. One board starts at ``qx`` (vugraph room and
board), ``pn`` (players), ``st`` or ``md`` (the deal) once the board before it has its deal and
its calls or cards (or that key already), so handviewer files (one board per line) and vugraph
files (a board spread over many lines) read the same way. The keys read are:

- ``md``: dealer digit (1 S, 2 W, 3 N, 4 E), then the hands of South, West, North and East;
  one hand may be left out (it is the rest of the pack), ranks in any order.
- ``sv`` vulnerability (o/0 none, n, e, b), ``ah`` "Board 7", ``qx`` o7/c7 (room and board).
- ``mb`` calls (p, d, r, 1N, 2c; a ``!`` suffix alerts), ``an`` the previous call's explanation.
- ``pc`` cards in the order played (placed by seat from declarer's left-hand opponent and the
  trick winners), ``mc`` a claim: declarer's total tricks.
- ``pn`` players S,W,N,E (eight names in a vugraph: open room, then closed room).
- ``vg`` vugraph header (event, segment, scoring, first and last board, teams and carry-over)
  and ``rs`` the results of every table, which give contract, declarer and result to a table
  whose own record does not.

Everything else (``st``, ``rh``, ``pg``, ``nt`` commentary, ``sk``, ``zz``...) is skipped.
What cannot be read becomes a problem of the record naming the line and token; ``LinError`` is
raised only for text that is not LIN at all.

Tags use PBN names where PBN has one (Event, Stage, Scoring, HomeTeam, VisitTeam, Room, North,
East, South, West); ``BBOVugraph`` keeps the raw ``vg`` header and ``BBOTitle`` an ``ah`` title
that is not "Board N".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..bridge import (
    DECK,
    Auction,
    BridgeError,
    Call,
    CallKind,
    Card,
    Contract,
    Deal,
    Hand,
    Rank,
    Seat,
    Suit,
    Vulnerability,
    trick_winner,
)
from ..i18n import FILES, notation
from .record import BoardRecord, KnownHands, known_hands
from .text import LineTooLong, check_lines, decode_text

_ = FILES.gettext
ngettext = FILES.ngettext

# The seats in the order of md hands and pn names, and the md dealer digits 1-4.
LIN_SEATS = (Seat.S, Seat.W, Seat.N, Seat.E)
_NAME_TAGS = ("South", "West", "North", "East")
_VUL_LETTERS = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e",
                Vulnerability.BOTH: "b"}
_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}
_ROOMS = {"o": "Open", "c": "Closed"}
_BOARD_START = ("qx", "pn", "st", "md")
_LIN_KEYS = frozenset({"md", "mb", "pc", "pn", "qx", "vg", "ah", "sv", "rs", "mc"})
_KEY_RE = re.compile(r"^[a-z][a-z0-9]$", re.IGNORECASE)
_BOARD_RE = re.compile(r"^\s*board\s+(\d+)\s*$", re.IGNORECASE)
_QX_RE = re.compile(r"^\s*([oc])(\d+)", re.IGNORECASE)
_CARD_NAMED = {str(card): card for card in DECK}  # "SA", "HT"...: the fast path of Card.parse
_SUIT_LETTERS = {suit.letter: suit for suit in Suit}
_RANK_LETTERS = {rank.letter: rank for rank in Rank}
_RS_RE = re.compile(r"^([1-7])([CDHSN])([NESW])(X{0,2})([=+-]\d*)$", re.IGNORECASE)


class LinError(ValueError):
    """The text is not LIN at all."""


@dataclass(frozen=True, slots=True)
class _Token:
    key: str
    value: str
    line: int
    number: int  # 1-based position of the pair in its line

    def __str__(self) -> str:
        return _("line {line}, token {number} ({pair})").format(
            line=self.line, number=self.number, pair=f"{self.key}|{self.value}|")


def _tokens(text: str) -> list[_Token]:
    """The key|value pairs of the text, read as one stream: a pair may break across lines
    anywhere (BBO and BridgeComposer start a line with "|"). A value that runs on into a new
    line holding only a key ends at that line break (a handviewer line without its last "|")."""
    tokens: list[_Token] = []
    fields = text.split("|")
    if fields[-1].strip() == "":
        fields.pop()
    line = last_line = 1
    in_line = index = 0
    while index < len(fields):
        key = fields[index]
        key_line = line + key[:len(key) - len(key.lstrip())].count("\n")
        line += key.count("\n")
        value = fields[index + 1] if index + 1 < len(fields) else ""
        head, newline, tail = value.rstrip("\r\n").rpartition("\n")
        if newline and _KEY_RE.match(tail.strip()):  # "mb|p<newline>md|..."
            fields[index + 1] = newline + tail
            value, index = head, index + 1
        else:
            index += 2
        in_line = in_line + 1 if key_line == last_line else 1
        last_line = key_line
        tokens.append(_Token(key.strip(), value.strip("\r\n"), key_line, in_line))
        line += value.count("\n")
    return tokens


# ---- reading ----------------------------------------------------------------------------------

@dataclass(slots=True)
class _Header:
    """What a file says for all its boards: the vugraph header, results, current players."""

    vugraph: str | None = None
    results: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    @property
    def first_board(self) -> int | None:
        parts = (self.vugraph or "").split(",")
        return int(parts[3]) if len(parts) > 3 and parts[3].strip().isdigit() else None

    def tags(self) -> dict[str, str]:
        if self.vugraph is None:
            return {}
        parts = [part.strip() for part in self.vugraph.split(",")]
        tags = {"BBOVugraph": self.vugraph}
        for index, name in ((0, "Event"), (1, "Stage"), (5, "HomeTeam"), (7, "VisitTeam")):
            if len(parts) > index and parts[index]:
                tags[name] = parts[index]
        if len(parts) > 2 and parts[2]:
            tags["Scoring"] = _SCORING.get(parts[2].upper(), parts[2])
        return tags


def read_lin_file(path: str | Path) -> list[BoardRecord]:
    """Read a LIN file (UTF-8, else Windows-1252); LinError if it cannot be opened."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise LinError(_("{file}: cannot read the file: {reason}").format(
            file=path, reason=error.strerror or error)) from None
    return read_lin(decode_text(data), str(path))


def read_lin(text: str, filename: str = "") -> list[BoardRecord]:
    """Every board (one record per table) of a LIN text."""
    try:
        check_lines(text)
    except LineTooLong as error:  # refused before reading: such a line would take gigabytes
        where = f"{filename}:{error.line}" if filename else str(error.line)
        raise LinError(f"{where}: {error}") from None
    tokens = _tokens(text)
    if not any(token.key.lower() in _LIN_KEYS for token in tokens):
        message = _("not a LIN file: no md, mb, pc, pn, qx or vg key found")
        raise LinError(f"{filename}: {message}" if filename else message)
    header = _Header()
    records: list[BoardRecord] = []
    builder: _BoardBuilder | None = None
    for token in tokens:
        key = token.key.lower()
        if key == "vg":
            header.vugraph = token.value
        elif key == "rs":
            header.results = token.value.split(",")
        else:
            if builder is None or builder.ends_before(key):
                if builder is not None:
                    records.append(builder.finish())
                builder = _BoardBuilder(header, token.line)
            builder.take(token, key)
    if builder is not None:
        records.append(builder.finish())
    _apply_results(records, header)
    return records


class _BoardBuilder:
    """Reads the tokens of one board into a BoardRecord."""

    def __init__(self, header: _Header, line: int) -> None:
        self.header = header
        self.record = BoardRecord(line=line)
        self.keys: set[str] = set()
        self.room: str | None = None
        self.qx_board: int | None = None
        self.cards: list[tuple[_Token, Card]] = []
        self.calls_broken = False
        self.cards_broken = False

    def problem(self, kind: str, token: _Token, message: str) -> None:
        self.record.problem(kind, f"{token}: {message}")

    def ends_before(self, key: str) -> bool:
        """Whether ``key`` starts the next board: a board-opening key once this board has its
        deal, and either has that key already or has calls or cards (so "md|...|pn|..." is one
        board)."""
        return (key in _BOARD_START and "md" in self.keys
                and (key in self.keys or not self.keys.isdisjoint(("mb", "pc", "mc"))))

    def take(self, token: _Token, key: str) -> None:
        self.keys.add(key)
        reader = getattr(self, f"_read_{key}", None)
        if reader is not None:
            reader(token)
        elif not _KEY_RE.match(token.key):
            self.problem("format", token, _("not a LIN key (two letters)"))

    # one method per key read; every other key is skipped
    def _read_pn(self, token: _Token) -> None:
        self.header.names = token.value.split(",")

    def _read_qx(self, token: _Token) -> None:
        match = _QX_RE.match(token.value)
        if match is None:
            self.problem("format", token, _("a room is o or c and a board number, e.g. o12"))
            return
        self.room = _ROOMS[match.group(1).lower()]
        self.qx_board = int(match.group(2))

    def _read_md(self, token: _Token) -> None:
        value = token.value.strip()
        if value and value[0] in "1234":
            self.record.dealer = LIN_SEATS[int(value[0]) - 1]
            value = value[1:]
        if not value.strip(" ,"):
            return  # the dealer alone: no hand known
        try:
            hands = _parse_hands(value)
        except BridgeError as error:
            self.problem("deal", token, str(error))
            return
        if isinstance(hands, Deal):
            self.record.deal = hands
        else:
            self.record.partial_deal = hands

    def _read_nt(self, token: _Token) -> None:
        self.record.commentary.append(token.value)

    def _read_ah(self, token: _Token) -> None:
        match = _BOARD_RE.match(token.value)
        if match is not None:
            self.record.board = int(match.group(1))
        else:
            self.record.tags["BBOTitle"] = token.value

    def _read_sv(self, token: _Token) -> None:
        try:
            self.record.vulnerability = Vulnerability.parse(token.value)
        except BridgeError:
            self.problem("format", token, _("vulnerability is o, n, e or b"))

    def _read_mb(self, token: _Token) -> None:
        if self.calls_broken:
            return
        text = token.value.strip()
        alerted = text.endswith("!")
        try:
            call = Call.parse(text.rstrip("!"))
        except BridgeError:
            self.problem("auction", token, _("not a call; the rest of the auction is not read"))
            self.calls_broken = True
            return
        self.record.calls.append(call)
        if alerted:
            self.record.call_notes.setdefault(len(self.record.calls) - 1, "")

    def _read_an(self, token: _Token) -> None:
        if not self.record.calls:
            self.problem("format", token, _("an explanation before any call"))
            return
        self.record.call_notes[len(self.record.calls) - 1] = token.value

    def _read_pc(self, token: _Token) -> None:
        if self.cards_broken:
            return
        try:
            card = _CARD_NAMED.get(token.value.strip().upper()) or Card.parse(token.value)
            self.cards.append((token, card))
        except BridgeError:
            self.problem("play", token, _("not a card; the rest of the play is not read"))
            self.cards_broken = True

    def _read_mc(self, token: _Token) -> None:
        value = token.value.strip()
        if not value.isdigit() or int(value) > 13:
            self.problem("play", token, _("a claim gives declarer's total tricks, 0 to 13"))
            return
        self.record.claimed = True
        self.record.result = int(value)

    # ---- the record ---------------------------------------------------------------------------
    def finish(self) -> BoardRecord:
        record = self.record
        names = self.header.names
        if names:
            offset = 4 if self.room == "Closed" and len(names) >= 8 else 0
            for i, tag in enumerate(_NAME_TAGS):
                record.tags[tag] = names[offset + i] if offset + i < len(names) else ""
        record.tags.update(self.header.tags())
        if self.room is not None:
            record.tags["Room"] = self.room
        if record.board is None:
            record.board = self.qx_board
        self._read_auction()
        self._place_cards()
        return record

    def _read_auction(self) -> None:
        record = self.record
        if not record.calls or record.dealer is None:
            return
        record.auction_first = record.dealer
        auction = _legal_part(record.dealer, record.calls)
        record.auction_ended = auction.is_complete
        record.passed_out = auction.is_passed_out
        record.contract, record.declarer = auction.contract, auction.declarer

    def _place_cards(self) -> None:
        record = self.record
        if not self.cards:
            return
        if record.contract is None or record.declarer is None:
            self.problem("play", self.cards[0][0], ngettext(
                "{n} card played, but without a contract from the auction it cannot be placed in a trick",
                "{n} cards played, but without a contract from the auction they cannot be placed in tricks",
                len(self.cards)).format(n=len(self.cards)))
            return
        record.tricks = _tricks_by_seat([card for _, card in self.cards], record.declarer.lho,
                                        record.contract.strain.trump)
        record.opening_leader = record.declarer.lho
        if len(self.cards) > 52:
            self.problem("play", self.cards[52][0], _("more than 52 cards played"))
        if not record.claimed and len(self.cards) >= 52:
            record.result = _declarer_tricks(record.tricks[:13], record.declarer,
                                             record.contract.strain.trump)


def _legal_part(dealer: Seat, calls: list[Call]) -> Auction:
    """The auction up to its first illegal call (`check` says why; a complete auction before
    it still gives the contract)."""
    auction = Auction(dealer)
    for call in calls:
        try:
            auction.add(call)
        except BridgeError:
            break
    return auction


def _parse_hands(text: str) -> Deal | KnownHands:
    """The md hands (S, W, N, E): with one empty or absent it is the rest of the pack; with two
    or more, the deal is partial (the known hands only)."""
    parts = text.split(",")
    if len(parts) > 4:
        raise BridgeError(_("{n} hands, a deal has four").format(n=len(parts)))
    hands = {seat: _parse_hand(part) for seat, part in zip(LIN_SEATS, parts, strict=False)
             if part.strip()}
    return known_hands(hands)


def _parse_hand(text: str) -> Hand:
    """One md hand: suit letters each followed by their ranks, e.g. "SAKHQJ2D32CT98765"."""
    cards: list[Card] = []
    suit: Suit | None = None
    for char in text.strip().upper().replace("10", "T"):
        if char in _SUIT_LETTERS:
            suit = _SUIT_LETTERS[char]
        elif suit is None:
            raise BridgeError(_("hand {hand} has a rank before any suit letter").format(hand=repr(text)))
        elif char not in _RANK_LETTERS:
            raise BridgeError(_("hand {hand}: {char} is not a rank").format(hand=repr(text), char=repr(char)))
        else:
            cards.append(DECK[suit * 13 + _RANK_LETTERS[char] - 2])  # DECK's own instance
    if len(set(cards)) != len(cards):
        raise BridgeError(_("a card appears twice in the hand {hand}").format(hand=repr(text)))
    return Hand.of(cards)


def _tricks_by_seat(cards: list[Card], leader: Seat, trump: Suit | None) -> list[dict[Seat, Card]]:
    """Cards in the order played, four to a trick, by seat: each trick's winner leads the next."""
    tricks: list[dict[Seat, Card]] = []
    for start in range(0, len(cards), 4):
        played = cards[start:start + 4]
        tricks.append({leader.after(i): card for i, card in enumerate(played)})
        if len(played) == 4:
            leader = trick_winner(leader, played, trump)
    return tricks


def _in_play_order(tricks: list[dict[Seat, Card]], leader: Seat,
                   trump: Suit | None) -> Iterator[tuple[Seat, list[Card]]]:
    """Each trick's leader and cards from the leader on, until a seat without a card."""
    for trick in tricks:
        played: list[Card] = []
        for step in range(4):
            card = trick.get(leader.after(step))
            if card is None:
                break
            played.append(card)
        yield leader, played
        if len(played) < 4:
            return
        leader = trick_winner(leader, played, trump)


def _declarer_tricks(tricks: list[dict[Seat, Card]], declarer: Seat, trump: Suit | None) -> int:
    return sum(trick_winner(leader, played, trump).side is declarer.side
               for leader, played in _in_play_order(tricks, declarer.lho, trump)
               if len(played) == 4)


def _rs_index(record: BoardRecord, position: int, first_board: int | None) -> int:
    """The entry of the ``rs`` list for a table: by board and room in a vugraph, else in order."""
    room = record.tags.get("Room")
    if first_board is not None and record.board is not None and room in ("Open", "Closed"):
        return (record.board - first_board) * 2 + (room == "Closed")
    return position


def _apply_results(records: list[BoardRecord], header: _Header) -> None:
    """Contract, declarer and result from ``rs`` for tables whose record does not give them."""
    for position, record in enumerate(records):
        index = _rs_index(record, position, header.first_board)
        if not 0 <= index < len(header.results) or not header.results[index].strip():
            continue
        entry = header.results[index].strip()
        parsed = _parse_result(entry)
        if parsed is None:
            record.problem("format", _("rs entry {number} ({entry}) is not a result like 4SE=").format(
                number=index + 1, entry=repr(entry)))
            continue
        contract, declarer, tricks = parsed
        if contract is None:
            if record.contract is None and not record.calls:
                record.passed_out = True
            continue
        if record.contract is None and not record.passed_out:
            record.contract, record.declarer = contract, declarer
        elif (record.contract, record.declarer) != (contract, declarer):
            record.problem("contract", _rs_disagrees(index, contract, declarer, record))
            continue
        if record.result is None:
            record.result = tricks
        elif record.result != tricks:
            record.problem("result", _("rs entry {number} says {tricks} tricks, but the play gives "
                                       "{result}").format(number=index + 1, tricks=tricks,
                                                          result=record.result))


def _rs_disagrees(index: int, contract: Contract, declarer: Seat | None, record: BoardRecord) -> str:
    """What an ``rs`` entry says against the contract the record has (from its auction)."""
    said = {"number": index + 1, "contract": notation.call(str(contract)),
            "declarer": notation.seat(str(declarer))}
    if record.contract is None:
        return _("rs entry {number} says {contract} by {declarer}, but the auction was passed out").format(
            **said)
    return _("rs entry {number} says {contract} by {declarer}, but the auction ends in {ends} by "
             "{ends_by}").format(ends=notation.call(str(record.contract)),
                                 ends_by=notation.seat(str(record.declarer)), **said)


def _parse_result(entry: str) -> tuple[Contract | None, Seat | None, int | None] | None:
    """"4SE-1" -> (4S, E, 9); "P" (passed out) -> (None, None, None); None if unreadable."""
    if entry.upper() in ("P", "PASS"):
        return None, None, None
    match = _RS_RE.match(entry)
    if match is None:
        return None
    level, strain, seat, doubles, outcome = match.groups()
    contract = Contract.parse(f"{level}{strain}{doubles}")
    tricks = contract.tricks_needed + (int(outcome) if outcome[1:] else 0)
    if not 0 <= tricks <= 13:
        return None
    return contract, Seat.parse(seat), tricks


# ---- writing ----------------------------------------------------------------------------------

def write_lin(records: Iterable[BoardRecord]) -> str:
    """LIN text, one board per line (BBO handviewer style), after a vg and rs header if needed.

    LIN says less than a record can: the auction starts with the dealer and decides contract
    and declarer (a record that disagrees is written as it is, with an ``rs`` entry giving its
    own contract, so the reader reports the difference); cards are in the order played, so a
    play is written only with a contract and declarer, from declarer's left-hand opponent.
    """
    records = list(records)
    lines: list[str] = []
    vugraph = next((r.tags["BBOVugraph"] for r in records if "BBOVugraph" in r.tags), None)
    if vugraph is not None:
        lines.append(_pairs([("vg", vugraph)]))
    results = _results_line(records, vugraph)
    if results:
        lines.append(results)
    lines.extend(_pairs(_board_pairs(record)) for record in records)
    return "".join(line + "\n" for line in lines)


def _pairs(pairs: Iterable[tuple[str, str]]) -> str:
    return "".join(f"{key}|{value.replace('|', '/')}|" for key, value in pairs)


def _results_line(records: list[BoardRecord], vugraph: str | None) -> str:
    """An ``rs`` line when a vugraph has one, or when a result would otherwise be lost."""
    lost = any((r.result is not None and not r.claimed and _play_cards(r) < 52)
               or (r.passed_out and not r.calls) or _auction_disagrees(r) for r in records)
    if vugraph is None and not lost:
        return ""
    first_board = _Header(vugraph).first_board
    entries: dict[int, str] = {}
    for position, record in enumerate(records):
        entries[_rs_index(record, position, first_board)] = _result_entry(record)
    size = max(entries) + 1 if entries else 0
    return _pairs([("rs", ",".join(entries.get(i, "") for i in range(size)))])


def _auction_disagrees(record: BoardRecord) -> bool:
    """The record's contract or declarer is not what its auction, read from the dealer, gives."""
    if not record.calls or record.dealer is None:
        return False
    auction = _legal_part(record.dealer, record.calls)
    if not auction.is_complete:
        return False
    return (auction.contract, auction.declarer) != (record.contract, record.declarer)


def _play_cards(record: BoardRecord) -> int:
    return sum(len(trick) for trick in record.tricks)


def _result_entry(record: BoardRecord) -> str:
    if record.passed_out:
        return "P"
    contract, declarer, result = record.contract, record.declarer, record.result
    if contract is None or declarer is None or result is None:
        return ""
    strain = "N" if contract.strain.trump is None else str(contract.strain)
    difference = result - contract.tricks_needed
    outcome = "=" if difference == 0 else f"{difference:+d}"
    return f"{contract.level}{strain}{declarer}{'x' * contract.risk}{outcome}"


def _board_pairs(record: BoardRecord) -> list[tuple[str, str]]:
    tags = record.tags
    pairs: list[tuple[str, str]] = []
    room = {"Open": "o", "Closed": "c"}.get(tags.get("Room", ""))
    if room is not None and record.board is not None:
        pairs.append(("qx", f"{room}{record.board}"))
    if any(tag in tags for tag in _NAME_TAGS):
        pairs.append(("pn", ",".join(tags.get(tag, "").replace(",", " ") for tag in _NAME_TAGS)))
    pairs.append(("st", ""))
    dealer = "" if record.dealer is None else str(LIN_SEATS.index(record.dealer) + 1)
    known = record.deal.hands if record.deal is not None else record.partial_deal
    hands = "" if known is None else ",".join(_hand_text(known[seat]) for seat in LIN_SEATS)
    pairs += [("md", dealer + hands), ("rh", "")]
    if "BBOTitle" in tags:
        pairs.append(("ah", tags["BBOTitle"]))
    elif record.board is not None:
        pairs.append(("ah", f"Board {record.board}"))
    if record.vulnerability is not None:
        pairs.append(("sv", _VUL_LETTERS[record.vulnerability]))
    for index, call in enumerate(record.calls):
        note = record.call_notes.get(index)
        pairs.append(("mb", _call_text(call) + ("" if note is None else "!")))
        if note:
            pairs.append(("an", note))
    if record.calls:
        pairs.append(("pg", ""))
    pairs += _play_pairs(record)
    if record.claimed and record.result is not None:
        pairs.append(("mc", str(record.result)))
    pairs += [("nt", text) for text in record.commentary]
    return pairs


def _play_pairs(record: BoardRecord) -> list[tuple[str, str]]:
    contract, declarer = record.contract, record.declarer
    if (contract is None or declarer is None) and record.calls and record.dealer is not None:
        auction = _legal_part(record.dealer, record.calls)
        contract, declarer = auction.contract, auction.declarer
    if not record.tricks or contract is None or declarer is None:
        return []
    leader = record.opening_leader or declarer.lho
    pairs: list[tuple[str, str]] = []
    for _, played in _in_play_order(record.tricks, leader, contract.strain.trump):
        pairs += [("pc", str(card)) for card in played]
        if len(played) == 4:
            pairs.append(("pg", ""))
    return pairs


def _hand_text(hand: Hand | None) -> str:
    """An md hand; "" for an unknown one."""
    if hand is None:
        return ""
    return "".join(suit.letter + "".join(card.rank.letter for card in hand.suit(suit))
                   for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))


def _call_text(call: Call) -> str:
    if call.kind is CallKind.BID:
        assert call.strain is not None
        return f"{call.level}{'N' if call.strain.trump is None else call.strain}"
    return {CallKind.PASS: "p", CallKind.DOUBLE: "d", CallKind.REDOUBLE: "r"}[call.kind]
