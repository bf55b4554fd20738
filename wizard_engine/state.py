"""The state of one game: who acts, what is legal, applying actions, undo.

A :class:`State` is created from a :class:`~wizard_engine.config.GameConfig`; its
random deals come from an RNG seeded by the config, so config + the action history
reproduce a game exactly.  :meth:`State.apply` checks every action and raises an
:class:`~wizard_engine.errors.IllegalActionError` naming the broken rule;
:meth:`State.apply_unchecked` is the fast path for search, for actions known to be legal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum

from .actions import ALL_ACTIONS, BID_BASE, TRUMP_BASE, Action, bid, choose_trump
from .cards import (
    BIT,
    DECK_SIZE,
    FIRST_JESTER,
    FIRST_WIZARD,
    FULL_MASK,
    JESTER,
    JESTER_MASK,
    RANK_OF,
    SPECIAL_MASK,
    SUIT_LETTERS,
    SUIT_OF,
    SUITS,
    WIZARD,
    WIZARD_MASK,
    Card,
    Mask,
    Suit,
    card_name,
    mask_of,
)
from .config import GameConfig, Options
from .errors import IllegalActionError, WizardError
from .reasons import Reason
from .rules import Seat, Trick, TrickRules, legal_mask, ruleset, turned_trump
from .scoring import ScoreRow, Standing, score_round, standings


class Phase(str, Enum):
    """What the game is waiting for."""

    TRUMP = "trump"  # the dealer chooses trump on a turned-up Wizard (R8)
    BIDDING = "bidding"
    PLAYING = "playing"
    OVER = "over"
    # Only with the special cards (wizard_engine.specials):
    WEREWOLF = "werewolf"  # the Werewolf's holder calls trump (S10)
    VAMPIRE = "vampire"  # the Vampire's player names what its reveal needs (S12)
    PASSING = "passing"  # every seat passes a card after a Juggler (S13)
    CLOUD = "cloud"  # the winner of a Cloud's trick changes their bid (S13)
    WITCH = "witch"  # the Witch's player swaps a card with the trick (S13)


# The kind of action each phase waits for, and the rule that says so.
_EXPECTED = {Phase.TRUMP: ("trump", "R8"), Phase.BIDDING: ("bid", "R10"), Phase.PLAYING: ("play", "R12")}


class State:
    """One play-through of a game (mutable).  A game with special cards (S1) is a
    :class:`~wizard_engine.specials.SpecialState`, which ``State(config)`` makes."""

    deck_mask: Mask = FULL_MASK
    """Every card of the game's deck."""

    special_game: type[State] | None = None
    """The class of a game with special cards: :mod:`wizard_engine.specials` sets it when imported
    (the package imports it), as it builds on this module."""

    def __new__(cls, config: GameConfig | None = None) -> State:
        if cls is State and config is not None and config.options.specials and State.special_game:
            return object.__new__(State.special_game)
        return object.__new__(cls)

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.num_players = len(config.players)
        self.rules = ruleset(config.options.schedule, config.options.unicoloured, self.num_players)
        self.rounds = self.rules.rounds(self.num_players)
        self.history: list[tuple[Seat, Action]] = []
        self.pad: list[tuple[ScoreRow, ...]] = []
        self.totals = [0] * self.num_players
        self.last_trick: Trick | None = None
        self._rng = random.Random(config.seed)
        self.draws, self.first_dealer = self._draw_first_dealer()
        self._start_round(1, self.first_dealer)

    # --- set-up -----------------------------------------------------------------

    def _draw_first_dealer(self) -> tuple[list[list[tuple[Seat, Card]]], Seat]:
        """R6: one card each, the highest deals; ties draw again among themselves."""
        contenders = list(range(self.num_players))
        draws = []
        while True:
            deck = list(range(DECK_SIZE))
            self._rng.shuffle(deck)
            drawn = list(zip(contenders, deck))
            draws.append(drawn)
            top = max(RANK_OF[card] for _, card in drawn)
            contenders = [seat for seat, card in drawn if RANK_OF[card] == top]
            if len(contenders) == 1:
                return draws, contenders[0]

    def _start_round(self, round_: int, dealer: Seat) -> None:
        """R7-R9: deal, turn up trump; the dealer's left bids first (R10)."""
        hands, turned, stock = self.rules.deal(self._rng, self.num_players, round_)
        self._begin_round(round_, dealer, hands, turned, stock)

    def _begin_round(self, round_: int, dealer: Seat, hands: list[Mask], turned: Card | None,
                     stock: Mask) -> None:
        self.round, self.dealer = round_, dealer
        self.hand_size = self.rules.hand_size(round_)
        self.hands, self.turned, self.stock = hands, turned, stock
        self.bids: list[int | None] = [None] * self.num_players
        self.taken = [0] * self.num_players
        self.tricks: list[Trick] = []
        self.trick = Trick(self.left_of(dealer))
        self.round_start = len(self.history)
        trump = self.rules.fixed_trump(round_) if self.rules.fixes_trump else turned_trump(turned)
        self.trump: Suit | None = None if trump == WIZARD else trump
        self.trick_rules: TrickRules = self.rules.trick_rules(self.trump)
        if trump == WIZARD:
            self.phase, self.turn = Phase.TRUMP, dealer
        else:
            self.phase, self.turn = Phase.BIDDING, self.left_of(dealer)

    @classmethod
    def with_deal(cls, config: GameConfig, hands: list[list[Card]], turned: Card | None = None,
                  dealer: Seat = 0, round_: int | None = None) -> State:
        """A state whose current round has the given deal (for tests and analysis).

        The round defaults to the hand size; the other cards make up the stock.  Such a
        state does not come from its seed, so it is not meant to be saved.
        """
        state = cls(config)
        masks = [mask_of(hand) for hand in hands]
        dealt = [c for hand in hands for c in hand] + ([turned] if turned is not None else [])
        stock = state.deck_mask & ~mask_of(dealt)
        if round_ is None:
            round_ = state.rules.round_of(len(hands[0]))
        state._begin_round(round_, dealer, masks, turned, stock)
        state.hand_size = len(hands[0])
        return state

    @classmethod
    def at_round(cls, config: GameConfig, round_: int, dealer: Seat) -> State:
        """A state dealt round ``round_`` from its own seed, ``dealer`` dealing (bidding practice).
        Like :meth:`with_deal`'s, it does not come from a game's actions, so it is not saved."""
        state = cls(config)
        state._start_round(round_, dealer)
        return state

    def left_of(self, seat: Seat) -> Seat:
        """R4: the next seat clockwise."""
        return (seat + 1) % self.num_players

    # --- questions ----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the last round has been scored (R18)."""
        return self.phase is Phase.OVER

    def to_act(self) -> tuple[Seat, ...]:
        """The seats that must act now: one, or every seat yet to bid under hidden bids."""
        if self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.BIDDING and self.config.options.bidding != "open":
            return tuple(s for s, b in enumerate(self.bids) if b is None)
        return (self.turn,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not to act)."""
        if seat not in self.to_act():
            return []
        if self.phase is Phase.TRUMP:
            return [choose_trump(s) for s in range(SUITS)]
        if self.phase is Phase.BIDDING:
            forbidden = self.forbidden_bid(seat)
            skip = forbidden[0] if forbidden else -1
            return [bid(b) for b in range(self.hand_size + 1) if b != skip]
        return plays_of(legal_mask(self.hands[seat], self.trick.led, self.trick_rules))

    def playable_mask(self, seat: Seat) -> Mask:
        """The cards of ``seat``'s hand it may play on the trick in play (R13, R21)."""
        return self.rules.legal_mask(self.hands[seat], self.trick.led)

    def forbidden_bid(self, seat: Seat) -> tuple[int, Reason] | None:
        """The bid an option forbids ``seat`` now, with the reason, or None (R11)."""
        if self.phase is not Phase.BIDDING or seat != self.dealer or seat != self.turn:
            return None
        others = sum(b for s, b in enumerate(self.bids) if s != seat and b is not None)
        return forbidden_last_bid(self.config.options, self.hand_size, others, self.totals, seat,
                                  final=self.round == self.rounds)

    def why_illegal(self, seat: Seat, action: Action | str) -> Reason | None:
        """Why ``seat`` may not take ``action`` now, citing the rule; None if it may."""
        action = Action.coerce(action)
        if self.phase is Phase.OVER:
            return Reason("game_over", {"action": str(action)}, "R18")
        if not 0 <= seat < self.num_players:
            return Reason("no_such_seat", {"action": str(action), "seat": seat}, "R4")
        kind, rule = _EXPECTED[self.phase]
        if seat not in self.to_act():
            if self.phase is Phase.BIDDING and self.bids[seat] is not None:
                return Reason("already_bid", {"action": str(action)}, "R10")
            turn = {"seat": self.turn, "name": self.config.players[self.turn].name, "phase": self.phase.value}
            return Reason("not_your_turn", {"action": str(action), **turn}, rule)
        if action.kind != kind:
            return Reason("wrong_phase", {"action": str(action), "phase": self.phase.value}, rule)
        if kind == "bid":
            return self._why_bid_illegal(seat, action.bid)
        if kind == "play":
            return self._why_play_illegal(seat, action.card)
        return None

    def _why_bid_illegal(self, seat: Seat, n: int) -> Reason | None:
        return why_bid_illegal(n, self.hand_size, self.forbidden_bid(seat))

    def _why_play_illegal(self, seat: Seat, card: Card) -> Reason | None:
        hand = self.hands[seat]
        if not hand & _copies(card):
            return Reason("not_in_hand", {"card": card_name(card)}, "R22")
        if not self.rules.legal_mask(hand, self.trick.led) & _copies(card):
            return self.follow_reason(card)
        return None

    def follow_reason(self, card: Card) -> Reason:
        """R13: why ``card`` may not follow the led suit of the trick in play."""
        return Reason("must_follow", {"card": card_name(card), "suit": SUIT_LETTERS[self.trick.led]}, "R13")

    def standings(self) -> list[Standing]:
        """R18/T4: every seat's place, best first (a tournament game breaks ties)."""
        return standings(self.totals, self.pad, self.config.options.schedule == "tournament")

    def winners(self) -> list[Seat]:
        """R18: the seats with the highest total (several share a win); T4: after a tournament's tie-breaks."""
        return [one["seat"] for one in self.standings() if one["place"] == 1]

    # --- actions ------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action | str) -> Action:
        """Apply ``action`` for ``seat`` after checking it; raise IllegalActionError if illegal."""
        action = Action.coerce(action)
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.apply_unchecked(seat, action)
        return action

    def apply_unchecked(self, seat: Seat, action: int) -> None:
        """Apply an action known to be legal, without checking it (the fast path for search)."""
        self.history.append((seat, ALL_ACTIONS[action]))
        if action < TRUMP_BASE:
            self._play(seat, action)
        elif action < BID_BASE:
            self.trump = action - TRUMP_BASE
            self.trick_rules = self.rules.trick_rules(self.trump)
            self.phase, self.turn = Phase.BIDDING, self.left_of(self.dealer)
        else:
            self._bid(seat, action - BID_BASE)

    def _bid(self, seat: Seat, n: int) -> None:
        bids = self.bids
        bids[seat] = n
        if self.config.options.bidding == "open":
            if seat != self.dealer:
                self.turn = self.left_of(seat)
                return
        elif None in bids:
            return
        self.phase = Phase.PLAYING
        self.turn = self.left_of(self.dealer)  # R12

    def _play(self, seat: Seat, card: Card) -> None:
        hand = self.hands[seat]
        if card >= FIRST_WIZARD:  # any copy will do: take the lowest one held
            copies = hand & (WIZARD_MASK if card < FIRST_JESTER else JESTER_MASK)
            card = (copies & -copies).bit_length() - 1
        self.hands[seat] = hand & ~BIT[card]
        trick = self.trick
        trick.add(seat, card, self.trick_rules)
        if len(trick.cards) < self.num_players:
            self.turn = self.left_of(seat)
            return
        winner = trick.winner
        self.taken[winner] += 1
        self.tricks.append(trick)
        self.last_trick = trick
        self.trick = Trick(winner)  # R12: the winner leads
        self.turn = winner
        if len(self.tricks) == self.hand_size:
            self._end_round()

    def _end_round(self) -> None:
        """R17: score the round; then deal the next or end the game (R18)."""
        rows = score_round(self.bids, self.taken, self.totals)  # type: ignore[arg-type]
        self.totals = [row.total for row in rows]
        self.pad.append(rows)
        if self.round == self.rounds:
            self.phase, self.turn = Phase.OVER, -1
        else:
            self._start_round(self.round + 1, self.left_of(self.dealer))

    # --- history ------------------------------------------------------------------

    @classmethod
    def replay(cls, config: GameConfig, actions: Sequence[tuple[Seat, Action | str]]) -> State:
        """The state after ``actions``, each checked; raises on the first illegal one."""
        state = cls(config)
        for index, (seat, action) in enumerate(actions):
            try:
                state.apply(seat, action)
            except WizardError as error:  # illegal, or not an action at all
                where = {"index": index + 1, "seat": seat}
                raise type(error)(Reason("replay_refused", where, cause=error.reason)) from None
        return state

    def why_no_undo(self, seat: Seat) -> Reason | None:
        """Why ``seat`` may not take back its last decision now; None if it may.

        A take-back is fair only while it reveals and re-decides nothing: the decision
        must be the latest of the game (no other seat has acted since), and must not have
        shown anything new: not the bid that ends hidden or secret bidding (the bids are
        then shown, R11), not the bid that ends round 1's bidding under Foresight (your own
        card is then shown, R20), not a card that completes a trick (its winner, and maybe
        the next deal, follow).

        In a relaxed game (:attr:`GameConfig.relaxed`) bots may have acted since: their
        later decisions are taken back too (they decide again), as long as none of them
        completed a trick or showed the bids or your card either.
        """
        if self.phase is Phase.OVER:
            return Reason("undo_game_over", rule="R18")
        index = self._last_decision_of(seat)
        if index is None:  # unless the last card of the game so far, which ended the last round, was yours
            ended_round = bool(self.history) and self.history[-1][0] == seat
            return Reason("undo_trick_complete", rule="R12") if ended_round else Reason("nothing_to_undo")
        later = self.history[index + 1:]
        if later and not (self.config.relaxed and all(self.config.players[s].bot for s, _ in later)):
            return Reason("undo_others_acted")
        return self._why_unrevealable(self.history[index][1], later)

    def _last_decision_of(self, seat: Seat) -> int | None:
        """The index in :attr:`history` of ``seat``'s last decision of this round, or None."""
        for index in range(len(self.history) - 1, self.round_start - 1, -1):
            if self.history[index][0] == seat:
                return index
        return None

    def _why_unrevealable(self, decision: Action, later: Sequence[tuple[Seat, Action]]) -> Reason | None:
        """Why ``decision`` and the ``later`` ones cannot be taken back without hiding
        again what they showed: a completed trick (R12), the bids (R11), your card (R20)."""
        plays = sum(action.kind == "play" for _, action in later) + (decision.kind == "play")
        if plays > len(self.trick.cards):  # a trick was completed since (or by) the decision
            return Reason("undo_trick_complete", rule="R12")
        if decision.kind != "play" and self.phase is Phase.PLAYING:  # the bidding ended since
            if self.config.options.bidding != "open":
                return Reason("undo_bids_revealed", rule="R11")
            if self.config.options.foresight and self.round == 1:
                return Reason("undo_card_revealed", rule="R20")
        return None

    def undo(self, seat: Seat) -> Action:
        """Take back ``seat``'s last decision, when :meth:`why_no_undo` allows it, and (in
        a relaxed game) the bots' decisions after it."""
        reason = self.why_no_undo(seat)
        if reason is not None:
            raise IllegalActionError(reason)
        index = self._last_decision_of(seat)
        assert index is not None  # why_no_undo found it
        taken_back = self.history[index][1]
        earlier = State(self.config)
        for past_seat, action in self.history[:index]:
            earlier.apply_unchecked(past_seat, action)
        self.__dict__.update(earlier.__dict__)
        return taken_back

    def copy(self) -> State:
        """An independent copy (for search and tests)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands, other.bids, other.taken = self.hands[:], self.bids[:], self.taken[:]
        other.totals, other.tricks, other.pad = self.totals[:], self.tricks[:], self.pad[:]
        other.history, other.trick = self.history[:], self.trick.copy()
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        return other


def forbidden_last_bid(options: Options, hand_size: int, others: int, totals: Sequence[int],
                       seat: Seat, final: bool = False) -> tuple[int, Reason] | None:
    """R11/T3: the bid an option forbids the dealer ``seat``, bidding last, and why; or None.

    ``others`` is the sum of the other players' bids this round, ``totals`` the scores
    before it and ``final`` whether it is the game's last round (T3).  The one home of the
    Canadian rule and plus/minus one: the game (:meth:`State.forbidden_bid`) and the score
    keeper (:mod:`wizard_engine.records.keeper`) ask it.
    """
    canadian_final = options.canadian_final and final
    if not (options.canadian or options.plus_minus_one or canadian_final):
        return None
    target = hand_size - others
    if target < 0:
        return None
    params = {"bid": target, "tricks": hand_size}
    if options.plus_minus_one:
        return target, Reason("plus_minus_one", params, "R11")
    top = max(totals)
    if target == 0 or totals[seat] != top or list(totals).count(top) > 1:
        return None
    return target, Reason("canadian_rule", params, "R11" if options.canadian else "T3")


def why_bid_illegal(n: int, hand_size: int, forbidden: tuple[int, Reason] | None) -> Reason | None:
    """R10/R11: why a bid of ``n`` is refused (out of 0..hand size, or the forbidden bid); None if allowed."""
    if not 0 <= n <= hand_size:
        return Reason("bid_out_of_range", {"bid": n, "max": hand_size}, "R10")
    if forbidden and forbidden[0] == n:
        return forbidden[1]
    return None


def _copies(card: Card) -> Mask:
    """Every copy of ``card``: the four Wizards, the four Jesters, or the card itself."""
    suit = SUIT_OF[card]
    if suit == WIZARD:
        return WIZARD_MASK
    return JESTER_MASK if suit == JESTER else BIT[card]


def plays_of(mask: Mask) -> list[Action]:
    """The distinct play actions for the cards in ``mask`` (one per kind of special card)."""
    actions = []
    suit_cards = mask & ~SPECIAL_MASK
    while suit_cards:  # ascending, as cards_of, without its list
        low = suit_cards & -suit_cards
        actions.append(ALL_ACTIONS[low.bit_length() - 1])
        suit_cards ^= low
    if mask & WIZARD_MASK:
        actions.append(ALL_ACTIONS[FIRST_WIZARD])
    if mask & JESTER_MASK:
        actions.append(ALL_ACTIONS[FIRST_JESTER])
    return actions
