"""The Play page's words: seat names, the running narration, banners, notices, scores and the transcript.

No Streamlit. Rule sentences come from the engine's events and reason codes through ``ui.reasons``;
this module only names the seats ("player 1 (you)"), says who hits whom, and the game's own words
("Stop makao!", the score table). Every msgid is a literal gettext call here, so Babel extracts it.
"""
from __future__ import annotations

from typing import Any

from engine.match import round_winners
from engine.moves import format_move
from engine.rules import legal_moves
from engine.ruleset import Ruleset
from engine.verdicts import Event, Reason, Verdict
from ui.play.model import (
    Game,
    RoundRecord,
    Turn,
    auto_call,
    higher_is_better,
    is_human,
    match_loser,
    people_out,
    strength_of,
    totals,
)
from ui.present import grammar
from ui.present.cards import suit_word
from ui.present.coach_text import move_text, value_text
from ui.present.i18n import N_, Translator
from ui.present.reasons import card_text, cards_text, describe_event, describe_reason, describe_verdict, wish_rank_text
from ui.present.score_text import score_rule_text
from ui.present.seating import next_seat, previous_seat
from ui.present.widget_text import call_button_label

STRENGTH_LABELS = {
    "beginner": N_("beginner"),
    "club": N_("club player"),
    "expert": N_("expert"),
}
# The same msgids as the house-rules form, so the catalogs translate them once.
DURATION_LABELS = {
    "round": N_("one full round, its player included"),
    "until_return": N_("until the turn comes back to its player"),
    "until_covered": N_("until another card covers it"),
    "until_fulfilled": N_("until someone meets it"),
}
_SEAT_KEYS = ("seat", "by", "target", "winner", "loser")


def seat_name(game: Game, seat: int, t: Translator) -> str:
    """Names a seat for people: "player 1 (you)" for the one learner, "player N" otherwise."""
    if game.settings.humans == 1 and seat == 0:
        return t.gettext("player {number} (you)").format(number=seat + 1)
    return t.gettext("player {number}").format(number=seat + 1)


def seat_forms(name: str, game: Game, seat: int, t: Translator) -> dict[str, str]:
    """Returns the grammatical forms of a seat's name for placeholder ``name``: hu {seat_the}, pl {seat_ins} …"""
    you = game.settings.humans == 1 and seat == 0
    # "player 1 (you)" is declined as written; a plain "player N" by its number (pl "graczem 2").
    return grammar.player_forms(grammar.language_of(t) or "", name, seat_name(game, seat, t), None if you else seat + 1)


def seat_title(game: Game, seat: int, t: Translator) -> str:
    """A seat's label at the table: its name and, for a computer, its strength."""
    name = seat_name(game, seat, t)
    strength = strength_of(game, seat)
    if strength is None:
        return name[:1].upper() + name[1:]
    return t.gettext("{name} · {strength}").format(name=name[:1].upper() + name[1:],
                                                    strength=t.gettext(STRENGTH_LABELS.get(strength, strength)))


def strength_label(strength: str, t: Translator) -> str:
    return t.gettext(STRENGTH_LABELS.get(strength, strength))


def _named(event: Event, game: Game, t: Translator, turn: Turn | None) -> Event:
    params = dict(event.params)
    for key in _SEAT_KEYS:
        if isinstance(params.get(key), int):
            params[key] = seat_name(game, params[key], t)
    if isinstance(params.get("winners"), list):   # pl-devdo: every seat out when the round ended
        params["winners"] = [seat_name(game, s, t) if isinstance(s, int) else s for s in params["winners"]]
    if event.kind == "attack" and turn is not None and isinstance(event.params.get("target"), int):
        target = event.params["target"]
        name = seat_name(game, target, t)
        if target == previous_seat(turn.before, turn.seat) and target != next_seat(turn.before, turn.seat):
            params["target"] = t.gettext("the previous player, {name},").format(name=name, **seat_forms("name", game, target, t))
        elif target == next_seat(turn.before, turn.seat):
            params["target"] = t.gettext("the next player, {name},").format(name=name, **seat_forms("name", game, target, t))
    return Event(event.kind, params)


def _taken_in_this_move(attack: Event, later: list[Event]) -> bool:
    """Whether a draw attack's target draws its cards within the same move (taken at once), so the
    narration says the draw alone instead of "must draw" and then "draws"."""
    target = attack.params.get("target")
    return attack.params.get("kind") == "draw" and any(
        e.kind == "drew_penalty" and e.params.get("seat") == target for e in later)


def _taken_at_once_line(attack: Event, events: list[Event], game: Game, t: Translator, turn: Turn) -> str:
    """The engine's note on a play taken at once ("K♠ is taken at once: 5 cards go to player 1 (you)
    now, and play goes on after the player of K♠."), with the seat named as the log names seats."""
    played = next((e.params["cards"][-1] for e in events if e.kind == "played" and e.params.get("cards")), "")
    target = attack.params["target"]
    drawn = next((e.params.get("count", attack.params.get("amount")) for e in events
                  if e.kind == "drew_penalty" and e.params.get("seat") == target), attack.params.get("amount"))
    note = Reason("taken_at_once", {"card": played, "seat": seat_name(game, target, t), "amount": drawn})
    return _cap(describe_reason(note, game.rules.deck, t))


def narrate_turn(turn: Turn, game: Game, t: Translator, reveal: bool = False) -> list[str]:
    """The sentences of one move: what was played or drawn and every effect, from the engine's events.

    A computer player's drawn card stays hidden unless ``reveal`` (a finished round's transcript)."""
    deck = game.rules.deck
    lines: list[str] = []
    events = list(turn.events)
    for at, event in enumerate(events):
        if event.kind == "turn":
            continue
        if event.kind == "attack" and _taken_in_this_move(event, events[at + 1:]):
            # pl-devdo's K♠ (after_penalty = "after_attacker"): one sentence says who draws at once
            # and that play goes on after the K♠'s player, instead of "must draw", then "draws"
            lines.append(_taken_at_once_line(event, events, game, t, turn))
            continue
        if event.kind == "drew_penalty" and any(
                e.kind == "attack" and _taken_in_this_move(e, events[i + 1:at + 1]) for i, e in enumerate(events[:at])):
            continue  # told with the attack, above
        if event.kind == "can_play_drawn" and not (reveal or _shown_to(game, turn.seat)):
            continue  # another player's drawn card stays hidden until it is played
        if event.kind == "call_penalty" and turn.caught_by is not None:
            lines.append(_cap(t.gettext('{catcher} calls "Stop {word}!"').format(
                catcher=seat_name(game, turn.caught_by, t), word=event.params.get("word", "makao"),
                **seat_forms("catcher", game, turn.caught_by, t))))
        if event.kind == "wish_ended" and (ended := _wish_ended(turn, event, game, t)):
            lines.extend(ended)
            continue
        lines.append(describe_event(_named(event, game, t, turn), deck, t))
        if event.kind == "drew" and reveal and not is_human(game, turn.seat) and _drew_by_choice(turn):
            # The transcript only: at the table the hand is hidden, and "could have played" would tell of it.
            lines.append(_cap(t.gettext("{seat} could have played a card but chooses to draw, which is allowed.").format(
                seat=seat_name(game, turn.seat, t), **seat_forms("seat", game, turn.seat, t))))
        if (event.kind == "played" and auto_call(game.rules)
                and len(_after_hand(turn)) == 1):
            lines.append(_cap(t.gettext('The game says "{word}!" for {seat}: one card left.').format(
                word=_makao_word(game, t), seat=seat_name(game, turn.seat, t), **seat_forms("seat", game, turn.seat, t))))
        elif event.kind == "played":
            lines.extend(_cap(t.gettext('{seat} says "{word}!"').format(
                word=word, seat=seat_name(game, turn.seat, t), **seat_forms("seat", game, turn.seat, t)))
                for word in said_calls(turn, game, t))
    if turn.move.kind == "pass" and not any(e.kind not in ("turn", "passed_over") for e in turn.events):
        lines.insert(0, _cap(t.gettext("{seat} keeps the drawn card.").format(
            seat=seat_name(game, turn.seat, t), **seat_forms("seat", game, turn.seat, t))))
    return lines


def _wish_ended(turn: Turn, event: Event, game: Game, t: Translator) -> list[str]:
    """Whose demand or wish is over ("The demand for 5 by player 2 is over."), and why when it ends in another
    player's move: the turn has come round to its player again (pl-trad; pl, da when that player sits out
    or is out). Empty when the wish in force before the move is not the one that ended."""
    wish = turn.before.wish
    if wish is None or (wish.kind, wish.value) != (event.params.get("kind"), event.params.get("value")):
        return []
    deck = game.rules.deck
    by = seat_name(game, wish.by, t)
    forms = seat_forms("by", game, wish.by, t)
    if wish.kind == "rank":
        line = t.gettext("The demand for {rank} by {by} is over.").format(by=by, rank=wish_rank_text(wish.value, deck, t), **forms)
    else:
        line = t.gettext("The wish for {suit} by {by} is over.").format(by=by, suit=suit_word(wish.value, deck, t), **forms)
    lines = [_cap(line)]
    replaced = (turn.move.demand if wish.kind == "rank" else turn.move.suit) is not None   # a new jack / ace
    if turn.seat != wish.by and wish.duration in ("until_return", "round") and not replaced:
        lines.append(_cap(t.gettext("The turn has come round to {by} again.").format(by=by, **forms)))
    return lines


def _drew_by_choice(turn: Turn) -> bool:
    """Whether the seat drew a card when, with no attack on it, it could have played one (RULES: allowed)."""
    return (turn.move.kind == "draw" and turn.before.attack is None
            and any(move.kind == "play" for move in legal_moves(turn.before)))


def said_calls(turn: Turn, game: Game, t: Translator) -> list[str]:
    """The last-card calls a move said that counted, in the ruleset's own words ("Makao", hu "Makaó", "Kakaó").

    pl and hu: the player says "Makao!" going down to one card (hu "Kakaó!" on the last one); a call
    the move carries when it is not needed is ignored by the engine and not told."""
    left = len(_after_hand(turn))
    words = []
    for call, needed, flag in (("makao", 1, turn.move.makao), ("kakao", 0, turn.move.kakao)):
        rule = game.rules.call(call)
        if flag and rule is not None and left == needed and turn.move.kind == "play":
            word = rule.word or (t.gettext("Makao") if call == "makao" else call)
            words.append(word[:1].upper() + word[1:])
    return words


def call_badges(game: Game, turns: tuple[Turn, ...], state: Any, t: Translator) -> dict[int, str]:
    """A short badge per seat whose last move said a last-card call ("said “Makao!”"), shown while its
    hand is as that move left it (``state``: the position on the table); da's call, said by the game, too."""
    latest: dict[int, Turn] = {}
    for turn in turns:
        latest[turn.seat] = turn
    badges: dict[int, str] = {}
    for seat, turn in latest.items():
        left = len(_after_hand(turn))
        if turn.move.kind != "play" or len(state.hands[seat]) != left:
            continue    # it has drawn since (or was caught): the call is history
        words = said_calls(turn, game, t)
        if not words and auto_call(game.rules) and left == 1:
            words = [_makao_word(game, t)]
        if words:
            badges[seat] = t.gettext('said "{word}!"').format(word=" ".join(words))
    return badges


def _makao_word(game: Game, t: Translator) -> str:
    # The ruleset's own word for the call (da "Makao", hu "Makaó"), else the catalog's "Makao".
    rule = game.rules.calls.get("makao")
    word = rule.word if rule is not None and rule.word else t.gettext("Makao")
    return word[:1].upper() + word[1:]


def _after_hand(turn: Turn) -> list[int]:
    hand = list(turn.before.hands[turn.seat])
    for card in turn.move.cards:
        if card in hand:
            hand.remove(card)
    return hand


def _shown_to(game: Game, seat: int) -> bool:
    return is_human(game, seat) and game.settings.humans == 1


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def verdict_text(verdict: Verdict, game: Game, t: Translator) -> str:
    """The engine's explanation of a verdict (why a card may or may not go)."""
    return describe_verdict(verdict, game.rules.deck, t)


def move_words(turn: Turn, game: Game) -> str:
    """A move in the engine's notation, for the transcript (``play Jc demand 8``)."""
    return format_move(turn.move, game.rules.deck)


# --- banners on the table -------------------------------------------------------------------------

def banners(game: Game, state, t: Translator) -> list[dict[str, str]]:
    """The pending attack, the wish in force and the seats sitting out, as short lines for the table."""
    deck = game.rules.deck
    out: list[dict[str, str]] = []
    if state.attack is not None:
        amount = state.attack.amount
        card = card_text(state.attack.card, deck, t)
        if state.attack.kind == "draw":
            text = t.ngettext("Attack with {card}: {target} must draw {amount} card or defend.",
                              "Attack with {card}: {target} must draw {amount} cards or defend.", amount)
        else:
            text = t.ngettext("Attack with {card}: {target} must sit out {amount} turn or defend.",
                              "Attack with {card}: {target} must sit out {amount} turns or defend.", amount)
        out.append({"kind": "attack", "text": text.format(target=seat_name(game, state.to_move, t), amount=amount,
                                                          card=card, **seat_forms("target", game, state.to_move, t))})
    if state.wish is not None:
        wish = state.wish
        who = _cap(seat_name(game, wish.by, t))
        lasting = t.gettext(DURATION_LABELS.get(wish.duration, wish.duration))
        if wish.kind == "rank":
            text = t.gettext("Demand: {by} asks for {rank} — it lasts {duration}.").format(
                by=who, rank=wish_rank_text(wish.value, deck, t), duration=lasting, **seat_forms("by", game, wish.by, t))
        else:
            text = t.gettext("Wish: {by} asks for {suit} — it lasts {duration}.").format(
                by=who, suit=suit_word(wish.value, deck, t), duration=lasting, **seat_forms("by", game, wish.by, t))
        out.append({"kind": "wish", "text": text})
    for seat, turns in enumerate(state.waiting):
        if turns and seat not in state.finished:
            out.append({"kind": "waiting", "text": _cap(t.ngettext(
                "{seat} sits out {turns} more turn.", "{seat} sits out {turns} more turns.", turns).format(
                seat=seat_name(game, seat, t), turns=turns, **seat_forms("seat", game, seat, t)))})
    return out


def in_force(game: Game, state, t: Translator) -> list[str]:
    """What was in force at a reviewed moment (the attack, the wish or demand, who sat out), as the table's banners say it."""
    return [banner["text"] for banner in banners(game, state, t)]


# --- notices, headlines ------------------------------------------------------------------------------

def several_cards_tip(rules: Ruleset, t: Translator) -> str | None:
    """Says how to put several cards down in one turn at the table, or None where the rules allow one card a turn.

    What may go together is the ruleset's (``[play] several_cards``, ``min_group``, the house rule ``runs``);
    which cards of the hand fit is the engine's, shown by the lit cards as they are tapped.
    """
    end = t.gettext("End turn")                # the table's button once two cards or more are selected
    parts = []
    if rules.several_cards:
        if rules.min_group > 2:                # devdo: groups of three or more
            parts.append(t.ngettext(
                "{count} or more card of one rank go down together: tap them one after another, then press {button}.",
                "{count} or more cards of one rank go down together: tap them one after another, then press {button}.",
                rules.min_group).format(count=rules.min_group, button=end))
        else:
            parts.append(t.gettext("Several cards of one rank go down together: tap them one after another, "
                                   "then press {button}.").format(button=end))
    if rules.runs:
        parts.append(t.ngettext(
            "A run of {count} or more card of one suit, ranks in a row, goes down together: tap its cards in the "
            "order they go down (up or down), then press {button}.",
            "A run of {count} or more cards of one suit, ranks in a row, goes down together: tap its cards in the "
            "order they go down (up or down), then press {button}.",
            rules.runs).format(count=rules.runs, button=end))
    return " ".join(parts) or None


def checker_question(gap: Any, rules: Ruleset, t: Translator, state: Any = None) -> str:
    """The move checker's question about the move from ``state``: the learner's move and the coach's best one,
    each with its value (a draw under attack named as the penalty it takes)."""
    return t.gettext("Are you sure? Your move: {move} — {value}. The coach's best move: {best} — {best_value}.").format(
        move=move_text(gap.chosen.move, rules, t, state=state), value=value_text(gap.chosen, gap.hint, t),
        best=move_text(gap.best.move, rules, t, state=state), best_value=value_text(gap.best, gap.hint, t))


def notice_text(code: str | None, t: Translator) -> str | None:
    """The sentence of a model notice (an action that could not be done, or what just happened)."""
    messages = {
        "illegal": N_("That move is not allowed here."),
        "not_in_hand": N_("That card is not in your hand."),
        "not_your_turn": N_("Wait for your turn: a computer player is moving."),
        "pass_device": N_("Pass the device first: the next player's hand is hidden."),
        "nothing_selected": N_("Tap a card first."),
        "no_call": N_("That call is not needed now."),
        "round_over": N_("The round is over."),
        "round_running": N_("The round is still being played."),
        "match_over": N_("The match is over. Start a new game to play on."),
        "no_takeback": N_("Take-backs are off in a counted match."),
        "nothing_to_take_back": N_("You have not moved yet in this round."),
        "taken_back": N_("Your last move was taken back."),
        "bad_action": N_("That action was not understood; nothing changed."),
        "stopped": N_("The round went on too long and was stopped."),
        "answer_checker": N_("Answer the move checker first: make the move anyway, or choose again."),
    }
    message = messages.get(code or "")
    return t.gettext(message) if message else None


def turn_headline(game: Game, state, t: Translator) -> str:
    """Whose turn it is, or how the round ended."""
    if state.over:
        return t.gettext("The round is over.")
    mover = state.to_move
    if game.replay is None and people_out(game):
        return t.gettext("You are out; the computer players play on for the places.") if game.settings.humans == 1 \
            else t.gettext("Everyone at this screen is out; the computer players play on for the places.")
    if is_human(game, mover) and (game.settings.humans == 1):
        if state.drawn is not None:
            return t.gettext("Your turn: play the card you drew, or keep it.")
        return t.gettext("Your turn.")
    return _cap(t.gettext("{seat} is to move.").format(seat=seat_name(game, mover, t),
                                                       **seat_forms("seat", game, mover, t)))


def wish_choice_label(kind: str, value: str, game: Game, t: Translator) -> str:
    """The label of one choice in the wish picker (a rank, a suit, or "no wish")."""
    deck = game.rules.deck
    if value == "none":
        return t.gettext("No demand") if kind == "rank" else t.gettext("No wish")
    return wish_rank_text(value, deck, t) if kind == "rank" else suit_word(value, deck, t)


def call_label(call: str, game: Game, t: Translator) -> str:
    """The button of a last-card call, with the ruleset's own word ("Makao!", "Makaó!", "Kakaó!")."""
    rule = game.rules.calls.get(call)
    return call_button_label(rule.word if rule is not None and rule.word else call, t)


# --- scores ----------------------------------------------------------------------------------------

def score_cell(game: Game, record: RoundRecord, seat: int, t: Translator) -> str:
    """One seat's result of one round, as the ruleset counts it."""
    kind = game.rules.end_result
    score = record.scores[seat]
    if kind == "places":
        places = record.result.get("places", [])
        if seat not in places:
            return str(score)
        winners = round_winners(record.result)
        place = 1 if seat in winners else places.index(seat) + 1   # tied winners share the first place
        return t.gettext("place {place} ({points})").format(place=place, points=score)
    if kind == "loser":
        return t.gettext("lost") if score else "–"
    if kind == "winner":
        return t.gettext("won") if score else "–"
    return str(score)


def score_rule(game: Game, t: Translator) -> str:
    """How this ruleset scores a round and a match, in one sentence."""
    return score_rule_text(game.rules, t)


def match_summary(game: Game, t: Translator) -> str | None:
    """Who leads or has won the match (None before the first round ends)."""
    if not game.rounds:
        return None
    total = totals(game)
    loser = match_loser(game)
    if loser is not None:
        return _cap(t.gettext("{seat} is over 101 points and loses the match.").format(
            seat=seat_name(game, loser, t), **seat_forms("seat", game, loser, t)))
    best = max(total) if higher_is_better(game.rules) else min(total)
    leaders = [s for s, v in enumerate(total) if v == best]
    # the names keep their case mid-sentence (pl "Partię wygrywa gracz 4"), hu takes the article ("a 3. játékos")
    names = {"names": t.format_list([seat_name(game, s, t) for s in leaders]),
             "names_the": t.format_list([seat_forms("seat", game, s, t).get("seat_the", seat_name(game, s, t))
                                         for s in leaders])}
    if game.match_over:
        return _cap(t.ngettext("{names} wins the match.", "{names} win the match.", len(leaders)).format(**names))
    return _cap(t.ngettext("{names} leads the match.", "{names} lead the match.", len(leaders)).format(**names))


def stats_line(game: Game, t: Translator) -> str:
    """The session's statistics: rounds, wins, what the rounds scored and time played.

    Each score is named as its ruleset counts it: points earned (da, pl), losses (pl-trad: the fewest
    win), penalty points (cz-prsi, de-maumau, ru-101); a winner-scored round (hu) is its win. The
    current ruleset's figure is always shown, another's once the session has one."""
    s = game.stats
    kind = game.rules.end_result
    parts = [t.gettext("Rounds: {rounds}").format(rounds=s.rounds), t.gettext("wins: {wins}").format(wins=s.wins)]
    if s.points or kind in ("points", "places"):
        parts.append(t.gettext("points: {points}").format(points=s.points))
    if s.losses or kind == "loser":
        parts.append(t.gettext("losses: {losses}").format(losses=s.losses))
    if s.penalty or kind == "penalty_points":
        parts.append(t.gettext("penalty points: {points}").format(points=s.penalty))
    parts.append(t.gettext("time: {minutes} min {seconds} s").format(minutes=int(s.seconds // 60),
                                                                    seconds=int(s.seconds % 60)))
    return " · ".join(parts)


# --- transcript --------------------------------------------------------------------------------------

def transcript(game: Game, record: RoundRecord, t: Translator) -> str:
    """A finished round as readable text: the rules, the seats, every move narrated, the result."""
    rules = game.rules
    deck = rules.deck
    lines = [t.gettext("Makao Tutor — round {number} of {name}").format(number=record.number, name=t.gettext(rules.name)),
             t.gettext("Seed: {seed} · players: {players}").format(seed=record.seed, players=game.settings.players),
             ""]
    if record.turns:
        first = record.turns[0].before
        for seat, hand in enumerate(first.hands):
            lines.append(t.gettext("{seat} was dealt: {cards}").format(
                seat=_cap(seat_title(game, seat, t)), cards=cards_text(hand, deck, t)))
        lines.append(t.gettext("Starter card: {card}").format(card=card_text(first.pile[-1], deck, t)))
        lines.append("")
    for number, turn in enumerate(record.turns, start=1):
        said = " ".join(narrate_turn(turn, game, t, reveal=True))
        lines.append(f"{number}. [{move_words(turn, game)}] {said}")
    lines.append("")
    lines.append(t.gettext("Scores of this round:"))
    for seat in range(game.settings.players):
        lines.append(f"  {_cap(seat_name(game, seat, t))}: {score_cell(game, record, seat, t)}")
    return "\n".join(lines) + "\n"


def transcript_name(game: Game, record: RoundRecord) -> str:
    return f"makao-{game.rules.id}-round-{record.number}-seed-{record.seed}.txt"


def turn_entries(game: Game, turns: tuple[Turn, ...], t: Translator) -> list[dict[str, Any]]:
    """The running log, newest last: one entry per move with its seat and sentences."""
    return [{"seat": turn.seat, "text": " ".join(narrate_turn(turn, game, t))} for turn in turns]
