"""Play a game against the bots in the terminal: ``python -m wizard_engine play``.

You sit at seat 1; the table, your sorted hand (legal cards marked ``*``) and the score pad
are printed before each of your decisions.  Type a card (``7H``, ``Z``, ``N``), its number
in the hand, a bid (``2``), a suit when you choose trump (``H``), or ``help``, ``score``,
``quit``.  Bad input is refused with the reason.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from ..actions import Action
from ..bots import bot_seed, make_bot
from ..config import BOT_LEVELS, GameConfig, Player
from ..errors import WizardError
from ..state import State
from ..view import SeatView, TrickView, seat_view
from .flags import OPTION_FLAGS, add_schedule_flag, add_specials_flag, parse_options, with_schedule, with_specials

HELP = ("Type a card (7H, TH or 10H, Z for a Wizard, N for a Jester) or its number in your hand; "
        "a number to bid; a suit letter (C D H S) to choose trump; 'score' for the pad; 'quit' to stop. "
        "With special cards: 'Juggler H', 'Shapeshifter Z', or the choice listed ('call none', 'pass 7H', "
        "'cloud +1', 'witch 7H AC').")
VERBS = ("play", "bid", "trump", "call", "name", "pass", "cloud", "witch")


def render(view: SeatView) -> str:
    """The table as text: round, trump, each player's bid and tricks, the trick, your hand."""
    names = [p["name"] for p in view["players"]]
    trump = view["trump"]
    trump_text = trump["suit"] or {"jester": "none (Jester turned up)", "last_round": "none (last round)",
                                   "unicoloured": "none (Unicoloured)", "choosing": "dealer chooses"}.get(
        trump["why"], "none")
    lines = [f"--- Round {view['round']}/{view['rounds']}  ({view['hand_size']} cards)  "
             f"trump: {trump_text}" + (f"  turned up: {trump['card']}" if trump["card"] else "")]
    for s, name in enumerate(names):
        bid = view["bids"][s]
        bid_text = "-" if bid is None and not view["has_bid"][s] else ("?" if bid is None else str(bid))
        marks = (" (dealer)" if s == view["dealer"] else "") + (" <- you" if s == view["seat"] else "")
        lines.append(f"  {name:14} bid {bid_text:>2}  taken {view['taken'][s]}  total {view['totals'][s]:>5}{marks}")
    last = view["last_trick"]
    if last is not None and last["winner"] is not None and not view["trick"]["plays"]:
        lines.append("  last trick: " + trick_text(last, names) + f"  -> {taker(last, names)}")
    if view["trick"]["plays"]:
        lines.append("  trick: " + trick_text(view["trick"], names))
    for s, cards in enumerate(view["shown_hands"] or []):
        if cards:
            lines.append(f"  {names[s]} shows: {' '.join(cards)}")
    hand = view["hand"]
    if hand is None:
        lines.append("  your hand: hidden this round (Foresight)")
    else:
        cells = [f"{i + 1}:{c['card']}{'*' if c['playable'] else ''}" for i, c in enumerate(hand)]
        lines.append("  your hand: " + " ".join(cells))
    if view["phase"] not in ("trump", "bidding", "playing") and view["legal"]:  # a special card's step
        lines.append("  choose: " + ", ".join(view["legal"]))
    return "\n".join(lines)


def trick_text(trick: TrickView, names: list[str]) -> str:
    """A trick's cards with their players; a special card with how it was played (``Juggler H``,
    ``Vampire=AD``, S5/S11/S12)."""
    hows = trick.get("hows") or [None] * len(trick["plays"])
    copies = trick.get("copies") or [None] * len(trick["plays"])
    return "  ".join(f"{names[p['seat']]} {p['card']}{f' {how}' if how else ''}{f'={copy}' if copy else ''}"
                     for p, how, copy in zip(trick["plays"], hows, copies))


def taker(trick: TrickView, names: list[str]) -> str:
    """Who took the trick: its winner, or nobody when a Bomb voided it (S9)."""
    return "nobody (bombed)" if trick.get("bombed") else names[trick["winner"] or 0]


def render_pad(view: SeatView) -> str:
    """The score pad: bid/taken and running total per round."""
    names = [p["name"][:10] for p in view["players"]]
    lines = ["round " + "".join(f"{n:>16}" for n in names)]
    for r, rows in enumerate(view["score_pad"]):
        lines.append(f"{r + 1:>5} " + "".join(f"{row['bid']:>4}/{row['taken']:<2}{row['total']:>9} " for row in rows))
    return "\n".join(lines)


def parse_input(text: str, view: SeatView) -> Action:
    """The action the player means by ``text``; raises WizardError with the reason."""
    text = text.strip()
    phase = view["phase"]
    if text.split()[:1] and text.split()[0].lower() in VERBS:
        return Action.parse(text)
    if phase == "trump":
        return Action.parse(text if text.lower().startswith("trump") else f"trump {text}")
    if phase == "bidding":
        return Action.parse(text if text.lower().startswith("bid") else f"bid {text}")
    if text.isdigit() and view["hand"] and 1 <= int(text) <= len(view["hand"]):
        return Action.parse(f"play {view['hand'][int(text) - 1]['card']}")
    return Action.parse(text if text.lower().startswith("play") else f"play {text}")


def main(argv: list[str] | None = None, input_fn: Callable[[str], str] = input,
         out: Callable[[str], None] = print) -> int:
    """Play one game in the terminal."""
    parser = argparse.ArgumentParser(prog="python -m wizard_engine play", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="hard", help="the other seats' levels, one or comma-separated")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--name", default="You")
    parser.add_argument("--option", action="append", default=[],
                        help=f"a game option: {', '.join(OPTION_FLAGS)}")
    add_schedule_flag(parser)
    add_specials_flag(parser)
    args = parser.parse_args(argv)
    levels = args.bots.split(",")
    if len(levels) == 1:
        levels = levels * (args.players - 1)
    if len(levels) != args.players - 1 or any(lvl not in BOT_LEVELS for lvl in levels):
        parser.error(f"--bots needs {args.players - 1} levels from {', '.join(BOT_LEVELS)}")
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    players = (Player(args.name),) + tuple(Player(f"{lvl.capitalize()} {i + 2}", lvl) for i, lvl in enumerate(levels))
    try:
        options = with_specials(with_schedule(parse_options(args.option), args.schedule), args.specials)
        config = GameConfig(players, options, seed)
    except WizardError as error:
        parser.error(str(error))
    state = State(config)
    bots = {s: make_bot(p.bot, bot_seed(seed, s)) for s, p in enumerate(players) if p.bot}
    out(f"Wizard, seed {seed}. {HELP}")
    current_round = 0
    last_trick = None
    while not state.is_over:
        if state.last_trick is not None and state.last_trick is not last_trick:
            last_trick = state.last_trick
            shown = seat_view(state, 0)["last_trick"]
            assert shown is not None and shown["winner"] is not None  # a trick was just taken
            names = [player.name for player in players]
            out("  trick: " + trick_text(shown, names) + f"  -> {taker(shown, names)} takes it")
        if state.round != current_round:
            if current_round:
                out(render_pad(seat_view(state, 0)))
            current_round = state.round
        to_act = state.to_act()
        seat = 0 if 0 in to_act else to_act[0]
        if seat in bots:
            action = bots[seat].decide(seat_view(state, seat))
            state.apply(seat, action)
            hidden = action.kind == "bid" and config.options.bidding != "open"
            out(f"{players[seat].name}: {'has bid' if hidden else action}")
            continue
        view = seat_view(state, 0)
        out(render(view))
        if not _human_turn(state, view, input_fn, out):
            out("Bye.")
            return 0
    final = seat_view(state, 0)
    out(render_pad(final))
    out("Winner: " + ", ".join(players[s].name for s in final["winners"]))
    return 0


def _human_turn(state: State, view: SeatView, input_fn: Callable[[str], str],
                out: Callable[[str], None]) -> bool:
    """Ask until a legal action is given; False when the player quits."""
    prompt = {"trump": "Choose trump (C D H S): ", "bidding": f"Your bid (0-{view['hand_size']}): ",
              "playing": "Your card: "}.get(view["phase"], "Your choice: ")
    while True:
        try:
            text = input_fn(prompt)
        except EOFError:
            return False
        word = text.strip().lower()
        if word in ("quit", "q", "exit"):
            return False
        if word in ("help", "?", ""):
            out(HELP + "\nLegal now: " + ", ".join(view["legal"]))
            continue
        if word == "score":
            out(render_pad(view))
            continue
        try:
            action = parse_input(text, view)
            state.apply(0, action)
            return True
        except WizardError as error:
            out(f"  {error}")
