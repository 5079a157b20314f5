"""Screens: pure functions from the table's state (a TableView) to a seat's 128x64 1-bit image.

The font is DejaVu Sans Condensed, which draws the suit symbols (Pillow's default font does not);
the package carries its two files (fonts/, with their licence), so no system font is needed.
Text is drawn without anti-aliasing, as the OLED shows it, so a frame is the same pixels wherever
it is rendered with the same Pillow and font.

Every event redraws four frames of mostly the same words, so each piece of text is rendered by
FreeType once (``_rendered``, cached) and then only pasted: the same pixels, a tenth of the time.
The displays are sent only what changed (devices/display.py), so an event should change little:
whose turn it is shows as a "?" where the next call or card goes, not as a line of words.

Every word is the table's language (``i18n.current()``, which the TableService sets to its
``[table] language``), and the calls, cards, seats and vulnerability its notation. Each text
drawn is kept with the box it must stay in (``_Canvas.placed``), so that the tests can check that
every frame of every language fits: a translation too long for its place is shortened there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

from PIL import Image, ImageDraw, ImageFont

from .. import i18n
from ..bridge import Seat, Side
from ..i18n import N_, TABLE, notation
from ..roundtime import minutes_left
from .flow import Phase, TableView
from .moves import Moves

_ = TABLE.gettext
ngettext = TABLE.ngettext
pgettext = TABLE.pgettext

WIDTH, HEIGHT = 128, 64
FONT_DIR = Path(__file__).with_name("fonts")
# the game forms' names on the score sheet's last frame ("Rubber: over")
_GAMES = {"rubber": N_("Rubber bridge"), "chicago": N_("Chicago"), "chicago-duplicate": N_("Chicago"),
          "minibridge": N_("Minibridge"), "two-player": N_("Two-player bridge")}


class Display(Protocol):
    """Where a seat's frames go: an OLED through luma, a PNG file, a terminal."""

    def show(self, image: Image.Image) -> object: ...  # luma's Display says whether it sent it


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
    path = FONT_DIR / name
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: this installation of bridgetable is incomplete")
    return ImageFont.truetype(str(path), size)


Box = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom excluded)


@dataclass(frozen=True, slots=True)
class Placed:
    """A text drawn on a frame: the pixels it covers, and the box it must stay in (the screen, or
    up to the next thing at its right)."""

    text: str
    covers: Box
    box: Box

    @property
    def fits(self) -> bool:
        (left, top, right, bottom), (x0, y0, x1, y1) = self.covers, self.box
        return x0 <= left and y0 <= top and right <= x1 and bottom <= y1


class _Canvas:
    """A 1-bit frame with the few drawing operations the screens need, and a record of where
    each text went (``placed``)."""

    def __init__(self) -> None:
        self.image = Image.new("1", (WIDTH, HEIGHT), 0)
        self.draw = ImageDraw.Draw(self.image)
        self.draw.fontmode = "1"  # no anti-aliasing: one OLED pixel per image pixel
        self.placed: list[Placed] = []

    def text(self, x: int, y: int, text: str, size: int = 10, bold: bool = False,
             anchor: str = "la", fill: int = 1, left: int = 0, right: int = WIDTH) -> None:
        """``text`` at (x, y) as ``anchor`` says, to stay between ``left`` and ``right``."""
        mask, (dx, dy) = _rendered(text, size, bold, anchor)
        ink = mask.getbbox() or (0, 0, 0, 0)
        if anchor[0] == "l":  # a letter reaching left of its place ("Y"): not cut off by the edge
            x = max(x, left - dx - ink[0])
        self.draw.bitmap((x + dx, y + dy), mask, fill=fill)
        covers = (x + dx + ink[0], y + dy + ink[1], x + dx + ink[2], y + dy + ink[3])
        self.placed.append(Placed(text, covers, (left, 0, right, HEIGHT)))

    def bar(self, y: int, height: int, text: str, size: int = 9, fit: bool = False) -> None:
        """An inverted band across the screen (the director banner), or as wide as its text
        (``fit``: a notice, which then costs fewer bytes to send and to clear)."""
        right = WIDTH - 1
        covers = self.draw.multiline_textbbox((2, y), text, font=font(size), spacing=1)
        if fit:
            right = min(right, int(covers[2]) + 2)
        self.draw.rectangle((0, y, right, y + height - 1), fill=1)
        self.draw.multiline_text((2, y), text, fill=0, font=font(size), spacing=1)
        self.placed.append(Placed(text, tuple(int(v) for v in covers), (0, y, WIDTH, y + height)))  # type: ignore[arg-type]


def _width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text) + 0.999)


def _cut(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text``, cut short with "…" where it would not fit in ``width`` pixels (a text the table
    is given: a problem, a claim, a director's reason)."""
    if _width(text, size, bold) <= width:
        return text
    while text and _width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` pixels, broken between words (a word longer than a
    line, within it)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while _width(word, size) > width:  # a word too long for a line: split it
            cut = next(n for n in range(len(word), 0, -1) if _width(word[:n], size) <= width or n == 1)
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:cut])
            word = word[cut:]
        joined = f"{line} {word}" if line else word
        if _width(joined, size) <= width:
            line = joined
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line else lines


@lru_cache(maxsize=4096)
def _rendered(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """A text's pixels as a mask, and where its top left corner lies from the anchor point."""
    face = font(size, bold)
    glyphs, (left, top) = face.getmask2(text, "1", anchor=anchor)
    mask = Image.new("1", glyphs.size, 0)
    draw = ImageDraw.Draw(mask)
    draw.fontmode = "1"
    draw.text((-left, -top), text, fill=1, font=face, anchor=anchor)
    return mask, (left, top)


def render(view: TableView, seat: Seat, moves: Moves | None = None, left: float | None = None) -> Image.Image:
    """The frame ``seat``'s display shows for this state of the table; once the round's boards
    are confirmed, the round's ``moves`` (where the pairs and boards go) when the station gave them;
    ``left``: the seconds left in the round (negative: over), when the station runs a round clock."""
    return compose(view, seat, moves, left).image


def compose(view: TableView, seat: Seat, moves: Moves | None = None, left: float | None = None) -> _Canvas:
    """``render``'s frame, with where each of its texts went."""
    canvas = _Canvas()
    lines = _notice(view)
    if view.phase == Phase.WAITING.value and moves is not None:
        canvas.text(0, 0, _("Round {number} done").format(number=moves.round), size=9, bold=True)
        canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)
        prompt = _body_moves(canvas, moves, seat)
        lines = []  # where to go matters more than "board 8 confirmed" or a key refused
    else:
        _header(canvas, view, left)
        prompt = _BODIES.get(Phase(view.phase), _body_play)(canvas, view, seat)
        match = moves.match() if moves is not None else None
        if view.phase == Phase.START.value and view.sheet is None and match:  # "Team 3 v Team 5"
            canvas.text(WIDTH // 2, 14, _cut(match, 8, WIDTH - 2), size=8, anchor="ma")
    if lines:
        canvas.bar(HEIGHT - 10 * len(lines) - 1, 10 * len(lines) + 1, "\n".join(lines), size=8, fit=True)
    elif prompt:
        canvas.text(0, HEIGHT - 11, prompt, size=9)
    return canvas


def _notice(view: TableView) -> list[str]:
    """The lines of the notice at the foot of the screen, if any: a message (two lines at most),
    or an irregularity, a lead restriction to choose or a disputed claim's analysis (three)."""
    notice = view.message or view.irregularity or view.lead_choice or view.claim_analysis
    if not notice:
        return []
    return _wrap(notice, 8, WIDTH - 4)[: 2 if notice == view.message else 3]


def _big_y(view: TableView) -> int:
    """Where the result's score (and the next board's number) goes: its pixels within two 8-pixel
    pages, so that the change costs few bytes; a little higher above a notice of two lines."""
    return 30 if len(_notice(view)) < 2 else 26


def _header(canvas: _Canvas, view: TableView, left: float | None = None) -> None:
    """The board, its dealer and vulnerability; with a round clock, the time left where the
    dealer was (the auction's grid shows who deals: its first row begins in the dealer's column)."""
    if view.director:
        canvas.bar(0, 11, _cut(_("DIRECTOR {call}").format(call=view.director), 9, WIDTH - 4))
        return
    if view.phase == Phase.DONE.value and view.sheet is not None:
        game = _(_GAMES.get(view.game, N_("Rubber bridge")))
        canvas.text(0, 0, _("{game}: over").format(game=game), size=9, bold=True)
        canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)
        return
    if view.phase in (Phase.WAITING.value, Phase.DONE.value):
        confirmed = ngettext("{count} board confirmed", "{count} boards confirmed", view.boards_done)
        canvas.text(0, 0, confirmed.format(count=view.boards_done), size=9, bold=True)
        canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)
        return
    if view.sheet is None:
        name = pgettext("header", "Board {number}").format(number=view.board)
    else:
        name = pgettext("header", "Deal {number}").format(number=view.deal)
    dealer_x, vulnerable_x = _header_places(i18n.current())
    canvas.text(0, 0, name, size=9, bold=True, right=dealer_x)
    if left is None:
        canvas.text(dealer_x, 0, _dealer(view.dealer), size=9, right=vulnerable_x)
    else:
        canvas.text(dealer_x, 1, clock_text(left), size=8, right=vulnerable_x)
    canvas.text(vulnerable_x, 0, _vulnerability(view.vulnerability), size=9)
    canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)


def clock_text(left: float) -> str:
    """The round clock as the header shows it: "14 min", once over "-2 min" (``roundtime``)."""
    return _("{minutes} min").format(minutes=minutes_left(left))


def _dealer(seat: str) -> str:
    return _("Dlr {seat}").format(seat=notation.seat(seat))


def _vulnerability(name: str) -> str:
    return _("Vul {vulnerability}").format(vulnerability=notation.vulnerability(name))


@cache
def _header_places(language: str) -> tuple[int, int]:
    """Where the header's dealer and vulnerability go in ``language``: at the same places on every
    board, so that the next board changes only the words that differ (English's 56 and 88), and
    further left where the language's longest dealer or vulnerability needs it."""
    vulnerable = max(_width(_vulnerability(name), 9) for name in ("None", "NS", "EW", "All"))
    dealer = max(_width(_dealer(str(seat)), 9) for seat in Seat)
    vulnerable_x = min(88, WIDTH - vulnerable)
    return min(56, vulnerable_x - dealer - 3), vulnerable_x


def _body_start(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    if view.sheet is not None:  # a game form's score sheet between deals
        return _body_sheet(canvas, view, seat)
    # the board's number where the last board's score was, so that few pixels change
    canvas.text(WIDTH // 2, _big_y(view), _("Board {number}").format(number=view.board), size=16, bold=True,
                anchor="ma")
    return _("OK to start")


def _column(index: int) -> tuple[int, int]:
    """Where the ``index``-th of four columns begins, and where the next one does."""
    return index * 32 + 2, WIDTH if index == 3 else index * 32 + 34


def _body_hand_check(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    canvas.text(0, 13, _("Hand check: scan 13 cards"), size=9)
    for i, (who, count) in enumerate(zip(Seat, view.hand_counts, strict=True)):
        canvas.text(i * 32, 25, f"{notation.seat(str(who))}:{count}", bold=(who == seat), right=_column(i)[1])
    if view.problems:
        canvas.text(0, 38, _cut(view.problems[-1], 8, WIDTH), size=8)
    return _("You: {count}/13  UNDO rescan").format(count=view.hand_counts[seat])


def _body_players(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    """A player's federation number, keyed at their seat (``phases.players``); a seat whose player
    is not asked (a new player's number is asked at another) waits."""
    number = view.numbers.get(str(seat), "")
    waits = str(seat) in view.entered and not number
    canvas.text(0, 13, _("A new player's number") if waits else _("Your federation number"), size=9)
    if str(seat) in view.entered:
        shown = _("Guest") if number == "0" else number
        canvas.text(WIDTH // 2, 25, shown, size=13, bold=True, anchor="ma")
        if number != "0" and str(seat) in view.names:  # the station's name, to check
            canvas.text(WIDTH // 2, 41, view.names[str(seat)] or _("not on the member list"), size=9,
                        anchor="ma")
        waiting = 4 - len(view.entered)
        return ngettext("Waiting for {n} player", "Waiting for {n} players", waiting).format(n=waiting)
    canvas.text(WIDTH // 2, 25, number + "_", size=13, bold=True, anchor="ma")
    return _("OK enters; OK alone: guest")


def _body_auction(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    for i, who in enumerate(Seat):
        canvas.text(i * 32 + 2, 12, notation.seat(str(who)), size=9, bold=(who == seat), right=_column(i)[1])
    dealer = Seat.parse(view.dealer)
    callers = view.callers()
    cells = [notation.call(call) + ("!" if i in view.alerts and callers[i].side is not seat.side else "")
             for i, call in enumerate(view.calls)]
    places = _places(dealer, callers)  # each call under its caller, a lost turn left empty (29A)
    if view.stop == str(seat):
        canvas.bar(HEIGHT - 22, 11, _("STOP"))
    if view.turn is not None:
        cells.append(view.pending.get(view.turn, "?") + ("_" if view.turn in view.pending else ""))
        last = places[-1] if places else int(dealer) - 1
        places.append(last + (int(Seat.parse(view.turn)) - last - 1) % 4 + 1)
    rows = (places[-1] + 4) // 4 if places else 0
    first = max(0, rows - 3)  # the last three rows fit
    for place, cell in zip(places, cells, strict=True):
        row, col = divmod(place, 4)
        if row >= first:
            x, right = _column(col)
            canvas.text(x, 22 + (row - first) * 10, cell, right=right)
    return ""  # the "?" in the grid says who calls


def _places(dealer: Seat, callers: list[Seat]) -> list[int]:
    """The place of each call in the auction's grid of four columns (N E S W), row by row from
    the dealer's: the next place in its caller's column."""
    places: list[int] = []
    last = int(dealer) - 1
    for seat in callers:
        last += (int(seat) - last - 1) % 4 + 1
        places.append(last)
    return places


def _contract_line(view: TableView) -> str:
    if view.contract is None:
        return _("Passed out")
    return _("{contract} by {declarer}").format(contract=notation.call(view.contract),
                                                declarer=notation.seat_name(view.declarer or "N"))


# each hand's card in the trick (x, y), and its "?" (y) while it is to play: each within two
# 8-pixel pages of the display, the "?" within one, so that a card or a turn costs few bytes to send
_PLACES = {"N": (64, 13, 14), "E": (86, 25, 30), "S": (64, 38, 38), "W": (42, 25, 30)}


def _corners(canvas: _Canvas, view: TableView, tricks: tuple[int, int]) -> None:
    """The contract and declarer top left, the tricks of NS and EW top right: the same places
    in the play and the result, so the result leaves them as they are on the displays."""
    if view.contract is None:
        canvas.text(0, 12, _("Passed out"), size=9, bold=True)
        return
    # left of North's card and of West's (a ten is the widest), which the play shows beside them
    canvas.text(0, 12, notation.call(view.contract), size=9, bold=True, right=_PLACES["N"][0] - 13)
    canvas.text(0, 22, _("by {declarer}").format(declarer=notation.seat(view.declarer or "N")), size=9,
                right=_PLACES["W"][0] - 13)
    left = _PLACES["E"][0] + 13  # right of East's card
    canvas.text(WIDTH - 1, 12, f"{notation.side('NS')} {tricks[0]}", size=9, anchor="ra", left=left)
    canvas.text(WIDTH - 1, 22, f"{notation.side('EW')} {tricks[1]}", size=9, anchor="ra", left=left)


def _body_play(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    _corners(canvas, view, (view.tricks_ns, view.tricks_ew))
    for who, card in view.trick:
        x, y, _ = _PLACES[who]
        canvas.text(x, y, notation.card(card), size=13, bold=(who == str(seat)), anchor="ma")
    if view.turn is not None and view.turn not in dict(view.trick):  # who plays next: a "?" there
        x, _, y = _PLACES[view.turn]
        canvas.text(x, y, "?", size=9, bold=(view.turn == str(seat)), anchor="ma")
    if view.claim:
        canvas.text(0, 36, _cut(view.claim, 8, 40), size=8, right=40)  # left of West's card
    return ""


def _body_claim(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    """The number being entered sits just below the first line, clear of a two-line notice."""
    if view.phase == Phase.CLAIM_ENTRY.value:  # the claim line would only repeat the number
        canvas.text(0, 13, _contract_line(view), size=9)
        canvas.text(WIDTH // 2, 25, _("Tricks: {number}").format(number=view.entry), size=11, bold=True,
                    anchor="ma")
        return _("1-7 {x}-1 {xx}+1, OK").format(x=notation.call("X"), xx=notation.call("XX"))
    if view.phase == Phase.CLAIM_RULING.value:
        canvas.text(0, 13, _cut(view.claim or "", 9, WIDTH), size=9)
        canvas.text(WIDTH // 2, 25, _("Ruling: {number}").format(number=view.entry), size=11, bold=True,
                    anchor="ma")
        return _("Director: OK rules")
    canvas.text(0, 13, _contract_line(view), size=9)
    canvas.text(0, 24, _cut(view.claim or "", 9, WIDTH), size=9)
    if seat in _deciders(view):
        return _("OK accepts, DIRECTOR")
    return _("{seats} to accept").format(seats=_seats(view.deciders))


def _body_entry(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    phase = Phase(view.phase)
    if phase is Phase.CONTRACT_ENTRY:
        canvas.text(0, 13, _("Contract:"), size=9)
        canvas.text(WIDTH // 2, 26, notation.call(view.entry or ""), size=14, bold=True, anchor="ma")
        return _("OK at declarer's seat")
    canvas.text(0, 13, _contract_line(view), size=9)
    if phase is Phase.LEAD_ENTRY:
        entry = _("Lead: {card}").format(card=_lead(view.entry or ""))
    else:
        entry = _("Tricks: {number}").format(number=view.entry or "")
    canvas.text(WIDTH // 2, 26, entry, size=14, bold=True, anchor="ma")
    if phase is Phase.LEAD_ENTRY:
        return _("suit, rank, OK ({pass_}: none)").format(pass_=notation.call("Pass"))
    return _("{x}-1 {xx}+1, OK").format(x=notation.call("X"), xx=notation.call("XX"))


def _lead(entry: str) -> str:
    """The lead being entered ("♥K", "?Q": no suit yet) with the language's rank letter."""
    suit = next((letter for letter, symbol in notation.SUIT_SYMBOLS.items() if entry.startswith(symbol)), "")
    rank = entry[1:].replace("10", "T")
    return notation.card(suit + rank) if suit else entry[:1] + notation.card("S" + rank)[1:]


def _body_result(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    if view.contract is not None and view.tricks is not None:
        declarer = Seat.parse(view.declarer or "N").side is Side.NS
        made, lost = view.tricks, 13 - view.tricks
        _corners(canvas, view, (made, lost) if declarer else (lost, made))
    else:
        _corners(canvas, view, (0, 0))
    score = view.score_ns or 0
    ns, ew = notation.side("NS"), notation.side("EW")
    text = f"{ns} {score:+d}" if score else f"{ns} 0"
    if view.sheet is not None and view.points is not None:  # a game form: each side's points
        text = f"{ns} {view.points[0]}  {ew} {view.points[1]}"
        if view.honours:
            who, _space, points = view.honours.partition(" ")
            honours = _("honours {seat} {points}").format(seat=notation.seat(who), points=points)
            canvas.text(WIDTH // 2, 43, honours, size=8, anchor="ma")
    canvas.text(WIDTH // 2, _big_y(view), text, size=16 if view.sheet is None else 13, bold=True, anchor="ma")
    if seat in _deciders(view):
        return _("OK confirms, DIRECTOR")
    return _("{seats} to confirm").format(seats=_seats(view.deciders))


def _deciders(view: TableView) -> list[Seat]:
    return [Seat.parse(who) for who in view.deciders]


def _seats(seats: tuple[str, ...]) -> str:
    """"E/W": the seats whose OK is awaited."""
    return "/".join(notation.seat(who) for who in seats)


def _body_waiting(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    canvas.text(WIDTH // 2, 18, _("Waiting for"), size=12, bold=True, anchor="ma")
    canvas.text(WIDTH // 2, 34, _("the next round"), size=12, bold=True, anchor="ma")
    return _("the station assigns the boards")


def _body_moves(canvas: _Canvas, moves: Moves, seat: Seat) -> str:
    """The seat's own pair's move in large type, the other pair's below, the boards' at the foot."""
    own, other = (Side.NS, Side.EW) if seat.side is Side.NS else (Side.EW, Side.NS)
    canvas.text(WIDTH // 2, 13, moves.pair_name(own), size=9, anchor="ma")
    canvas.text(WIDTH // 2, 23, moves.pair_move(own), size=14, bold=True, anchor="ma")
    canvas.text(0, 41, moves.pair_line(other), size=9)
    return moves.boards_line()


def _we_they(view: TableView, seat: Seat, name: str) -> tuple[int, int]:
    """The sheet's figures ``name`` (NS, EW) as the seat's side sees them: we, they."""
    assert view.sheet is not None
    ns, ew = view.sheet[name]
    return (ns, ew) if seat.side is Side.NS else (ew, ns)


def _vulnerable(vulnerability: str, seat: Seat) -> str:
    """"We vul", "They vul", "All vul" or "None vul" from a seat's side."""
    if vulnerability == "None":
        return _("None vul")
    if vulnerability == "All":
        return _("All vul")
    return _("We vul") if vulnerability == seat.side.value else _("They vul")


# a rubber's sheet: each line's figures (their name in the sheet), where, and what it says
_RUBBER_LINES = {"above": (21, N_("above")), "below": (34, N_("below")), "games": (44, N_("games"))}


def _body_sheet(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    """The score sheet from the seat's side: a rubber's We/They above and below the line with
    the games won; a Chicago's (or Minibridge's) deals of the round of four; then the prompt."""
    sheet = view.sheet
    assert sheet is not None
    we, they = _we_they(view, seat, "total")
    if sheet["over"]:
        winner = sheet["winner"]
        if winner is None:
            prompt = _("A draw")
        elif winner == seat.side.value:
            prompt = _("We win by {points}").format(points=abs(we - they))
        else:
            prompt = _("They win by {points}").format(points=abs(we - they))
    else:
        prompt = _("{vulnerable}, OK to start").format(vulnerable=_vulnerable(sheet["vulnerability"], seat))
    if view.game in ("rubber", "two-player"):
        canvas.text(84, 12, _("We"), size=9, bold=True, anchor="ra", left=52)
        canvas.text(WIDTH - 4, 12, _("They"), size=9, bold=True, anchor="ra", left=86)
        for name, (y, label) in _RUBBER_LINES.items():
            ours, theirs = _we_they(view, seat, name)
            canvas.text(0, y, _(label), size=9, right=52)
            canvas.text(84, y, str(ours), size=9, anchor="ra", left=52)
            canvas.text(WIDTH - 4, y, str(theirs), size=9, anchor="ra", left=86)
        canvas.draw.line((0, 32, WIDTH - 1, 32), fill=1)  # the line
        return prompt
    canvas.text(0, 12, _("Deal"), size=8, bold=True, right=74)
    canvas.text(92, 12, _("We"), size=8, bold=True, anchor="ra", left=74)
    canvas.text(WIDTH - 4, 12, _("They"), size=8, bold=True, anchor="ra", left=94)
    for row, (number, dealer, vulnerability, ns, ew) in enumerate(sheet["deals"]):
        y = 20 + 8 * row
        ours, theirs = (ns, ew) if seat.side is Side.NS else (ew, ns)
        canvas.text(0, y, f"{number}  {notation.seat(dealer)}  {_vulnerable(vulnerability, seat)}", size=8,
                    right=74)
        canvas.text(92, y, str(ours), size=8, anchor="ra", left=74)
        canvas.text(WIDTH - 4, y, str(theirs), size=8, anchor="ra", left=94)
    return prompt if sheet["over"] else _("We {we}  They {they}, OK").format(we=we, they=they)


def _body_done(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    if view.sheet is not None:
        return _body_sheet(canvas, view, seat)
    canvas.text(WIDTH // 2, 15, _("Session over"), size=14, bold=True, anchor="ma")
    canvas.text(WIDTH // 2, 33, _("Thank you!"), size=12, bold=True, anchor="ma")
    return ""


TRAVELLER_ROWS = 5  # rows that fit under the header


def render_traveller(traveller: dict[str, Any], table: int = 0) -> Image.Image:
    """The station's traveller of a board (the link's "traveller" message): one line per table
    that has played it, pairs, contract, declarer, tricks, NS score and NS matchpoints when
    scored, the same at every seat; this table's line in bold (shown even when the others fill
    the screen)."""
    return compose_traveller(traveller, table).image


def compose_traveller(traveller: dict[str, Any], table: int = 0) -> _Canvas:
    """``render_traveller``'s frame, with where each of its texts went."""
    canvas = _Canvas()
    canvas.text(0, 0, _("Board {number} traveller").format(number=traveller["board"]), size=9, bold=True)
    canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)
    rows = list(traveller["rows"])
    ours = next((row for row in rows if row.get("table") == table), None)
    shown = rows[:TRAVELLER_ROWS]
    if ours is not None and ours not in shown:
        shown[-1] = ours
    for i, row in enumerate(shown):
        tricks = "" if row["tricks"] is None else str(row["tricks"])
        declarer = notation.seat(row["declarer"]) if row["declarer"] else ""
        played = " ".join(part for part in (notation.call(row["contract"]), declarer, tricks) if part)
        y, bold = 13 + 10 * i, row is ours
        score = f"{row['ns_score']:+d}" if row["ns_score"] else "0"
        room = 101 - _width(score, 9, bold)  # a grand slam redoubled may have to be cut short
        canvas.text(0, y, f"{row['ns']}-{row['ew']}", size=9, bold=bold, right=26)
        canvas.text(26, y, _cut(played, 9, room - 26, bold), size=9, bold=bold, left=26, right=room)
        canvas.text(103, y, score, size=9, bold=bold, anchor="ra", left=room)
        if "ns_mp" in row:
            canvas.text(WIDTH - 1, y, f"{row['ns_mp']:g}", size=9, bold=bold, anchor="ra", left=103)
    if not rows:
        canvas.text(WIDTH // 2, 30, _("no results yet"), anchor="ma")
    return canvas


def _body_announce(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    """Minibridge: each seat's high-card points (the one being entered underlined), then who
    declares and announces a part-score or a game."""
    points = dict(view.announced)
    for i, who in enumerate(Seat):
        x, right = _column(i)
        canvas.text(x, 12, notation.seat(str(who)), size=9, bold=(who == seat), right=right)
        shown = str(points[str(who)]) if str(who) in points else ""
        if str(who) == view.turn and len(points) < 4:
            shown = f"{view.entry or ''}_"
        canvas.text(x, 23, shown, size=11, bold=True, right=right)
    if len(points) < 4:
        canvas.text(0, 38, _("High-card points"), size=9)
        if view.turn == str(seat):
            return _("Your points, then OK")
        return _("{seat} to announce").format(seat=notation.seat_name(view.turn or "N"))
    if view.turn is None:
        canvas.text(0, 38, _("20 each: dealt again"), size=9)
        return _("OK to deal again")
    level = view.pending.get(view.turn, "")
    declares = _("{seat} declares {level}").format(seat=notation.seat_name(view.turn), level=level)
    canvas.text(0, 38, declares, size=9)
    if view.turn == str(seat):
        return _("1+strain: part, or game")
    return _("Dummy down, declarer announces")


def _body_stock(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    """The two-player game's stock phase: the trick, and whose card it is (the draws from the
    stock are the message after each trick)."""
    trick = min(len(view.played) // 2 + 1, 13)
    canvas.text(0, 12, _("Stock: trick {number} of 13").format(number=trick), size=9, bold=True)
    canvas.text(0, 22, _("No trump, follow suit"), size=9)
    for who, card in view.trick:
        canvas.text(WIDTH // 2, 33, f"{notation.seat(who)} {notation.card(card)}", size=13,
                    bold=(who == str(seat)), anchor="ma")
    if view.turn is None:
        return ""
    if view.turn == str(seat):
        return _("Your card")
    return _("{seat} to play").format(seat=notation.seat_name(view.turn))


_BODIES = {
    Phase.WAITING: _body_waiting,
    Phase.PLAYERS: _body_players,
    Phase.START: _body_start,
    Phase.HAND_CHECK: _body_hand_check,
    Phase.AUCTION: _body_auction,
    Phase.ANNOUNCE: _body_announce,
    Phase.STOCK: _body_stock,
    Phase.CONTRACT_ENTRY: _body_entry,
    Phase.LEAD_ENTRY: _body_entry,
    Phase.TRICKS_ENTRY: _body_entry,
    Phase.PLAY: _body_play,
    Phase.CLAIM_ENTRY: _body_claim,
    Phase.CLAIM: _body_claim,
    Phase.CLAIM_RULING: _body_claim,
    Phase.RESULT: _body_result,
    Phase.DONE: _body_done,
}
