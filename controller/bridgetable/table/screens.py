"""Screens: pure functions from the table's state (a TableView) to a seat's 128x64 1-bit image.

The font is DejaVu Sans Condensed, which draws the suit symbols (Pillow's default font does not);
the package carries its two files (fonts/, with their licence), so no system font is needed.
Text is drawn without anti-aliasing, as the OLED shows it, so a frame is the same pixels wherever
it is rendered with the same Pillow and font.

Every event redraws four frames of mostly the same words, so each piece of text is rendered by
FreeType once (``_rendered``, cached) and then only pasted: the same pixels, a tenth of the time.
The displays are sent only what changed (devices/display.py), so an event should change little:
whose turn it is shows as a "?" where the next call or card goes, not as a line of words.
"""

from __future__ import annotations

import textwrap
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

from PIL import Image, ImageDraw, ImageFont

from ..bridge import Seat, Side
from .flow import Phase, TableView
from .moves import Moves

WIDTH, HEIGHT = 128, 64
FONT_DIR = Path(__file__).with_name("fonts")
_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


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


def pretty(text: str) -> str:
    """A call, contract or card with suit symbols: "4SX" -> "4♠X", "ST" -> "♠10", "1NT" stays."""
    if len(text) == 2 and text[0] in _SUITS:  # a card
        return _SUITS[text[0]] + ("10" if text[1] == "T" else text[1])
    if text[:1].isdigit() and text[1:2] in _SUITS:  # a bid or a contract
        return text[0] + _SUITS[text[1]] + text[2:]
    return text


class _Canvas:
    """A 1-bit frame with the few drawing operations the screens need."""

    def __init__(self) -> None:
        self.image = Image.new("1", (WIDTH, HEIGHT), 0)
        self.draw = ImageDraw.Draw(self.image)
        self.draw.fontmode = "1"  # no anti-aliasing: one OLED pixel per image pixel

    def text(self, x: int, y: int, text: str, size: int = 10, bold: bool = False,
             anchor: str = "la", fill: int = 1) -> None:
        mask, (dx, dy) = _rendered(text, size, bold, anchor)
        self.draw.bitmap((x + dx, y + dy), mask, fill=fill)

    def bar(self, y: int, height: int, text: str, size: int = 9, fit: bool = False) -> None:
        """An inverted band across the screen (the director banner), or as wide as its text
        (``fit``: a notice, which then costs fewer bytes to send and to clear)."""
        right = WIDTH - 1
        if fit:
            right = min(right, int(self.draw.multiline_textbbox((2, y), text, font=font(size))[2]) + 2)
        self.draw.rectangle((0, y, right, y + height - 1), fill=1)
        self.draw.multiline_text((2, y), text, fill=0, font=font(size), spacing=1)


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


def render(view: TableView, seat: Seat, moves: Moves | None = None) -> Image.Image:
    """The frame ``seat``'s display shows for this state of the table; once the round's boards
    are confirmed, the round's ``moves`` (where the pairs and boards go) when the station gave them."""
    canvas = _Canvas()
    lines = _notice(view)
    if view.phase == Phase.WAITING.value and moves is not None:
        canvas.text(0, 0, f"Round {moves.round} done", size=9, bold=True)
        canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)
        prompt = _body_moves(canvas, moves, seat)
        lines = []  # where to go matters more than "board 8 confirmed" or a key refused
    else:
        _header(canvas, view)
        prompt = _BODIES.get(Phase(view.phase), _body_play)(canvas, view, seat)
    if lines:
        canvas.bar(HEIGHT - 10 * len(lines) - 1, 10 * len(lines) + 1, "\n".join(lines), size=8, fit=True)
    elif prompt:
        canvas.text(0, HEIGHT - 11, prompt, size=9)
    return canvas.image


def _notice(view: TableView) -> list[str]:
    """The lines of the notice at the foot of the screen, if any: a message (two lines at most),
    or an irregularity, a lead restriction to choose or a disputed claim's analysis (three)."""
    notice = view.message or view.irregularity or view.lead_choice or view.claim_analysis
    if not notice:
        return []
    return textwrap.wrap(notice, 30)[: 2 if notice == view.message else 3]


def _big_y(view: TableView) -> int:
    """Where the result's score (and the next board's number) goes: its pixels within two 8-pixel
    pages, so that the change costs few bytes; a little higher above a notice of two lines."""
    return 30 if len(_notice(view)) < 2 else 26


def _header(canvas: _Canvas, view: TableView) -> None:
    if view.director:
        canvas.bar(0, 11, f"DIRECTOR {view.director}")
        return
    if view.phase == Phase.DONE.value and view.sheet is not None:
        canvas.text(0, 0, f"{view.sheet['title']}: over", size=9, bold=True)
        canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)
        return
    if view.phase in (Phase.WAITING.value, Phase.DONE.value):
        plural = "s" if view.boards_done != 1 else ""
        canvas.text(0, 0, f"{view.boards_done} board{plural} confirmed", size=9, bold=True)
        canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)
        return
    name = f"Board {view.board}" if view.sheet is None else f"Deal {view.deal}"
    canvas.text(0, 0, name, size=9, bold=True)
    # at fixed places, so that the next board changes only the words that differ
    canvas.text(56, 0, f"Dlr {view.dealer}", size=9)
    canvas.text(88, 0, f"Vul {view.vulnerability}", size=9)
    canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)


def _body_start(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    if view.sheet is not None:  # a game form's score sheet between deals
        return _body_sheet(canvas, view, seat)
    # the board's number where the last board's score was, so that few pixels change
    canvas.text(WIDTH // 2, _big_y(view), f"Board {view.board}", size=16, bold=True, anchor="ma")
    return "OK to start"


def _body_hand_check(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    canvas.text(0, 13, "Hand check: scan 13 cards", size=9)
    for i, (who, count) in enumerate(zip(Seat, view.hand_counts, strict=True)):
        canvas.text(i * 32, 25, f"{who}:{count}", bold=(who == seat))
    if view.problems:
        canvas.text(0, 38, view.problems[-1][:30], size=8)
    return f"You: {view.hand_counts[seat]}/13  UNDO rescan"


def _body_auction(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    for i, who in enumerate(Seat):
        canvas.text(i * 32 + 2, 12, str(who), size=9, bold=(who == seat))
    offset = int(Seat.parse(view.dealer))
    cells = [pretty(call) + ("!" if i in view.alerts and Seat(offset).after(i).side is not seat.side
                             else "") for i, call in enumerate(view.calls)]
    if view.stop == str(seat):
        canvas.bar(HEIGHT - 22, 11, "STOP")
    if view.turn is not None:
        cells.append(view.pending.get(view.turn, "?") + ("_" if view.turn in view.pending else ""))
    rows = (offset + len(cells) + 3) // 4
    first = max(0, rows - 3)  # the last three rows fit
    for index, cell in enumerate(cells):
        row, col = divmod(offset + index, 4)
        if row >= first:
            canvas.text(col * 32 + 2, 22 + (row - first) * 10, cell)
    return ""  # the "?" in the grid says who calls


def _contract_line(view: TableView) -> str:
    if view.contract is None:
        return "Passed out"
    return f"{pretty(view.contract)} by {Seat.parse(view.declarer or 'N').full_name}"


# each hand's card in the trick (x, y), and its "?" (y) while it is to play: each within two
# 8-pixel pages of the display, the "?" within one, so that a card or a turn costs few bytes to send
_PLACES = {"N": (64, 13, 14), "E": (86, 25, 30), "S": (64, 38, 38), "W": (42, 25, 30)}


def _corners(canvas: _Canvas, view: TableView, tricks: tuple[int, int]) -> None:
    """The contract and declarer top left, the tricks of NS and EW top right: the same places
    in the play and the result, so the result leaves them as they are on the displays."""
    canvas.text(0, 12, pretty(view.contract or "Passed out"), size=9, bold=True)
    if view.contract is None:
        return
    canvas.text(0, 22, f"by {view.declarer}", size=9)
    canvas.text(WIDTH - 1, 12, f"NS {tricks[0]}", size=9, anchor="ra")
    canvas.text(WIDTH - 1, 22, f"EW {tricks[1]}", size=9, anchor="ra")


def _body_play(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    _corners(canvas, view, (view.tricks_ns, view.tricks_ew))
    for who, card in view.trick:
        x, y, _ = _PLACES[who]
        canvas.text(x, y, pretty(card), size=13, bold=(who == str(seat)), anchor="ma")
    if view.turn is not None and view.turn not in dict(view.trick):  # who plays next: a "?" there
        x, _, y = _PLACES[view.turn]
        canvas.text(x, y, "?", size=9, bold=(view.turn == str(seat)), anchor="ma")
    if view.claim:
        canvas.text(0, 36, view.claim[:28], size=8)
    return ""


def _body_claim(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    """The number being entered sits just below the first line, clear of a two-line notice."""
    if view.phase == Phase.CLAIM_ENTRY.value:  # the claim line would only repeat the number
        canvas.text(0, 13, _contract_line(view), size=9)
        canvas.text(WIDTH // 2, 25, f"Tricks: {view.entry}", size=11, bold=True, anchor="ma")
        return "1-7 X-1 XX+1, OK"
    if view.phase == Phase.CLAIM_RULING.value:
        canvas.text(0, 13, view.claim or "", size=9)
        canvas.text(WIDTH // 2, 25, f"Ruling: {view.entry}", size=11, bold=True, anchor="ma")
        return "Director: OK rules"
    canvas.text(0, 13, _contract_line(view), size=9)
    canvas.text(0, 24, view.claim or "", size=9)
    if seat in _deciders(view):
        return "OK accepts, DIRECTOR"
    return _deciders_prompt(view, "accept")


def _body_entry(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    phase = Phase(view.phase)
    if phase is Phase.CONTRACT_ENTRY:
        canvas.text(0, 13, "Contract:", size=9)
        canvas.text(WIDTH // 2, 26, pretty(view.entry or ""), size=14, bold=True, anchor="ma")
        return "OK at declarer's seat"
    canvas.text(0, 13, _contract_line(view), size=9)
    label = "Lead" if phase is Phase.LEAD_ENTRY else "Tricks"
    canvas.text(WIDTH // 2, 26, f"{label}: {pretty(view.entry or '')}", size=14, bold=True, anchor="ma")
    return "suit, rank, OK (Pass: none)" if phase is Phase.LEAD_ENTRY else "X-1 XX+1, OK"


def _body_result(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    if view.contract is not None and view.tricks is not None:
        declarer = Seat.parse(view.declarer or "N").side is Side.NS
        made, lost = view.tricks, 13 - view.tricks
        _corners(canvas, view, (made, lost) if declarer else (lost, made))
    else:
        _corners(canvas, view, (0, 0))
    score = view.score_ns or 0
    text = f"NS {score:+d}" if score else "NS 0"
    if view.sheet is not None and view.points is not None:  # a game form: each side's points
        text = f"NS {view.points[0]}  EW {view.points[1]}"
        if view.honours:
            canvas.text(WIDTH // 2, 43, f"honours {view.honours}", size=8, anchor="ma")
    canvas.text(WIDTH // 2, _big_y(view), text, size=16 if view.sheet is None else 13, bold=True, anchor="ma")
    if seat in _deciders(view):
        return "OK confirms, DIRECTOR"
    return _deciders_prompt(view, "confirm")


def _deciders(view: TableView) -> list[Seat]:
    return [Seat.parse(who) for who in view.deciders]


def _deciders_prompt(view: TableView, what: str) -> str:
    return f"{'/'.join(view.deciders)} to {what}"


def _body_waiting(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    canvas.text(WIDTH // 2, 18, "Waiting for", size=12, bold=True, anchor="ma")
    canvas.text(WIDTH // 2, 34, "the next round", size=12, bold=True, anchor="ma")
    return "the station assigns the boards"


def _body_moves(canvas: _Canvas, moves: Moves, seat: Seat) -> str:
    """The seat's own pair's move in large type, the other pair's below, the boards' at the foot."""
    own, other = (Side.NS, Side.EW) if seat.side is Side.NS else (Side.EW, Side.NS)
    number = moves.ns if own is Side.NS else moves.ew
    canvas.text(WIDTH // 2, 13, f"{own.value} pair {number}", size=9, anchor="ma")
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
    if vulnerability in ("None", "All"):
        return f"{vulnerability} vul"
    return "We vul" if vulnerability == seat.side.value else "They vul"


def _body_sheet(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    """The score sheet from the seat's side: a rubber's We/They above and below the line with
    the games won; a Chicago's (or Minibridge's) deals of the round of four; then the prompt."""
    sheet = view.sheet
    assert sheet is not None
    we, they = _we_they(view, seat, "total")
    if sheet["over"]:
        winner = sheet["winner"]
        prompt = "A draw" if winner is None else \
            f"{'We' if winner == seat.side.value else 'They'} win by {abs(we - they)}"
    else:
        prompt = f"{_vulnerable(sheet['vulnerability'], seat)}, OK to start"
    if view.game in ("rubber", "two-player"):
        canvas.text(84, 12, "We", size=9, bold=True, anchor="ra")
        canvas.text(WIDTH - 4, 12, "They", size=9, bold=True, anchor="ra")
        for y, label, name in ((21, "above", "above"), (34, "below", "below"), (44, "games", "games")):
            ours, theirs = _we_they(view, seat, name)
            canvas.text(0, y, label, size=9)
            canvas.text(84, y, str(ours), size=9, anchor="ra")
            canvas.text(WIDTH - 4, y, str(theirs), size=9, anchor="ra")
        canvas.draw.line((0, 32, WIDTH - 1, 32), fill=1)  # the line
        return prompt
    canvas.text(0, 12, "Deal", size=8, bold=True)
    canvas.text(92, 12, "We", size=8, bold=True, anchor="ra")
    canvas.text(WIDTH - 4, 12, "They", size=8, bold=True, anchor="ra")
    for row, (number, dealer, vulnerability, ns, ew) in enumerate(sheet["deals"]):
        y = 20 + 8 * row
        ours, theirs = (ns, ew) if seat.side is Side.NS else (ew, ns)
        canvas.text(0, y, f"{number}  {dealer}  {_vulnerable(vulnerability, seat)}", size=8)
        canvas.text(92, y, str(ours), size=8, anchor="ra")
        canvas.text(WIDTH - 4, y, str(theirs), size=8, anchor="ra")
    return prompt if sheet["over"] else f"We {we}  They {they}, OK"


def _body_done(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    if view.sheet is not None:
        return _body_sheet(canvas, view, seat)
    canvas.text(WIDTH // 2, 15, "Session over", size=14, bold=True, anchor="ma")
    canvas.text(WIDTH // 2, 33, "Thank you!", size=12, bold=True, anchor="ma")
    return ""


TRAVELLER_ROWS = 5  # rows that fit under the header


def render_traveller(traveller: dict[str, Any], table: int = 0) -> Image.Image:
    """The station's traveller of a board (the link's "traveller" message): one line per table
    that has played it, pairs, contract, declarer, tricks, NS score and NS matchpoints when
    scored, the same at every seat; this table's line in bold (shown even when the others fill
    the screen)."""
    canvas = _Canvas()
    canvas.text(0, 0, f"Board {traveller['board']} traveller", size=9, bold=True)
    canvas.draw.line((0, 11, WIDTH - 1, 11), fill=1)
    rows = list(traveller["rows"])
    ours = next((row for row in rows if row.get("table") == table), None)
    shown = rows[:TRAVELLER_ROWS]
    if ours is not None and ours not in shown:
        shown[-1] = ours
    for i, row in enumerate(shown):
        tricks = "" if row["tricks"] is None else str(row["tricks"])
        played = " ".join(part for part in (pretty(row["contract"]), row["declarer"], tricks) if part)
        y, bold = 13 + 10 * i, row is ours
        canvas.text(0, y, f"{row['ns']}-{row['ew']}", size=9, bold=bold)
        canvas.text(24, y, played, size=9, bold=bold)
        score = f"{row['ns_score']:+d}" if row["ns_score"] else "0"
        canvas.text(96, y, score, size=9, bold=bold, anchor="ra")
        if "ns_mp" in row:
            canvas.text(WIDTH - 1, y, f"{row['ns_mp']:g}", size=9, bold=bold, anchor="ra")
    if not rows:
        canvas.text(WIDTH // 2, 30, "no results yet", anchor="ma")
    return canvas.image


def _body_announce(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    """Minibridge: each seat's high-card points (the one being entered underlined), then who
    declares and announces a part-score or a game."""
    points = dict(view.announced)
    for i, who in enumerate(Seat):
        canvas.text(i * 32 + 2, 12, str(who), size=9, bold=(who == seat))
        shown = str(points[str(who)]) if str(who) in points else ""
        if str(who) == view.turn and len(points) < 4:
            shown = f"{view.entry or ''}_"
        canvas.text(i * 32 + 2, 23, shown, size=11, bold=True)
    if len(points) < 4:
        canvas.text(0, 38, "High-card points", size=9)
        if view.turn == str(seat):
            return "Your points, then OK"
        return f"{Seat.parse(view.turn or 'N').full_name} to announce"
    if view.turn is None:
        canvas.text(0, 38, "20 each: dealt again", size=9)
        return "OK to deal again"
    level = view.pending.get(view.turn, "")
    canvas.text(0, 38, f"{Seat.parse(view.turn).full_name} declares {level}", size=9)
    return "1+strain: part, or game" if view.turn == str(seat) else "Dummy down, declarer announces"


def _body_stock(canvas: _Canvas, view: TableView, seat: Seat) -> str:
    """The two-player game's stock phase: the trick, and whose card it is (the draws from the
    stock are the message after each trick)."""
    canvas.text(0, 12, f"Stock: trick {min(len(view.played) // 2 + 1, 13)} of 13", size=9, bold=True)
    canvas.text(0, 22, "No trump, follow suit", size=9)
    for who, card in view.trick:
        canvas.text(WIDTH // 2, 33, f"{who} {pretty(card)}", size=13, bold=(who == str(seat)), anchor="ma")
    if view.turn is None:
        return ""
    return "Your card" if view.turn == str(seat) else f"{Seat.parse(view.turn).full_name} to play"


_BODIES = {
    Phase.WAITING: _body_waiting,
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
