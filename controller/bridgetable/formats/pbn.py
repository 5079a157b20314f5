"""PBN 2.1 (Portable Bridge Notation): read files into BoardRecords, and write them back.

The reader follows the standard (www.tistis.nl/pbn, version 2.1) and is tolerant of what real
files do: it reads everything it can and puts what it could not read in ``record.problems``
with the line number. Only a file that is not PBN at all raises PbnError.

Choices where the standard leaves room or real files break it:
* A game ends at an empty line. Tags may span lines and share a line; "[Event Random Deal #]"
  without quotes is read (and reported). A repeated tag is ignored, as the standard says.
* "#" copies the value of the previous game's tag; "##value" sets a value that later games get
  too when they lack the tag (until a game gives it without "##"). ``record.tags`` holds the
  values after this inheritance. A table record that has an Auction, Play, Contract or Result
  but neither Board, Dealer, Vulnerable nor Deal takes them (and Event, Date...) from the game
  before it: rpbridge.net files write the second table of a board that way.
* Auction: leading "-" (no call) moves the first caller on, a later "-" is a turn lost to a call
  out of rotation (``skipped``, Law 29A); "AP" passes out the rest;
  "*" and "+" end the section; "=n=" notes, "$n" NAGs, "!"/"?" annotations and "^" irregularity
  marks are read past (notes into ``call_notes``). Play: one trick per four card columns, in the
  order of the players from the opening leader; "-" for a card not played; "*" is a claim.
* Sections of other tags (OptimumResultTable, ScoreTable...) are kept raw in ``sections``.
* Commentary ({...} and ;...) inside a game is kept in ``commentary``; "%" lines are not kept.
* "P" for Pass and "1N" for 1NT are read with a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import repeat
from os import PathLike
from pathlib import Path
from typing import Any, cast

from ..bridge import PASS, Call, Card, ParseError, Seat
from ..i18n import FILES, N_
from .gcpause import gc_paused
from .pbn_tags import (
    DATE_TAGS,
    UNKNOWN,
    auction_complete,
    read_typed_tags,
    trailing_passes,
    untyped_problems,
)
from .pbn_write import write_pbn
from .record import BoardRecord, at_line
from .text import LineTooLong, check_lines, decode_text

_ = FILES.gettext

__all__ = ["PbnError", "read_pbn", "read_pbn_file", "write_pbn"]


class PbnError(ValueError):
    """A file that cannot be read as PBN at all."""

    def __init__(self, message: str, filename: str = "", line: int = 0) -> None:
        self.message = message
        self.filename = filename
        self.line = line
        where = ":".join(part for part in (filename, str(line) if line else "") if part)
        super().__init__(f"{where}: {message}" if where else message)


_TOKEN = re.compile(r"""
    [ \t\f\v]*                        # white space before a token is skipped with it
    (?:(?P<nl>\n)
    |(?P<pct>(?<![^\n])%[^\n]*)       # "%" in the first column: a directive or an escaped line
    |(?P<semi>;[^\n]*)
    |(?P<brace>\{[^}]*\}?)
    |(?P<lbr>\[)
    |(?P<rbr>\])
    |(?P<str>"(?:[^"\\\n]|\\.)*"?)
    |(?P<word>[^\s\[\]{};"]+)
    |(?P<ws>[ \t\f\v]+$))             # white space at the very end
""", re.VERBOSE)
# The common lines, read whole (``_Reader.read``): a line that is one [Tag "value"] (no escapes),
# and a line of plain tokens (no brackets, braces, quotes or ";", no "%" in the first column).
_TAG_LINE = re.compile(r'\[([^\s\[\]{};"]+) "([^"\\\n]*)"\]\n')
_PLAIN_LINE = re.compile(r"(?!%)[\t !#-:<-Z\\^-z|~]*\n")
# A game of whole tag lines and plain lines (see ``_PLAIN_LINE``), and the empty line after it.
_PLAIN_GAME = re.compile(r'(?:\[[^\s\[\]{};"]+ "[^"\\\n]*"\]\n'  # a whole tag line, or
                         r'|(?!%)[\t ]*[!#-:<-Z\\^-z|~][\t !#-:<-Z\\^-z|~]*\n)*')  # a plain line
_GAME_END = re.compile(r"\n[ \t\f\v]*\n")
_NOTE_REF = re.compile(r"^=(\d+)=$")
_NOTE_TAG = re.compile(r"^\s*(\d+)\s*:(.*)$", re.DOTALL)
_ANNOTATION = re.compile(r"[!?]+$")
# A table record lacking all of these takes them from the game before it (see the module doc).
_BOARD_TAGS = ("Board", "Dealer", "Vulnerable", "Deal")
_TABLE_TAGS = ("Auction", "Play", "Contract", "Result")
_SHARED_TAGS = ("Event", "Site", "Date", "Stage", "Round", "HomeTeam", "VisitTeam", "Scoring",
                *_BOARD_TAGS)

_MAX_LINE = 255  # characters in a line (PBN 2.3)
_MAX_NOTE = 32
_SUFFIXES = ("!", "?", "!!", "??", "!?", "?!")
_CARD_NAGS = (*range(7, 13), 14)  # NAGs about a card (3.7); those about a call are 1-6 and 13
_CALL_NAGS = (*range(1, 7), 13)

_SEATS_FROM = tuple(tuple(seat.after(column) for column in range(4)) for seat in Seat)  # by leader
_CALLS: dict[str, Call | None] = {}
_COMMON_SPELLINGS: set[str] = set()  # call tokens that are not PBN's own spelling ("1N", "P")
_PLAIN_CALLS: dict[str, Call] = {}  # call tokens in PBN's own spelling, without annotations
_CARDS: dict[str, Card | None] = {}


def _call(text: str) -> Call | None:
    """The call a token names ("1NT", "1N", "pass", "X!" with its annotation), cached."""
    if text not in _CALLS:
        key = _ANNOTATION.sub("", text).upper()
        is_call = key in ("PASS", "P", "X", "XX") or re.fullmatch(r"[1-7](C|D|H|S|NT|N)", key)
        _CALLS[text] = call = Call.parse(key) if is_call else None
        if call is not None and key != str(call).upper():
            _COMMON_SPELLINGS.add(text)
        elif call is not None and key == text.upper():
            _PLAIN_CALLS[text] = call
    return _CALLS[text]


def _card(text: str) -> Card | None:
    """The card a token names ("SA", "cq", "H10", "DK?" with its annotation), cached."""
    if text not in _CARDS:
        key = _ANNOTATION.sub("", text)
        try:
            card: Card | None = Card.parse(key) if key[:1].upper() in "SHDC" else None
        except ParseError:
            card = None
        _CARDS[text] = card
    return _CARDS[text]


def _unescape(quoted: str) -> str:
    body = quoted[1:-1] if len(quoted) > 1 and quoted.endswith('"') else quoted[1:]
    # only \" and \\ are escapes (PBN 3.3.2): "Table\2R" in a table's header stays as it is
    return re.sub(r'\\([\\"])', r"\1", body) if "\\" in body else body


@dataclass
class _Game:
    """What the lexer collected for one game, before it is interpreted."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)  # name -> value, as read
    tag_lines: dict[str, int] = field(default_factory=dict)  # name -> line
    notes: dict[str, dict[int, str]] = field(default_factory=dict)  # Auction/Play -> number -> text
    tokens: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # Auction/Play data
    # Auction/Play data of a game read whole (``_Reader._whole_game``): its lines, as they are,
    # from the line after the tag; split into ``tokens`` only when the shortcuts cannot read it.
    data: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    commentary: list[str] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def problem(self, kind: str, line: int, message: str) -> None:
        self.problems.append((kind, at_line(line, message)))

    def words(self, name: str) -> list[str]:
        """The tokens of the Auction or Play section ``name``."""
        data = self.data.get(name)
        return data.split() if data else [token for token, _ in self.tokens[name]]

    def section_tokens(self, name: str) -> list[tuple[str, int]]:
        """The tokens of the Auction or Play section ``name``, each with its line."""
        data = self.data.get(name)
        if not data:
            return self.tokens[name]
        return [(token, number) for number, text in enumerate(data.split("\n"), self.tag_lines[name] + 1)
                for token in text.split()]

    def line_of(self, name: str) -> int:
        """The line of a tag of the game; the game's first line for one it inherited."""
        return self.tag_lines.get(name, self.line)


class _Reader:
    """Splits the text into games (lexing) and turns each game into a BoardRecord."""

    def __init__(self, text: str, filename: str, fast: bool) -> None:
        self.text = text
        self.filename = filename
        self.fast = fast  # read the usual games and lines in one step (else token by token)
        self.records: list[BoardRecord] = []
        self.last_values: dict[str, str] = {}  # tag -> value in the latest game that had it
        self.persistent: dict[str, str] = {}  # tags set with "##"
        self.seen_tag = False
        self.first_text: tuple[int, str] | None = None
        self.pending: list[tuple[str, str]] = []  # problems found before the game they belong to
        self.comments: list[str] = []  # commentary on the lines just before a game's first tag

    # ---- lexing -------------------------------------------------------------------------
    def read(self) -> list[BoardRecord]:
        text = self.text
        line = 1
        blank = True  # nothing but white space on the current line so far
        game: _Game | None = None
        tag: list[str | int] | None = None  # [name or "", line], then value parts
        unquoted = False
        section = ""  # the tag whose section the data tokens belong to
        section_start = 0
        last_data_line = 0
        line_start = pos = 0
        while True:
            if self.fast and game is None and pos == line_start and not (self.pending or self.comments):
                whole_game = self._whole_game(pos, line)  # a plain game in one step
                if whole_game is not None:
                    pos, line = whole_game
                    line_start = pos
                    continue
            if self.fast and pos == line_start and tag is None:
                # The common lines in one step; anything else goes token by token below.
                whole = _TAG_LINE.match(text, pos)
                if whole is not None and whole.end() - pos <= _MAX_LINE + 1:
                    if game is None or self.pending:
                        game = self._game(game, line)
                    section = self._tag(game, whole.group(1), whole.group(2), line)
                    section_start = whole.end() - 1
                    pos = line_start = whole.end()
                    line += 1
                    continue
                plain = _PLAIN_LINE.match(text, pos) if section and game is not None else None
                tokens = plain.group().split() if plain is not None else []
                if plain is not None and tokens and plain.end() - pos <= _MAX_LINE + 1:
                    if game is None or self.pending:
                        game = self._game(game, line)
                    if section in ("Auction", "Play"):
                        game.tokens[section].extend(zip(tokens, repeat(line)))
                    elif section != "-":
                        game.sections.setdefault(section, []).append(plain.group().strip())
                        last_data_line = line
                    pos = line_start = plain.end()
                    line += 1
                    continue
            match = _TOKEN.search(text, pos)
            if match is None:
                break
            pos = match.end()
            kind = str(match.lastgroup)  # every alternative of _TOKEN is a named group
            token = match.group(kind)
            if kind == "nl":
                if match.start(kind) - line_start > _MAX_LINE:
                    self.pending.append(("format", at_line(line, _("longer than {limit} characters").format(
                        limit=_MAX_LINE))))
                line_start = match.end()
                if blank and game is not None:
                    self._end_game(game, tag, line)
                    game, tag, section = None, None, ""
                elif blank:
                    self.comments = []
                line += 1
                blank = True
                continue
            if kind == "ws":
                continue
            blank = False
            if kind == "pct":
                continue
            if kind == "semi":
                (game.commentary if game is not None else self.comments).append(token[1:])
                continue
            if kind == "brace":
                closed = token.endswith("}")
                (game.commentary if game is not None else self.comments).append(
                    token[1:-1] if closed else token[1:])
                if not closed:
                    game = game or self._game(None, line)
                    game.problem("format", line, _("a {comment} is never closed"))
                if "\n" in token:
                    line += token.count("\n")
                    line_start = text.rfind("\n", 0, match.end()) + 1
                continue
            if game is None:
                section = ""
            game = self._game(game, line)
            if kind == "lbr":
                if tag is not None:
                    game.problem("format", int(tag[1]),
                                 _("tag [{tag} is not closed with ]").format(tag=tag[0]))
                tag, unquoted, section = ["", line], False, ""
                continue
            if tag is not None:
                if kind == "rbr":
                    section = self._end_tag(game, tag, unquoted, line)
                    section_start = match.end()
                    tag = None
                elif kind == "word" and not tag[0]:
                    tag[0] = token
                elif not tag[0]:
                    game.problem("format", line, _("tag name expected after [, found {token}").format(
                        token=token))
                    tag = None
                elif kind == "str" and len(tag) == 2:
                    if not token.endswith('"') or len(token) < 2:
                        game.problem("format", line, _("the value of tag {tag} has no closing quote").format(
                            tag=tag[0]))
                    tag.append(_unescape(token))
                else:
                    unquoted = True
                    tag.append(token)
                continue
            if kind == "rbr":
                game.problem("format", line, _("] without a tag"))
            elif section == "-":
                continue  # the section of a repeated tag, ignored with it
            elif section in ("Auction", "Play"):
                game.tokens[section].append((token, line))
            elif section:
                if line != last_data_line:
                    start = max(text.rfind("\n", 0, match.start(kind)) + 1, section_start)
                    end = text.find("\n", match.start(kind))
                    game.sections.setdefault(section, []).append(
                        text[start:end if end >= 0 else len(text)].strip())
                    last_data_line = line
            else:
                if self.first_text is None:
                    self.first_text = (line, token)
                game.problem("format", line, _("{token} is outside any tag or section").format(
                    token=repr(token)))
        if game is not None:
            self._end_game(game, tag, line)
        if self.pending and self.records:
            for kind, message in self.pending:
                self.records[-1].problem(kind, message)
        if not self.seen_tag and self.first_text is not None:
            first_line, first_token = self.first_text
            raise PbnError(_("not a PBN file: no [tag] found, and the text starts with {token}").format(
                token=repr(first_token)), self.filename, first_line)
        return self.records

    def _whole_game(self, pos: int, line: int) -> tuple[int, int] | None:
        """A game of whole tag lines and plain data lines (the export format, as programs write
        it), read from ``pos`` to its empty line: returns where the next line starts and its
        number, or None when the game needs the token-by-token reading."""
        text = self.text
        if not text.startswith("[", pos):
            return None
        gap = _GAME_END.search(text, pos)
        end = gap.start() + 1 if gap is not None else len(text)
        block = text[pos:end]
        if not block.endswith("\n") or _PLAIN_GAME.fullmatch(block) is None:
            return None
        game = _Game(line)
        number = line
        # A tag line and the data lines after it, at a time: only tag lines start with "[".
        chunks = block[1:-1].split("\n[")
        if max(map(len, chunks)) >= _MAX_LINE and max(map(len, block.split("\n"))) > _MAX_LINE:
            return None  # a line too long (a chunk is one line, or more), which the token reading reports
        for chunk in chunks:
            head, _, data = chunk.partition("\n")
            name, _, value = head[:-2].partition(' "')
            section = self._tag(game, name, value, number)
            number += 1
            if not data:
                continue
            rows = data.split("\n")
            number += len(rows)
            if not section:
                return None  # text outside any section: the token reading says where
            if section in ("Auction", "Play"):
                game.data[section] = data
            elif section != "-":
                game.sections[section] = [row.strip() for row in rows]
        self._end_game(game, None, number)
        return end, number

    def _game(self, game: _Game | None, line: int) -> _Game:
        """The game a token on ``line`` belongs to (a new one after an empty line), with the
        problems found before it."""
        if game is None:
            game = _Game(line, commentary=self.comments)
            self.comments = []
        if self.pending:
            game.problems += self.pending
            self.pending = []
        return game

    def _end_tag(self, game: _Game, tag: list[str | int], unquoted: bool, line: int) -> str:
        """Store a finished tag; returns the name of the section that may follow it."""
        name, tag_line, values = str(tag[0]), int(tag[1]), [str(v) for v in tag[2:]]
        if not name:
            game.problem("format", tag_line, _("[] without a tag name"))
            return ""
        if not values:
            game.problem("format", tag_line, _("tag {tag} has no value").format(tag=name))
        elif unquoted:
            game.warnings.append(at_line(tag_line, _("the value of tag {tag} is not in quotes").format(
                tag=name)))
        return self._tag(game, name, " ".join(values), tag_line)

    def _tag(self, game: _Game, name: str, value: str, tag_line: int) -> str:
        """Store a tag as read (see ``_end_tag``)."""
        self.seen_tag = True
        if name == "Note":
            self._note(game, value, tag_line)
            return ""
        if name in game.tags:
            game.problem("format", tag_line, _(
                "tag {tag} appears twice in the game; the second is ignored").format(tag=name))
            return "-"  # its section, if any, is ignored too
        game.tags[name] = value
        game.tag_lines[name] = tag_line
        if name in ("Auction", "Play"):
            game.tokens[name] = []
        return name

    def _note(self, game: _Game, value: str, line: int) -> None:
        match = _NOTE_TAG.match(value)
        if match is None:
            game.problem("format", line, _("Note {value} does not start with a number and a colon").format(
                value=repr(value)))
            return
        number = int(match.group(1))
        if not 1 <= number <= _MAX_NOTE:
            game.problem("format", line, _("Note {number} is not numbered 1 to {last}").format(
                number=number, last=_MAX_NOTE))
        if not game.tokens:
            game.problem("format", line, _("a Note before any Auction or Play section"))
        # A note belongs to the Auction or Play section before it.
        section = "Play" if "Play" in game.tokens else "Auction"
        game.notes.setdefault(section, {})[number] = match.group(2).strip()

    # ---- interpreting a game ------------------------------------------------------------
    def _end_game(self, game: _Game, tag: list[str | int] | None, line: int) -> None:
        if tag is not None:
            game.problem("format", int(tag[1]), _(
                "tag [{tag} is not closed with ] before the game ends").format(tag=tag[0]))
        if not game.tags and not game.problems:
            return
        record = BoardRecord(tags=self._inherit(game), sections=game.sections,
                             commentary=game.commentary, line=game.line)
        for kind, message in game.problems:
            record.problem(kind, message)
        record.warnings.extend(game.warnings)
        for name, wrong in untyped_problems(record.tags):
            where = at_line(game.line_of(name), wrong)
            if name in DATE_TAGS:  # a date in another form is still a date: say so, read on
                record.warnings.append(where)
            else:
                record.problem("format", where)
        for error in read_typed_tags(record):
            record.problem(error.kind, at_line(game.line_of(error.tag), str(error)))
        if "Auction" in game.tokens:
            _read_auction(record, game, game.line_of("Auction"), self.fast)
        if "Play" in game.tokens:
            _read_play(record, game, game.line_of("Play"), self.fast)
        self.records.append(record)

    def _inherit(self, game: _Game) -> dict[str, str]:
        """The game's tag values after "#"/"##" inheritance, and the implicit kind (module doc)."""
        names = game.tags.keys()
        implicit = (self.records and names.isdisjoint(_BOARD_TAGS) and not names.isdisjoint(_TABLE_TAGS)
                    and {"Board", "Deal"} <= self.records[-1].tags.keys())
        # "#" anywhere in the values (found in one step) sends the game through the loop below
        if not (implicit or self.persistent or "#" in "".join(game.tags.values())):
            self.last_values.update(game.tags)  # the usual game: nothing to inherit
            return game.tags
        tags: dict[str, str] = {}
        if implicit:
            previous = self.records[-1].tags
            tags.update((name, value) for name, value in previous.items() if name in _SHARED_TAGS)
        for name, value in game.tags.items():
            if value == "#":
                if name not in self.last_values:
                    game.problem("format", game.tag_lines[name],
                                 _('{tag} "#" but no earlier game has a {tag} tag').format(tag=name))
                value = self.last_values.get(name, "")
                self.persistent.pop(name, None)
            elif value.startswith("##"):
                value = value[2:] or self.last_values.get(name, "")
                self.persistent[name] = value
            elif self.persistent:
                self.persistent.pop(name, None)
            tags[name] = value
        for name, value in self.persistent.items():
            tags.setdefault(name, value)
        self.last_values.update(tags)
        return tags


# What ``_Marks`` finds wrong with the annotations of calls and of cards: a message for each, as
# the languages decline the words.
_MARK_PROBLEMS = {
    "call": {"unused": N_("Note {number} is not referred to in the calls"),
             "early": N_("an annotation before any call"),
             "judged twice": N_("a second judgement (suffix or NAG) on one call"),
             "other NAG": N_("{token} is a NAG for a card, not a call"),
             "early note": N_("note ={number}= comes before any call"),
             "noted twice": N_("a second note on one call")},
    "card": {"unused": N_("Note {number} is not referred to in the cards"),
             "early": N_("an annotation before any card"),
             "judged twice": N_("a second judgement (suffix or NAG) on one card"),
             "other NAG": N_("{token} is a NAG for a call, not a card"),
             "early note": N_("note ={number}= comes before any card"),
             "noted twice": N_("a second note on one card")},
}


class _Marks:
    """The annotations after a call or card: one suffix or NAG, and one note at most (3.5-3.7).

    ``read`` takes a token and the call or card before it, and returns False when the token is
    not an annotation.
    """

    def __init__(self, record: BoardRecord, what: str, notes: dict[int, str], into: dict[Any, str]) -> None:
        self.record, self.what, self.notes, self.into = record, what, notes, into
        self.said = _MARK_PROBLEMS[what]
        self.key: object = None  # the call index or (trick index, seat) being annotated
        self.glyphs = self.refs = 0
        self.used: set[int] = set()

    def read(self, token: str, line: int, key: object) -> bool:
        """``key``: the call index or (trick index, seat) of the call or card before the token."""
        if key != self.key:
            self.key, self.glyphs, self.refs = key, 0, 0
        ref = _NOTE_REF.match(token)
        if ref is not None:
            self._note(int(ref.group(1)), line)
        elif token[0] == "$":
            self._nag(token, line)
        elif _ANNOTATION.fullmatch(token):
            if token not in _SUFFIXES:
                self._problem(line, _("{token} is not a suffix annotation").format(token=repr(token)))
            self._quality(line)
        elif token[0] == "=" and token.endswith("="):
            self._problem(line, _("{token} is not a note reference (=1= to ={last}=)").format(
                token=repr(token), last=_MAX_NOTE))
        else:
            return False
        return True

    def unused(self, line: int) -> None:
        for number in sorted(self.notes.keys() - self.used):
            self._problem(line, _(self.said["unused"]).format(number=number))

    def _problem(self, line: int, message: str) -> None:
        self.record.problem("format", at_line(line, message))

    def _quality(self, line: int) -> None:
        """A suffix ("!", "?!"...) or a NAG $1-$12 judging the call or card: one of them at most."""
        self.glyphs += 1
        if self.key is None:
            self._problem(line, _(self.said["early"]))
        elif self.glyphs == 2:
            self._problem(line, _(self.said["judged twice"]))

    def _nag(self, token: str, line: int) -> None:
        if not token[1:].isdigit() or int(token[1:]) > 255:
            self._problem(line, _("{token} is not a NAG ($0 to $255)").format(token=repr(token)))
        elif int(token[1:]) in (_CARD_NAGS if self.what == "call" else _CALL_NAGS):
            self._problem(line, _(self.said["other NAG"]).format(token=token))
        elif 1 <= int(token[1:]) <= 12:
            self._quality(line)

    def _note(self, number: int, line: int) -> None:
        self.refs += 1
        self.used.add(number)
        if self.key is None:
            self._problem(line, _(self.said["early note"]).format(number=number))
        elif self.refs == 2:
            self._problem(line, _(self.said["noted twice"]))
        elif number not in self.notes:
            self._problem(line, _('note ={number}= has no [Note "{number}:..."]').format(number=number))
        else:
            self.into[self.key] = self.notes[number]


def _read_auction(record: BoardRecord, game: _Game, tag_line: int, fast: bool) -> None:
    words = game.words("Auction")
    first = _seat(record, "Auction", tag_line, bool(words))
    plain = list(map(_PLAIN_CALLS.get, words)) if fast else [None]
    # all(): a Call is never false, and ``None in`` would call Call.__eq__ on each of them
    if all(plain) and "Auction" not in game.notes:  # calls alone, in PBN's own spelling
        record.calls = plain  # type: ignore[assignment]
        record.auction_first = first
        record.auction_ended = auction_complete(record.calls)
        return
    tokens = game.section_tokens("Auction")
    marks = _Marks(record, "call", game.notes.get("Auction", {}), record.call_notes)
    calls: list[Call] = []
    skipped_before = 0
    ended = stopped = False
    for token, line in tokens:
        if stopped:
            record.problem("format", at_line(line, _("{token} after the end of the auction").format(
                token=repr(token))))
            break
        call = _call(token)  # first: most tokens are calls, and no call is also an annotation
        if call is not None:
            _add_call(record, marks, calls, call, token, line)
            continue
        if marks.read(token, line, len(calls) - 1 if calls else None):
            continue
        upper = token.upper()
        if upper == "AP":
            needed = 3 - trailing_passes(calls) if any(c != PASS for c in calls) else 4 - len(calls)
            calls.extend([PASS] * max(needed, 0))
            ended = stopped = True
        elif token in ("*", "+"):
            stopped = True
            record.auction_continues = token == "+"
        elif token == "-":  # a turn lost to a call out of rotation (Law 29A), which check replays
            if calls:
                record.skipped.append(len(calls))
            else:
                skipped_before += 1
        elif upper == "^S":
            if calls:
                record.problem("auction", at_line(line, _("a player's turn is skipped ({token}) after call "
                                                          "{number}").format(token=token, number=len(calls))))
            else:
                skipped_before += 1
        elif not token.startswith("^"):  # "^": an irregularity mark, which check finds again
            record.problem("auction", at_line(line, _("{token} is not a call").format(token=repr(token))))
    marks.unused(tokens[-1][1] if tokens else tag_line)
    record.calls = calls
    record.auction_first = first.after(skipped_before) if first is not None else None
    record.auction_ended = ended or auction_complete(calls)


def _add_call(record: BoardRecord, marks: _Marks, calls: list[Call], call: Call, token: str,
              line: int) -> None:
    suffix = _ANNOTATION.search(token) if token[-1] in "!?" else None
    if token in _COMMON_SPELLINGS:
        record.warnings.append(at_line(line, _("{token} is written {call} in PBN").format(
            token=repr(token), call=call)))
    calls.append(call)
    if suffix is not None:
        marks.read(suffix.group(), line, len(calls) - 1)


def _read_play(record: BoardRecord, game: _Game, tag_line: int, fast: bool) -> None:
    words = game.words("Play")
    leader = _seat(record, "Play", tag_line, bool(words))
    if leader is None:
        return
    record.opening_leader = leader
    seats = _SEATS_FROM[leader]
    cards = list(map(_CARDS.get, words)) if fast else [None]
    if all(cards) and "Play" not in game.notes:  # cards alone, four to a trick (all(): see above)
        first, second, third, fourth = seats
        known = cast("list[Card]", cards)
        whole = iter(known)  # four at a time, in the order of the seats from the leader
        record.tricks = [{first: a, second: b, third: c, fourth: d}
                         for a, b, c, d in zip(whole, whole, whole, whole, strict=False)]
        if len(known) % 4:
            record.tricks.append(dict(zip(seats, known[len(known) // 4 * 4:], strict=False)))
        return
    tokens = game.section_tokens("Play")
    marks = _Marks(record, "card", game.notes.get("Play", {}), record.play_notes)
    trick: dict[Seat, Card] = {}
    last: tuple[int, Seat] | None = None  # the card an annotation is on
    column = 0
    to_come = False  # a "+" was read: the rest of the play is to come
    for token, line in tokens:
        if record.claimed:
            record.problem("format", at_line(line, _("{token} after the end of the play (*)").format(
                token=repr(token))))
            break
        # First, from the cache when it can: most tokens are cards, and no card is an annotation.
        card = _CARDS.get(token) or _card(token)
        if card is not None:
            seat = seats[column]
            trick[seat] = card
            last = (len(record.tricks), seat)
        elif marks.read(token, line, last) or token.startswith("^"):
            continue
        elif token == "*":
            record.claimed = True
            continue
        elif token == "+":
            if to_come:
                record.problem("format", at_line(line, _("a second '+' in the play")))
            to_come = True
        elif token != "-":
            record.problem("play", at_line(line, _("{token} is not a card").format(token=repr(token))))
        column += 1
        if column == 4:
            record.tricks.append(trick)
            trick, column = {}, 0
    if trick:
        record.tricks.append(trick)
    marks.unused(tokens[-1][1] if tokens else tag_line)


def _seat(record: BoardRecord, name: str, tag_line: int, has_data: bool) -> Seat | None:
    """The seat of an Auction or Play tag; "" or "?" is no seat, and a problem only with data."""
    value = record.tags[name]
    if value.strip() in UNKNOWN and not has_data:
        return None
    try:
        return Seat.parse(value)
    except ParseError:
        kind = "auction" if name == "Auction" else "play"
        record.problem(kind, at_line(tag_line, _("{tag} {value} does not name the first player").format(
            tag=name, value=repr(value))))
        return None


def read_pbn(text: str, filename: str = "", *, fast: bool = True) -> list[BoardRecord]:
    """Every game of a PBN text as a BoardRecord (problems in ``record.problems``).

    Raises PbnError when the text is not PBN at all (binary, or text without any tag).
    ``fast=False`` reads every game token by token, without the shortcuts for the usual games,
    lines, calls and cards: the same records, slower (the tests' reference, and the bench's
    previous approach).
    """
    text = text.lstrip("\ufeff")
    nul = text.find("\0")
    if nul >= 0:
        raise PbnError(_("not a PBN file: it holds binary data"), filename, text.count("\n", 0, nul) + 1)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        check_lines(text)
    except LineTooLong as error:  # refused before reading: such a line would take gigabytes
        raise PbnError(str(error), filename, error.line or 0) from None
    with gc_paused():
        return _Reader(text, filename, fast).read()


def read_pbn_file(path: str | PathLike[str]) -> list[BoardRecord]:
    """Read a PBN file from disk (see ``read_pbn``); PbnError if it cannot be opened."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise PbnError(_("cannot read the file: {reason}").format(reason=error.strerror), str(path)) from None
    return read_pbn(decode_text(data), str(path))
