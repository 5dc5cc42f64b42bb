"""A game of makao against computer players: settings, the round in progress, the match, the statistics.

Pure Python, no Streamlit. The page keeps one ``Game`` per session in ``st.session_state`` and every
action at the table — a tap on a card, "Play", "Draw", a wish picked, "Makao!", the next computer
move, take back, replay, hot-seat hand-over — goes through ``act(game, action)``, which returns a new
``Game`` and never raises for a bad action (it answers with a ``notice`` instead). The card-table
component and the tests call the same function.

An action is a plain dict (what the component sends as JSON): ``{"type": "tap", "card": "Ks"}``,
``{"type": "play"}``, ``{"type": "pick", "value": "7"}``, ``{"type": "call", "call": "makao"}``,
``{"type": "draw"}`` / ``"wait"`` / ``"pass"``, ``{"type": "step"}`` (one computer move),
``{"type": "clear"}``, ``{"type": "takeback"}``, ``{"type": "ready"}`` (hot seat),
``{"type": "finish"}`` (the computer players' rest of the round at once, once every person is out),
``{"type": "next_round"}``, ``{"type": "replay", "to": N}`` and ``{"type": "replay_end"}``.
The coach (``ui.play.coaching``): ``{"type": "hint"}`` (optionally ``"playouts"``), ``{"type": "checker",
"on": true}`` (the move checker), and when the checker asks "are you sure?" ``{"type": "confirm"}`` (make
the move anyway) or ``{"type": "reconsider"}`` (choose again).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.deal import new_game
from engine.errors import EngineError
from engine.match import PENALTY_LIMITS, better, move_rng, round_winners
from engine.match import round_scores as _engine_round_scores
from engine.moves import DRAW, PASS, WAIT, Move
from engine.players import STRENGTHS, choose_move
from engine.queries import goes_down_at_once, prefix_verdict
from engine.rules import apply_move, check, legal_moves, round_result
from engine.ruleset import Ruleset
from engine.seat_view import view_of
from engine.state import State, tables_for
from engine.verdicts import Event, Verdict
from ui.play import coaching

DEFAULT_STRENGTH = "club" if "club" in STRENGTHS else STRENGTHS[0]
MAX_ROUNDS = 20
MAX_TURNS = 20_000            # as engine.match: a round still going after this many moves is stopped
PACES = {"slow": 1900, "normal": 1100, "fast": 450}    # milliseconds between computer moves, as the person sets


@dataclass(frozen=True)
class Settings:
    """What the player chose before the deal: rules, seats, who plays each seat, seed, match length."""

    rules: Ruleset
    players: int
    humans: int = 1                           # seats 0 … humans-1 are played by people (hot seat when > 1)
    strengths: tuple[str, ...] = ()           # one per computer seat, in seat order
    seed: int = 1
    rounds: int = 1                           # rounds in the match
    counted: bool = False                     # a counted match: no take-backs


@dataclass(frozen=True)
class Turn:
    """One move of the round: the position before it, who made it, the move, what happened."""

    before: State
    seat: int
    move: Move
    events: tuple[Event, ...]
    caught_by: int | None = None              # the seat that called "stop makao" on a forgotten call


@dataclass(frozen=True)
class RoundRecord:
    """A finished round of the match: its deal, its moves, and how it scored."""

    number: int
    seed: int
    turns: tuple[Turn, ...]
    result: dict[str, Any]
    scores: tuple[int, ...]
    seconds: float
    checked: frozenset[int] = frozenset()                 # seats whose moves the move checker judged
    flagged: frozenset[tuple[int, int]] = frozenset()     # (seat, move number) the checker questioned


@dataclass(frozen=True)
class Stats:
    """The session's statistics, kept across games (as the Danish app keeps them)."""

    rounds: int = 0
    wins: int = 0
    points: int = 0                           # earned: da's card points, pl's place points
    seconds: float = 0.0
    losses: int = 0                           # pl-trad: the rounds lost (the fewest losses win)
    penalty: int = 0                          # cz-prsi, de-maumau, ru-101: card points left in hand


def counted_stats(stats: Stats, rules: Ruleset, score: int, won: bool, seconds: float) -> Stats:
    """The statistics after one more round of the learner, its score counted as the ruleset scores it."""
    kind = rules.end_result
    return replace(stats, rounds=stats.rounds + 1, wins=stats.wins + int(won), seconds=stats.seconds + seconds,
                   points=stats.points + (score if kind in ("points", "places") else 0),
                   losses=stats.losses + (score if kind == "loser" else 0),
                   penalty=stats.penalty + (score if kind == "penalty_points" else 0))


@dataclass(frozen=True)
class Pending:
    """A move the move checker holds back until the player confirms it or chooses again."""

    move: Move
    shortfall: Any                            # ui.play.coaching.Shortfall


@dataclass(frozen=True)
class Game:
    """The session's game: one round in progress (or just finished) inside a match."""

    settings: Settings
    round_no: int
    round_seed: int
    state: State
    turns: tuple[Turn, ...] = ()
    selected: tuple[int, ...] = ()            # cards chosen to play, in the order tapped
    picking: bool = False                     # the selected cards wait for a wish (jack, ace, alsó, felső)
    calls: frozenset[str] = frozenset()       # last-card calls the human has made for the next play
    why: Verdict | None = None                # the engine's verdict on the last dimmed card tapped
    notice: str | None = None                 # a short model message code (see ui.play.text.notice_text)
    rounds: tuple[RoundRecord, ...] = ()      # finished rounds of this match
    viewer: int = 0                           # the human seat whose hand is shown
    curtain: int | None = None                # hot seat: the device must be passed to this seat first
    replay: int | None = None                 # replaying the last round: number of moves shown
    stats: Stats = field(default_factory=Stats)
    started: float = 0.0                      # wall-clock start of the round (time.time())
    coach: Any = None                         # the coach's Hint for the position on the table (asked for)
    checker: bool = False                     # the move checker asks before a move that gives up much
    pending: Any = None                       # the move checker's question: Pending(move, shortfall)
    checked: frozenset[int] = frozenset()     # this round: seats whose moves the move checker judged
    flagged: frozenset[tuple[int, int]] = frozenset()   # this round: (seat, move number) the checker questioned


    @property
    def rules(self) -> Ruleset:
        return self.settings.rules

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def match_over(self) -> bool:
        return self.over and (len(self.rounds) >= self.settings.rounds or match_loser(self) is not None)


# --- setting up ---------------------------------------------------------------------------------

def clamp_players(rules: Ruleset, players: Any) -> int:
    """Returns a seat count the ruleset allows (its lowest for anything unreadable)."""
    low, high = rules.players
    try:
        n = int(players)
    except (TypeError, ValueError):
        return low
    return min(max(n, low), high)


def default_players(rules: Ruleset) -> int:
    """You and three computer players (as the Danish app), or as many as the ruleset allows."""
    return clamp_players(rules, 4)


def make_settings(rules: Ruleset, players: Any = None, humans: Any = 1, strengths: Any = (), seed: Any = 1,
                  rounds: Any = 1, counted: bool = False) -> Settings:
    """Builds valid settings from whatever the form holds: counts clamped, unknown strengths replaced."""
    n = default_players(rules) if players is None else clamp_players(rules, players)
    try:
        h = min(max(int(humans), 1), n)
    except (TypeError, ValueError):
        h = 1
    given = list(strengths or ())
    chosen = tuple(given[i] if i < len(given) and given[i] in STRENGTHS else DEFAULT_STRENGTH for i in range(n - h))
    try:
        seed = int(seed) % (2**31)
    except (TypeError, ValueError):
        seed = 1
    try:
        r = min(max(int(rounds), 1), MAX_ROUNDS)
    except (TypeError, ValueError):
        r = 1
    return Settings(rules, n, h, chosen, seed, r, bool(counted))


def start(settings: Settings, stats: Stats | None = None) -> Game:
    """Deals the first round of a new match."""
    state = new_game(settings.rules, settings.players, settings.seed)
    game = Game(settings, 1, settings.seed, state, stats=stats or Stats(), started=time.time())
    return _hand_over(game)


def is_human(game: Game, seat: int) -> bool:
    return seat < game.settings.humans


def strength_of(game: Game, seat: int) -> str | None:
    """The strength of a computer seat (None for a person)."""
    if is_human(game, seat):
        return None
    return game.settings.strengths[seat - game.settings.humans]


def human_to_move(game: Game) -> bool:
    return not game.over and is_human(game, game.state.to_move)


def people_out(game: Game) -> bool:
    """Every person at the table has finished while the computer players play on for places (pl, pl-trad)."""
    return not game.over and all(seat in game.state.finished for seat in range(game.settings.humans))


# --- what the table shows -----------------------------------------------------------------------

def shown_state(game: Game) -> State:
    """The position on the table: the current one, or the replayed moment."""
    if game.replay is not None and game.rounds:
        turns = game.rounds[-1].turns
        if game.replay < len(turns):
            return turns[game.replay].before
    return game.state


def shown_turns(game: Game) -> tuple[Turn, ...]:
    """The moves that led to the position on the table: this round's so far, or the replayed ones."""
    if game.replay is not None and game.rounds:
        return game.rounds[-1].turns[:game.replay]
    return game.turns


def first_card_verdicts(state: State) -> dict[int, Verdict]:
    """The engine's verdict on each card of the mover's hand played alone (legal ones with any wish)."""
    out: dict[int, Verdict] = {}
    legal = legal_moves(state)
    for card in state.hands[state.to_move]:
        if card in out:
            continue
        move = next((m for m in legal if m.kind == "play" and m.cards == (card,)), Move("play", (card,)))
        out[card] = check(state, move)
    return out


def selectable(game: Game) -> dict[int, Verdict]:
    """For each card in the viewer's hand, the verdict on adding it to the selection now."""
    state = game.state
    if not human_to_move(game) or game.curtain is not None or game.picking:
        return {}
    if not game.selected:
        return first_card_verdicts(state)
    out: dict[int, Verdict] = {}
    plays = [m for m in legal_moves(state) if m.kind == "play"]
    rest = list(state.hands[state.to_move])
    for card in game.selected:
        rest.remove(card)
    for card in rest:   # a card goes when some legal play starts with the selection and it (a run tapped in order)
        out[card] = prefix_verdict(state, plays, game.selected + (card,))
    return out


def _call_due(game: Game, cards: int) -> bool:
    """A last-card call this play would need and that has not been said yet (pl/hu "Makao!", hu "Kakaó!")."""
    left = len(game.state.hands[game.state.to_move]) - cards
    due = {"makao": left == 1, "kakao": left == 0}
    return any(due.get(call) and call not in game.calls for call in call_choices(game))


def lone_cards(game: Game) -> frozenset[int]:
    """The cards one tap plays: legal alone, no legal play of several cards starts with them, and no
    last-card call is due with them (then the first tap selects, so the call can still be said)."""
    if game.selected or game.picking or not human_to_move(game) or game.curtain is not None:
        return frozenset()
    starts: dict[int, bool] = {}
    for move in legal_moves(game.state):
        if move.kind == "play":
            starts[move.cards[0]] = starts.get(move.cards[0], True) and len(move.cards) == 1
    if _call_due(game, 1):
        return frozenset()
    return frozenset(card for card, alone in starts.items() if alone)


def non_play_move(state: State) -> Move:
    """The mover's option besides playing: keep a drawn card, sit out, or draw."""
    if state.drawn is not None:
        return PASS
    if state.attack is not None and state.attack.kind == "skip":
        return WAIT
    return DRAW


def wish_options(game: Game) -> tuple[str, tuple[str, ...]] | None:
    """When the selected cards end in a wishing card: its kind ("rank"/"suit") and the choices, "none" included if optional."""
    if not game.selected:
        return None
    rules = game.rules
    t = tables_for(rules)
    rule = t.wish_rule[game.selected[-1]]
    if rule is None:
        return None
    values = tuple(rule.wish_values) if rule.wish == "rank" else tuple(rules.deck.suits)
    if rule.wish_optional:
        values += ("none",)
    return rule.wish, values


def call_choices(game: Game) -> tuple[str, ...]:
    """The last-card calls the human could make with the next play ("makao", "kakao"), as the ruleset requires them."""
    state = game.state
    if not human_to_move(game):
        return ()
    hand = state.hands[state.to_move]
    out = []
    if game.rules.call("makao") and len(hand) >= 2:
        out.append("makao")
    if game.rules.call("kakao") and goes_down_at_once(game.rules, hand):
        out.append("kakao")
    return tuple(out)


def auto_call(rules: Ruleset) -> bool:
    """The game says the last-card call for every player (da: "spillet siger det for dig")."""
    call = rules.calls.get("makao")
    return call is not None and not call.required


# --- scoring ------------------------------------------------------------------------------------
# As engine/match.py scores (its module doc has the table per ruleset): da the winner's points; pl
# place points (1st n-1, 2nd n-2, …); hu 1 for the winner; pl-trad 1 for the loser; cz-prsi,
# de-maumau, ru-101 the card points left in hand, and 101 ends the match over 101.


def round_scores(rules: Ruleset, result: dict[str, Any]) -> tuple[int, ...]:
    """Each seat's score for one round, as the ruleset counts it."""
    return tuple(_engine_round_scores(rules, result))


def higher_is_better(rules: Ruleset) -> bool:
    """Whether a bigger match total is better (points, places, wins) or worse (losses, penalties)."""
    return better(rules) == "higher"


def totals(game: Game) -> tuple[int, ...]:
    """Each seat's total over the finished rounds of the match."""
    out = [0] * game.settings.players
    for record in game.rounds:
        for seat, score in enumerate(record.scores):
            out[seat] += score
    return tuple(out)


def match_loser(game: Game) -> int | None:
    """ru-101: the seat over 101 points, which loses the match (else None)."""
    limit = PENALTY_LIMITS.get(game.rules.id)
    if limit is None:
        return None
    total = totals(game)
    over = [seat for seat, value in enumerate(total) if value > limit]
    return max(over, key=lambda s: total[s]) if over else None


def seat_place(rules: Ruleset, result: dict[str, Any], seat: int) -> int | None:
    """A seat's place in a finished round (1 = best), as the round's result ranks the seats.

    Winners share place 1 (pl-devdo: every seat out when the round of turns ends). Where the hands
    left are counted as penalty points (cz-prsi, de-maumau, ru-101) the others rank by those points,
    lower first, and equal points share a place; elsewhere by ``places`` (out in order, then the
    holders with the fewest cards first: engine.rules.round_result), as pl's place points count them.
    None for a seat the result does not name.
    """
    places = list(result.get("places") or ())
    if seat not in places:
        return None
    winners = round_winners(result)
    if seat in winners:
        return 1
    penalties = result.get("penalties")
    if rules.end_result == "penalty_points" and penalties is not None:
        return 1 + sum(1 for s in places if s != seat and (s in winners or penalties[s] < penalties[seat]))
    return places.index(seat) + 1


def checker_mistakes(record: RoundRecord, seat: int) -> int | None:
    """The seat's moves the move checker questioned in the round (a move asked about twice counts once,
    whether it was then made or chosen again); None when the checker judged none of its moves."""
    if seat not in record.checked:
        return None
    return sum(1 for s, _ in record.flagged if s == seat)


def finished_rounds(game: Game | None) -> list[tuple[str, str, int, bool, int, int | None, int | None]]:
    """The finished rounds of a game for a class record: (key, variant, players, won, points, place,
    checker mistakes) of the first person at the table (seat 0); "won" is going out first, points are
    the round's score, place and mistakes as ``seat_place`` and ``checker_mistakes`` give them."""
    if game is None:
        return []
    out = []
    for record in game.rounds:
        key = f"play:{record.seed}:{record.number}:{len(record.turns)}:{record.seconds:.3f}"
        won = 0 in round_winners(record.result)
        out.append((key, game.rules.id, game.state.players, won, int(record.scores[0]),
                    seat_place(game.rules, record.result, 0), checker_mistakes(record, 0)))
    return out


def round_result_of(state: State) -> dict[str, Any]:
    return round_result(state.rules, state.hands, state.finished)


# --- acting ------------------------------------------------------------------------------------

def _card(game: Game, value: Any) -> int | None:
    if not isinstance(value, str):
        return None
    try:
        return game.rules.deck.parse(value)
    except (EngineError, ValueError):
        return None


def _caught_by(game: Game, state: State, seat: int) -> int | None:
    """Who calls "stop makao" on a forgotten call (pl): the next computer player still in the round,
    else the next person."""
    seats = [(seat + step) % state.players for step in range(1, state.players)]
    seats = [s for s in seats if s not in state.finished]
    computers = [s for s in seats if not is_human(game, s)]
    return (computers or seats or [None])[0]


def _apply(game: Game, move: Move) -> Game:
    """Applies a legal move of the seat to move, records it, and finishes the round if it ended."""
    state = game.state
    verdict = check(state, move)
    if not verdict.legal:
        return replace(game, why=verdict, notice="illegal")
    after, events = apply_move(state, move, verdict)
    caught = None
    if any(e.kind == "call_penalty" for e in events):
        caught = _caught_by(game, after, state.to_move)
    turn = Turn(state, state.to_move, move, tuple(events), caught)
    game = replace(game, state=after, turns=game.turns + (turn,), selected=(), picking=False, calls=frozenset(),
                   why=None, notice=None, coach=None, pending=None)
    if after.over:
        game = _finish_round(game)
    elif len(game.turns) >= MAX_TURNS:
        game = _finish_round(replace(game, state=after._replace(over=True)), stopped=True)
    return _hand_over(game)


def _finish_round(game: Game, stopped: bool = False) -> Game:
    result = round_result_of(game.state)
    scores = round_scores(game.rules, result)
    seconds = max(0.0, time.time() - game.started) if game.started else 0.0
    record = RoundRecord(game.round_no, game.round_seed, game.turns, result, scores, seconds, game.checked,
                         game.flagged)
    won = 0 in round_winners(result) and game.settings.humans == 1   # pl-devdo: one of several winners
    stats = counted_stats(game.stats, game.rules, scores[0] if game.settings.humans == 1 else 0, won, seconds)
    return replace(game, rounds=game.rounds + (record,), stats=stats, notice="stopped" if stopped else None)


def _hand_over(game: Game) -> Game:
    """Hot seat: when another person's turn comes, the hand is hidden until they say they are ready."""
    state = game.state
    if game.over or not is_human(game, state.to_move):
        return game
    if game.settings.humans > 1 and state.to_move != game.viewer:
        return replace(game, curtain=state.to_move)
    return game


def _play_selected(game: Game, value: str | None = None) -> Game:
    """Plays the selected cards; a wishing last card first asks for its wish (the picker)."""
    options = wish_options(game)
    if options is not None and value is None:
        return replace(game, picking=True, why=None, notice=None)
    cards = game.selected
    hand_left = len(game.state.hands[game.state.to_move]) - len(cards)
    kind = options[0] if options else None
    move = Move("play", cards,
                demand=value if kind == "rank" else None,
                suit=value if kind == "suit" else None,
                makao="makao" in game.calls and hand_left == 1,
                kakao="kakao" in game.calls and hand_left == 0)
    verdict = check(game.state, move)
    if not verdict.legal:
        return replace(game, why=verdict, picking=False, notice="illegal")
    return _human_move(game, move)


def _human_move(game: Game, move: Move) -> Game:
    """A person's legal move: with the move checker on, a move that gives up much is held for a question."""
    if game.checker and check(game.state, move).legal:
        seat = game.state.to_move
        found = coaching.check_move(game.state, coaching.hint_seed(game.round_seed, len(game.turns)), move,
                                    shown=game.coach)
        game = replace(game, checked=game.checked | {seat})
        if found is not None:
            return replace(game, pending=Pending(move, found), picking=False, notice=None,
                           flagged=game.flagged | {(seat, len(game.turns))})
    return _apply(game, move)


def checker_active(game: Game) -> bool:
    """Whether the move checker judges the next move a person makes at the table now."""
    return (game.checker and not game.over and human_to_move(game) and game.curtain is None and game.replay is None
            and game.pending is None)


def ask_hint(game: Game, playouts: Any = None) -> Game:
    """The coach's hint for the person to move, kept with the game until the next move."""
    try:
        budget = min(max(int(playouts), 10), 100_000) if playouts is not None else coaching.HINT_PLAYOUTS
    except (TypeError, ValueError):
        budget = coaching.HINT_PLAYOUTS
    h = coaching.hint_for(game.state, coaching.hint_seed(game.round_seed, len(game.turns)), budget,
                          coaching.HINT_SECONDS)
    return replace(game, coach=h, notice=None if h is not None else "round_over")


def review(game: Game, progress: Callable[[int, int], None] | None = None,
           closer: Callable[[int, int], None] | None = None) -> tuple[coaching.Moment, ...]:
    """The moments of the last finished round where a person's move lost most against the coach's best."""
    if not game.rounds:
        return ()
    record = game.rounds[-1]
    # The budgets are read now, as ask_hint reads the hint's, not bound when coaching was imported.
    return coaching.review(record.turns, lambda seat: is_human(game, seat), record.seed,
                           playouts=coaching.REVIEW_PLAYOUTS, seconds=coaching.REVIEW_SECONDS, progress=progress,
                           closer=closer, closer_playouts=coaching.HINT_PLAYOUTS,
                           closer_seconds=coaching.HINT_SECONDS)


def _tap(game: Game, card: int) -> Game:
    state = game.state
    if card not in state.hands[state.to_move]:
        return replace(game, notice="not_in_hand")
    if game.selected and card == game.selected[-1]:
        return _play_selected(game)                   # a second tap plays
    if card in game.selected:
        return replace(game, selected=tuple(c for c in game.selected if c != card), why=None, notice=None)
    verdict = selectable(game).get(card)
    if verdict is None:
        return replace(game, notice="not_in_hand")
    if not verdict.legal:
        return replace(game, why=verdict, notice=None)
    if card in lone_cards(game):
        return _play_selected(replace(game, selected=(card,), why=None, notice=None))   # one tap plays it
    return replace(game, selected=game.selected + (card,), why=None, notice=None)


def computer_move(game: Game) -> Move:
    """The move the computer player to move chooses, seeing only what its seat may see."""
    state = game.state
    seat = state.to_move
    view = view_of(state, seat)
    # The same generator as engine.match's rounds, so a seed replays the same round there and here.
    for strength in dict.fromkeys((strength_of(game, seat), DEFAULT_STRENGTH, STRENGTHS[0])):
        try:
            move = choose_move(view, strength, move_rng(game.round_seed, len(game.turns)))
        except Exception:  # e.g. the expert player not installed: the next weaker one plays the move
            continue
        if move is not None and check(state, move).legal:
            return move
    return legal_moves(state)[0]


def _next_round(game: Game) -> Game:
    if not game.over:
        return replace(game, notice="round_running")
    if game.match_over:
        return replace(game, notice="match_over")
    seed = (game.settings.seed + 7919 * len(game.rounds)) % (2**31)
    state = new_game(game.rules, game.settings.players, seed)
    fresh = replace(game, round_no=game.round_no + 1, round_seed=seed, state=state, turns=(), selected=(),
                    picking=False, calls=frozenset(), why=None, notice=None, viewer=0, curtain=None, replay=None,
                    started=time.time(), coach=None, pending=None, checked=frozenset(), flagged=frozenset())
    return _hand_over(fresh)


def _take_back(game: Game) -> Game:
    if game.settings.counted:
        return replace(game, notice="no_takeback")
    if game.over:
        return replace(game, notice="round_over")
    for index in range(len(game.turns) - 1, -1, -1):
        if is_human(game, game.turns[index].seat):
            turn = game.turns[index]
            return replace(game, state=turn.before, turns=game.turns[:index], selected=(), picking=False,
                           calls=frozenset(), why=None, notice="taken_back", viewer=turn.seat, curtain=None,
                           coach=None, pending=None)
    return replace(game, notice="nothing_to_take_back")


def can_take_back(game: Game) -> bool:
    return not game.settings.counted and not game.over and any(is_human(game, t.seat) for t in game.turns)


def act(game: Game, action: Any) -> Game:
    """Applies one table action and returns the new game; a bad or untimely action gives a notice, never an error."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return replace(game, notice="bad_action")
    kind = action["type"]
    done = _act_on_match(game, kind, action)
    if done is not None:
        return done
    if game.over:
        return replace(game, notice="round_over")
    if kind in ("finish", "step"):
        return _act_for_computers(game, kind)
    if not human_to_move(game):
        return replace(game, notice="not_your_turn")
    if game.curtain is not None:
        return replace(game, notice="pass_device")
    done = _act_on_coach(game, kind, action)
    if done is not None:
        return done
    if game.pending is not None:
        return replace(game, notice="answer_checker")
    return _act_on_hand(game, kind, action)


def _act_on_match(game: Game, kind: str, action: dict[str, Any]) -> Game | None:
    """The actions of the match around the round: replay, next round, take back, hot seat, the checker switch."""
    if kind == "replay":
        if not game.over or not game.rounds:
            return replace(game, notice="round_running")
        total = len(game.rounds[-1].turns)
        try:
            to = min(max(int(action.get("to", 0)), 0), total)
        except (TypeError, ValueError):
            to = 0
        return replace(game, replay=to, notice=None)
    if kind == "replay_end":
        return replace(game, replay=None, notice=None)
    if kind == "next_round":
        return _next_round(game)
    if kind == "takeback":
        return _take_back(game)
    if kind == "ready":
        if game.curtain is None:
            return game
        return replace(game, viewer=game.curtain, curtain=None, notice=None)
    if kind == "checker":
        return replace(game, checker=bool(action.get("on")), pending=None, notice=None)
    return None


def _act_for_computers(game: Game, kind: str) -> Game:
    """One computer move (the timer's step), or the rest of the round once every person is out."""
    if kind == "finish":
        if not people_out(game):
            return replace(game, notice="round_running")
        return run_computers(game)
    if human_to_move(game):
        return replace(game, notice=None)         # a late timer tick: nothing to do
    return _apply(game, computer_move(game))


def _act_on_coach(game: Game, kind: str, action: dict[str, Any]) -> Game | None:
    """The hint, and the answer to the move checker's question."""
    if kind == "hint":
        return ask_hint(game, action.get("playouts"))
    if kind == "confirm":
        if game.pending is None:
            return replace(game, notice="bad_action")
        return _apply(game, game.pending.move)
    if kind == "reconsider":
        return replace(game, pending=None, selected=(), picking=False, calls=frozenset(), notice=None)
    return None


def _act_on_hand(game: Game, kind: str, action: dict[str, Any]) -> Game:
    """The person's own actions: tap a card, play the selection, pick a wish, clear, call, draw / wait / keep."""
    if kind == "tap":
        card = _card(game, action.get("card"))
        if card is None:
            return replace(game, notice="not_in_hand")
        if game.picking:
            return replace(game, picking=False, selected=(), notice=None) if card in game.selected else game
        return _tap(game, card)
    if kind == "play":
        if not game.selected:
            return replace(game, notice="nothing_selected")
        return _play_selected(game)
    if kind == "pick":
        return _pick(game, action.get("value"))
    if kind == "clear":
        return replace(game, selected=(), picking=False, why=None, notice=None)
    if kind == "call":
        call = action.get("call")
        if call not in call_choices(game):
            return replace(game, notice="no_call")
        calls = game.calls - {call} if call in game.calls else game.calls | {call}
        return replace(game, calls=calls, notice=None)
    if kind in ("draw", "wait", "pass"):
        move = non_play_move(game.state)
        if move.kind != kind:
            return replace(game, why=check(game.state, Move(kind)), notice=None)
        return _human_move(replace(game, selected=()), move)
    return replace(game, notice="bad_action")


def _pick(game: Game, value: Any) -> Game:
    if not game.picking:
        return replace(game, notice="nothing_selected")
    options = wish_options(game)
    if options is None or value not in options[1]:
        return replace(game, notice="bad_action")
    return _play_selected(game, value)


def replay_move(game: Game, move: Move) -> Game | None:
    """Makes a kept move again (a game brought back after a reload): None when it is not legal now."""
    if game.over or not check(game.state, move).legal:
        return None
    return _apply(game, move)


def run_computers(game: Game, limit: int = MAX_TURNS) -> Game:
    """Plays computer moves until a person is to move or the round ends (tests and the "skip ahead" button)."""
    for _ in range(limit):
        if game.over or human_to_move(game):
            break
        game = act(game, {"type": "step"})
    return game
