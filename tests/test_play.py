"""The terminal game: it plays to the end, refuses bad input with a reason."""

from __future__ import annotations

import itertools

from wizard_engine.config import GameConfig
from wizard_engine.state import State
from wizard_engine.tools.play import main, parse_input, render
from wizard_engine.view import seat_view


def _typist():
    answers = itertools.cycle(["bogus", "H", "0"] + [str(n) for n in range(1, 21)])
    return lambda prompt: next(answers)


def test_play_a_whole_game_in_the_terminal() -> None:
    lines: list[str] = []
    assert main(["--players", "3", "--bots", "medium,easy", "--seed", "4"], _typist(), lines.append) == 0
    text = "\n".join(lines)
    assert "Winner:" in text
    assert "Not an action" in text or "Not a card" in text  # 'bogus' was refused with a reason
    assert "your hand:" in text and "*" in text  # legal cards are marked


def test_quit_and_options() -> None:
    lines: list[str] = []
    answers = iter(["help", "score", "quit"])
    assert main(["--players", "4", "--bots", "random", "--seed", "2", "--option", "hidden_bids"],
                lambda prompt: next(answers), lines.append) == 0
    assert lines[-1] == "Bye."


def test_parse_input_reads_numbers_cards_and_bids() -> None:
    state = State(GameConfig.of(4, seed=3))
    view = seat_view(state, state.to_act()[0])
    assert str(parse_input("2", view)) == "bid 2"
    assert "Round 1/15" in render(view)
