"""The anniversary boxes' special cards in play (S2..S14): a game whose deck holds any of them
is a :class:`SpecialState`.

The base game's :class:`~wizard_engine.state.State` and its tables stay exactly as they were;
a special-card game answers the same questions (who acts, what is legal, apply, the view's
data) with the rules of ``SPECIALS.md``:

* a played card counts as what :mod:`~wizard_engine.special_tricks` says (S5..S7, S11, S12),
  and that module also finds a trick's winner;
* after a trick, its effects run in S13's order as steps of their own (pass, Cloud, Witch),
  each a decision of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from .actions import (
    HOW_NONE,
    Action,
    call_trump,
    choose_trump,
    cloud_change,
    name_copy,
    pass_card,
    play_special,
    witch_swap,
)
from .boxes import special_cards
from .cards import (
    BIT,
    BOMB,
    CLOUD,
    DECK_SIZE,
    FAIRY,
    FIRST_SPECIAL,
    FULL_MASK,
    JESTER,
    JESTER_MASK,
    JUGGLER,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    VAMPIRE,
    WEREWOLF,
    WITCH,
    WIZARD,
    WIZARD_MASK,
    Card,
    Mask,
    Suit,
    canonical,
    card_name,
    cards_of,
    mask_of,
)
from .config import GameConfig
from .reasons import Reason
from .rules import Seat
from .special_tricks import WIZARD_LIKE_TURNED, SpecialTrick, copies_mask, hows_for, identity, lowest_copy
from .state import Phase, State, plays_of

_STEP_ORDER = ("pass", "cloud", "witch")


def trick_steps(trick: SpecialTrick, last: bool) -> list[tuple[str, Seat]]:
    """S13: what a trick just taken sets going, in order: passes (the Juggler; seat -1, everyone),
    the Cloud (its trick's winner), the Witch (her player). ``last``: the round's last trick, after
    which nothing is passed or swapped; a bombed trick has no winner to change a bid."""
    steps = []
    for effect, player in trick.effects():
        if effect == JUGGLER and not last:
            steps.append(("pass", -1))
        elif effect == CLOUD and not trick.bombed:
            steps.append(("cloud", trick.winner))
        elif effect == WITCH and not last:
            steps.append(("witch", player))
    return sorted(steps, key=lambda step: _STEP_ORDER.index(step[0]))
_EXPECTED = {Phase.TRUMP: ("trump", "R8"), Phase.BIDDING: ("bid", "R10"), Phase.PLAYING: ("play", "R12"),
             Phase.WEREWOLF: ("call", "S10"), Phase.PASSING: ("pass", "S13"), Phase.CLOUD: ("cloud", "S13"),
             Phase.WITCH: ("witch", "S13")}


class SpecialState(State):
    """A game with special cards (S1..S14).  Made by ``State(config)`` when the options name any."""

    trick: SpecialTrick
    last_trick: SpecialTrick | None
    tricks: list[SpecialTrick]  # type: ignore[assignment]

    def __init__(self, config: GameConfig) -> None:
        self.specials = special_cards(config.options.specials)
        self.deck_mask = FULL_MASK | mask_of(self.specials)
        self.cloud_pad: list[list[int]] = []  # each round's Cloud changes per seat (S14)
        self.bombed_pad: list[int] = []  # each round's bombed tricks (S9)
        super().__init__(config)

    # --- set-up -----------------------------------------------------------------

    def _start_round(self, round_: int, dealer: Seat) -> None:
        """R7/S2: shuffle the whole deck, deal, turn up the next card (there is always one)."""
        cards = self.rules.hand_size(round_)
        deck = list(range(DECK_SIZE)) + list(self.specials)
        self._rng.shuffle(deck)
        players = self.num_players
        hands = [mask_of(deck[p * cards:(p + 1) * cards]) for p in range(players)]
        self._begin_round(round_, dealer, hands, deck[players * cards], mask_of(deck[players * cards + 1:]),
                          deck[players * cards + 1:])

    def _begin_round(self, round_: int, dealer: Seat, hands: list[Mask], turned: Card | None, stock: Mask,
                     order: list[Card] | None = None) -> None:
        super()._begin_round(round_, dealer, hands, None, stock)
        self.turned = turned
        self.stock_order = order if order is not None else cards_of(stock)
        self.set_aside = 0  # turned-up cards covered by a later one (S12)
        self.trick = SpecialTrick(self.left_of(dealer))
        self.cloud = [0] * self.num_players
        self.steps: list[tuple[str, Seat]] = []
        self.passes: dict[Seat, Card] = {}
        self.pass_log: list[tuple[int, list[tuple[Seat, Card]]]] = []
        self.werewolf: tuple[Seat, Card] | None = None
        self.vampire: list[str] = []  # the decisions a Vampire's reveal still needs (S12)
        self.next_leader = -1
        self._set_trump_from_turned()

    def _set_trump_from_turned(self) -> None:
        """S8/S10: the trump the turned-up card sets, the dealer's choice, or the Werewolf's call."""
        turned = self.turned
        holder = next((s for s, hand in enumerate(self.hands) if hand & BIT[WEREWOLF]), None)
        if holder is not None and turned is not None:  # S10: swap at once, then call trump
            self.hands[holder] = self.hands[holder] & ~BIT[WEREWOLF] | BIT[turned]
            self.werewolf, self.turned = (holder, turned), WEREWOLF
            self._set_trump(None)
            self.phase, self.turn = Phase.WEREWOLF, holder
            return
        if turned is None or SUIT_OF[turned] == JESTER or turned in (FAIRY, BOMB, WITCH):
            self._set_trump(None)
        elif SUIT_OF[turned] == WIZARD or turned in WIZARD_LIKE_TURNED:
            self._set_trump(None)
            self.phase, self.turn = Phase.TRUMP, self.dealer
            return
        else:
            self._set_trump(SUIT_OF[turned])
        self.phase, self.turn = Phase.BIDDING, self.left_of(self.dealer)

    def _set_trump(self, suit: Suit | None) -> None:
        self.trump = suit
        self.trick_rules = self.rules.trick_rules(suit)

    # --- questions ----------------------------------------------------------------

    def to_act(self) -> tuple[Seat, ...]:
        """As the base game; after a Juggler every seat yet to pass (S13)."""
        if self.phase is Phase.PASSING:
            return tuple(s for s in range(self.num_players) if s not in self.passes)
        return super().to_act()

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not to act)."""
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase is Phase.TRUMP or (phase is Phase.VAMPIRE and self.vampire[0] == "trump"):
            return [choose_trump(s) for s in range(SUITS)]
        if phase is Phase.VAMPIRE:
            return [name_copy(how) for how in hows_for(self.turned, None)] if self.turned is not None else []
        if phase is Phase.WEREWOLF:
            return [call_trump(s) for s in (*range(SUITS), None)]
        if phase is Phase.BIDDING:
            return super().legal_actions(seat)
        if phase is Phase.PASSING:
            return [pass_card(c) for c in _distinct(self.hands[seat])]
        if phase is Phase.CLOUD:
            return [cloud_change(+1)] + ([cloud_change(-1)] if self.bids[seat] else [])
        if phase is Phase.WITCH:
            return self._witch_swaps(seat)
        return self._plays(seat)

    def _witch_swaps(self, seat: Seat) -> list[Action]:
        """S13: every swap of a card of ``seat``'s hand with one of the trick just taken."""
        return [witch_swap(put, take) for put in _distinct(self.hands[seat]) for take in self._takeable(put, seat)]

    def _plays(self, seat: Seat) -> list[Action]:
        """S4/R13: follow the led suit with a suit card if you can; every other card always."""
        return plays_of(self.playable_mask(seat) & FULL_MASK) + [
            play_special(card, how) for card in cards_of(self.hands[seat] & ~FULL_MASK)
            for how in hows_for(card, self.turned)]

    def playable_mask(self, seat: Seat) -> Mask:
        """The cards of ``seat``'s hand it may play now (S4, R13)."""
        hand = self.hands[seat]
        led = self.trick.led
        follow = hand & SUIT_MASK[led] if led < SUITS else 0
        return follow | (hand & ~FULL_MASK) | (hand & (WIZARD_MASK | JESTER_MASK)) if follow else hand

    def _takeable(self, put: Card, seat: Seat) -> list[Card]:
        """S13: the cards of the trick the Witch of ``seat`` may take: not the Witch (nor its copy), not ``put``."""
        trick = self._taken_trick()
        cards: list[Card] = []
        for index, card in enumerate(trick.cards):
            if not _is_witch(trick, index, seat) and canonical(card) != put and canonical(card) not in cards:
                cards.append(canonical(card))
        return cards

    def why_illegal(self, seat: Seat, action: Action | str) -> Reason | None:
        """Why ``seat`` may not take ``action`` now, citing the rule; None if it may."""
        action = Action.coerce(action)
        phase = self.phase
        if phase in (Phase.OVER, Phase.TRUMP, Phase.BIDDING) or not 0 <= seat < self.num_players:
            return super().why_illegal(seat, action)
        kind, rule = _EXPECTED.get(phase) or (self.vampire[0], "S12")
        if seat not in self.to_act():
            if phase is Phase.PASSING:
                return Reason("already_passed", {"action": str(action)}, "S13")
            turn = {"seat": self.turn, "name": self.config.players[self.turn].name, "phase": phase.value}
            return Reason("not_your_turn", {"action": str(action), **turn}, rule)
        if action.kind != kind:
            return Reason("wrong_phase", {"action": str(action), "phase": phase.value}, rule)
        if action in self.legal_actions(seat):
            return None
        return self._why_not(seat, action, kind)

    def _why_not(self, seat: Seat, action: Action, kind: str) -> Reason:
        """The reason a legal-looking action of the right kind is refused."""
        hand = self.hands[seat]
        params = {"action": str(action)}
        if kind in ("play", "pass", "witch") and not hand & copies_mask(action.card):
            return Reason("not_in_hand", {"card": card_name(action.card)}, "R22")
        if kind == "play" and action.card < FIRST_SPECIAL:
            return self.follow_reason(action.card)
        if kind == "play":
            return Reason("special_how", params, "S5")
        if kind == "cloud":
            return Reason("cloud_below_zero", params, "S13")
        if kind == "witch":
            return Reason("witch_take", {**params, "card": card_name(action.taken_card)}, "S13")
        return Reason("special_how", params, "S12")

    # --- actions ------------------------------------------------------------------

    def apply_unchecked(self, seat: Seat, action: int) -> None:
        """Apply a legal action (no checks)."""
        action = Action(action)
        kind = action.kind
        if kind in ("bid", "trump") and self.phase is not Phase.VAMPIRE:
            super().apply_unchecked(seat, action)
            return
        self.history.append((seat, action))
        if kind == "play":
            self._play_special(seat, action)
        elif kind == "call":
            self._set_trump(action.call)
            self.phase, self.turn = Phase.BIDDING, self.left_of(self.dealer)
        elif kind in ("trump", "name"):
            self._vampire_step(action)
        elif kind == "pass":
            self._pass(seat, action.card)
        elif kind == "cloud":
            self.bids[seat] += action.change  # type: ignore[operator]
            self.cloud[seat] += action.change
            self._next_step()
        else:
            self._witch(seat, action.card, action.taken_card)

    def _play_special(self, seat: Seat, action: Action) -> None:
        card = action.card
        if card < FIRST_SPECIAL:
            card = lowest_copy(self.hands[seat], card)
        self.hands[seat] &= ~BIT[card]
        copied = self.turned
        if card == VAMPIRE and copied == WEREWOLF:
            copied = self._reveal()
        self.trick.put(seat, card, action.how, copied, self.trump)
        if self.vampire:
            self.phase, self.turn = Phase.VAMPIRE, seat
            return
        self._after_play(seat)

    def _reveal(self) -> Card | None:
        """S12: the Vampire on the Werewolf turns up the next card of the stock; it is trump from
        this trick on and the Vampire copies it (none left: a Jester)."""
        if not self.stock_order:
            return None
        card = self.stock_order.pop(0)
        self.stock &= ~BIT[card]
        self.set_aside |= BIT[WEREWOLF]
        self.turned = card
        if SUIT_OF[card] == WIZARD or card in WIZARD_LIKE_TURNED:
            self.vampire.append("trump")
        else:
            self._set_trump(SUIT_OF[card] if SUIT_OF[card] < SUITS else None)
        if hows_for(card, None) != (HOW_NONE,):
            self.vampire.append("name")
        return card

    def _vampire_step(self, action: Action) -> None:
        step = self.vampire.pop(0)
        trick = self.trick
        if step == "trump":
            self._set_trump(action.suit)
        else:
            trick.hows[-1] = action.how
            trick.played[-1] = identity(VAMPIRE, action.how, self.turned)
        trick.settle(self.trump)
        if not self.vampire:
            self.phase = Phase.PLAYING
            self._after_play(trick.seats[-1])

    def _after_play(self, seat: Seat) -> None:
        trick = self.trick
        if len(trick.cards) < self.num_players:
            self.turn = self.left_of(seat)
            return
        winner = trick.winner
        if not trick.bombed:
            self.taken[winner] += 1  # S9: a bombed trick belongs to nobody
        self.tricks.append(trick)
        self.last_trick = trick
        self.next_leader = winner  # S9: who would have won leads next
        self.steps = trick_steps(trick, last=len(self.tricks) == self.hand_size)
        self._next_step()

    def _next_step(self) -> None:
        """The next S13 effect of the trick just taken, or the next trick (or the round's end)."""
        while self.steps:
            step, seat = self.steps.pop(0)
            # S13: no Witch step for an empty hand, nor (ours) when no swap is left to make: a
            # Jester in hand, and only Jesters in the trick besides the Witch.
            if step == "witch" and not self._witch_swaps(seat):
                continue
            self.phase = {"pass": Phase.PASSING, "cloud": Phase.CLOUD, "witch": Phase.WITCH}[step]
            self.turn = seat if seat >= 0 else self.next_leader
            self.passes = {}
            return
        self.phase = Phase.PLAYING
        self.trick = SpecialTrick(self.next_leader)
        self.turn = self.next_leader
        if len(self.tricks) == self.hand_size:
            self._end_round()

    def _pass(self, seat: Seat, card: Card) -> None:
        self.passes[seat] = lowest_copy(self.hands[seat], card)
        self.hands[seat] &= ~BIT[self.passes[seat]]
        if len(self.passes) < self.num_players:
            return
        for giver, passed in self.passes.items():  # S13: all at once, to the left
            self.hands[self.left_of(giver)] |= BIT[passed]
        self.pass_log.append((len(self.tricks), sorted(self.passes.items())))
        self._next_step()

    def _witch(self, seat: Seat, put: Card, take: Card) -> None:
        """S13: put a card of the hand into the trick, take another; the winner stays."""
        trick = self._taken_trick()
        put = lowest_copy(self.hands[seat], put)
        index = next(i for i, card in enumerate(trick.cards)
                     if canonical(card) == take and not _is_witch(trick, i, seat))
        taken = trick.cards[index]
        self.hands[seat] = self.hands[seat] & ~BIT[put] | BIT[taken]
        trick.cards[index] = put
        trick.hows[index], trick.copies[index] = HOW_NONE, None
        trick.swaps.append((seat, put, taken, trick.seats[index]))
        self._next_step()

    def _taken_trick(self) -> SpecialTrick:
        """The trick just taken, whose effects (S13) are under way."""
        assert self.last_trick is not None  # a step follows a trick
        return self.last_trick

    def _end_round(self) -> None:
        self.cloud_pad.append(self.cloud[:])
        self.bombed_pad.append(sum(trick.bombed for trick in self.tricks))
        super()._end_round()

    # --- the view's data ----------------------------------------------------------

    def pass_known(self, seat: Seat) -> list[dict[str, object]]:
        """S14: the passes of this round ``seat`` saw: the card it gave and the card it got."""
        seen = []
        for trick, passes in self.pass_log:
            given = dict(passes)
            right = (seat - 1) % self.num_players
            seen.append({"trick": trick, "gave": card_name(given[seat]), "got": card_name(given[right])})
        return seen

    def copy(self) -> Self:
        """An independent copy (of the same class: the search's Playout too)."""
        other = super().copy()
        assert isinstance(other, type(self))
        other.cloud, other.cloud_pad = self.cloud[:], [row[:] for row in self.cloud_pad]
        other.bombed_pad = self.bombed_pad[:]
        other.steps, other.passes, other.pass_log = self.steps[:], dict(self.passes), self.pass_log[:]
        other.vampire, other.stock_order = self.vampire[:], self.stock_order[:]
        other.trick = self.trick.copy()
        # The Witch swaps with the trick just taken (S13), which is also the trick in play during
        # the steps: the copy's is its own, one object wherever the original has one.
        if self.last_trick is not None:
            other.last_trick = other.trick if self.trick is self.last_trick else self.last_trick.copy()
            if self.tricks and self.tricks[-1] is self.last_trick:
                other.tricks[-1] = other.last_trick
        return other

    def _why_unrevealable(self, decision: Action, later: Sequence[tuple[Seat, Action]]) -> Reason | None:
        """A take-back must not undo a special card's step (a pass, a call, a swap, a reveal)."""
        kinds = {decision.kind, *(action.kind for _, action in later)}
        vampire = any(a.kind == "play" and a.card == VAMPIRE for a in [decision, *(a for _, a in later)])
        if kinds - {"play", "bid", "trump"} or vampire or self.phase not in (Phase.PLAYING, Phase.BIDDING):
            return Reason("undo_special", rule="S13")
        return super()._why_unrevealable(decision, later)


def _is_witch(trick: SpecialTrick, index: int, seat: Seat) -> bool:
    """Whether the trick's card at ``index`` is the Witch (or its copy) ``seat`` played."""
    return trick.played[index].effect == WITCH and trick.seats[index] == seat


def _distinct(mask: Mask) -> list[Card]:
    """The cards of ``mask``, one per kind of Wizard or Jester (their first copy)."""
    seen: list[Card] = []
    for card in cards_of(mask):
        first = canonical(card)
        if first not in seen:
            seen.append(first)
    return seen


def cards_in_play(state: SpecialState) -> list[Mask]:
    """Where every card is (for the soak's invariant): hands, stock, turned-up, set aside,
    tricks and the current trick, passes on the way."""
    places = [*state.hands, state.stock, state.set_aside]
    if state.turned is not None:
        places.append(BIT[state.turned])
    places += [mask_of(t.cards) for t in state.tricks]
    if state.trick is not state.last_trick:
        places.append(mask_of(state.trick.cards))
    if state.phase is Phase.PASSING:
        places.append(mask_of(state.passes.values()))
    return places


State.special_game = SpecialState
