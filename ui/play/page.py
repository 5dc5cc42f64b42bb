"""The Play page: a whole round (or a match) against computer players on the card table, every move explained.

The one Streamlit module of the feature. The game lives in ``st.session_state[GAME]`` (one per
session); every table action — from the card-table component, from a button here, or from a test —
goes through ``ui.play.model.act``.
"""
from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from engine.position import position_to_json
from engine.ruleset import Ruleset, load_ruleset
from ui.play import learning, model, rating
from ui.play.model import STRENGTHS, Game, act
from ui.play.saved import SavedError, pack, unpack
from ui.play.text import (
    in_force,
    match_summary,
    narrate_turn,
    notice_text,
    score_cell,
    score_rule,
    several_cards_tip,
    stats_line,
    strength_label,
    transcript,
    transcript_name,
)
from ui.play.view import computer_steps, table_data
from ui.present.cards import hand_html
from ui.present.coach_text import (
    describe_hint,
    describe_shortfall,
    estimate_text,
    hint_lead,
    move_text,
    objective_label,
    value_text,
)
from ui.present.i18n import Translator
from ui.present.table_marks import moment_marks
from ui.present.widget_text import choose_one
from ui.shell import handoff, house_rules, session
from ui.shell.pages import PLAY_SCRIPT, SANDBOX_SCRIPT
from ui.widgets.card_table import card_table
from ui.widgets.choice import keep_choice
from ui.widgets.tables import plain_table

GAME = "play_game"
LIGHTING = "play_lighting"          # beginner switch: light the cards that may be played
PACE = "play_pace"
CHECKER = "play_checker"            # the move checker switch (off by default)
REVIEW = "play_review"              # the last round's review: (round number, moments)
REVIEW_ASKED = "play_review_asked"  # the review was asked for: the next run works it out
QUEUED = "play_queued"              # a table action held for the page to run under the move checker's spinner
TABLE = "play_table"
STORE_KEY = "makao-tutor/play"      # the browser's localStorage entry holding the kept game (ui/play/saved.py)
RESTORED = "play_restored"          # the kept game came back ("ok") or could not ("signature", "rules", "damaged")
LOG_LINES = "play_log_lines"        # the log's narrated moves, kept across reruns (see log_lines)
SEEN = "play_seen"                  # (round, moves) the browser's table last showed: later computer moves are played to it
PAGE_KEY = "play_page_key"          # what the page around the table was last drawn for (see page_key)
SET = "play_set_"                   # prefix of the new-game form's widget keys
RATINGS = "play_ratings"            # the learner's rating after each rated round (ui/play/rating.py)
RATINGS_READ = "play_ratings_read"  # a pupil's ratings were read back from the class database this session
PUPIL_TOKEN = "classes_pupil_token" # a pupil's session (ui/classes): ratings are kept in the class database too
LOG_SHOWN = 40
LOG_RECENT = 6                      # moves shown in the log before "Earlier moves"


def game() -> Game | None:
    value = st.session_state.get(GAME)
    return value if isinstance(value, Game) else None


def _act(action: dict[str, Any]) -> None:
    current = game()
    if current is not None:
        st.session_state[GAME] = act(current, action)
        learning.after_act(st.session_state, current, game())
        done = game()
        if isinstance(action, dict) and action.get("type") == "finish" and done is not None:
            # "Play the rest at once": the table shows the end at once, not every move played out.
            st.session_state[SEEN] = (done.round_no, done.round_seed, len(done.turns))


def _on_table(action: dict[str, Any]) -> None:
    """A tap on the table: while the move checker judges the person's moves, it runs in the page, under a spinner."""
    current = game()
    if current is not None and model.checker_active(current):
        st.session_state[QUEUED] = action
    else:
        _act(action)


def run_queued(t: Translator) -> None:
    """Runs the table action held for the move checker, with a spinner while the coach judges the move."""
    action = st.session_state.pop(QUEUED, None)
    current = game()
    if action is None or current is None:
        return
    with st.spinner(t.gettext("The coach is checking your move…")):
        st.session_state[GAME] = act(current, action)
    learning.after_act(st.session_state, current, game())


# ------------------------------------------------------------------------------- a reload keeps the game

def _on_restore(action: dict[str, Any]) -> None:
    """The browser hands back the game it kept: rebuilt by the engine from its signed moves."""
    if action.get("type") != "restore" or game() is not None:
        return
    try:
        kept = unpack(action.get("blob"), _rulesets())
    except SavedError as refused:
        st.session_state[RESTORED] = refused.reason
        return
    st.session_state[GAME] = kept
    st.session_state[RESTORED] = "ok"
    s = kept.settings          # the form shows the game's settings again: Play again deals the next seed
    st.session_state.update({SET + "rules": s.rules.id, SET + "players": s.players, SET + "humans": s.humans,
                             SET + "seed": s.seed, SET + "rounds": s.rounds, SET + "counted": s.counted})
    for index, strength in enumerate(s.strengths):
        st.session_state[f"{SET}strength_{s.humans + index}"] = strength


def draw_restore(t: Translator) -> None:
    """With no game in the session (a reload, a browser opened again): asks the browser for the kept game."""
    _ = t.gettext
    reason = st.session_state.get(RESTORED)
    if reason == "rules":
        st.warning(_("The game kept in this browser was played under house rules that this session does not "
                     "have. Deal a new game."), icon=":material/warning:")
    elif reason not in (None, "ok"):
        st.warning(_("The game kept in this browser could not be brought back: it was changed, or made by "
                     "another server. Deal a new game."), icon=":material/warning:")
    card_table({"store_key": STORE_KEY, "restore": reason is None, "forget": reason is not None},
               key=TABLE + "_restore", on_action=_on_restore)


def draw_restored_note(t: Translator) -> None:
    if st.session_state.get(RESTORED) == "ok":
        st.session_state[RESTORED] = "shown"
        st.toast(t.gettext("Your game is back: the round, the match table and the statistics."),
                 icon=":material/restore:")


# ------------------------------------------------------------------------------- the new-game form

def _rulesets() -> dict[str, Ruleset]:
    out = {vid: load_ruleset(vid) for vid in session.available_variants()}
    house = house_rules.house_ruleset()
    if house is not None:
        out[house.id] = house
    return out


def _rules_label(ruleset: Ruleset, t: Translator) -> str:
    _ = t.gettext
    if ruleset.id in session.available_variants():
        return _(ruleset.name)
    return _("House rules ({name})").format(name=_(ruleset.name))


def _on_deal() -> None:
    known = _rulesets()
    rules = known.get(st.session_state.get(SET + "rules")) or load_ruleset(session.variant())
    players = model.clamp_players(rules, st.session_state.get(SET + "players", model.default_players(rules)))
    humans = st.session_state.get(SET + "humans", 1)
    strengths = [st.session_state.get(f"{SET}strength_{seat}", model.DEFAULT_STRENGTH) for seat in range(players)]
    try:
        humans_n = min(max(int(humans), 1), players)
    except (TypeError, ValueError):
        humans_n = 1
    settings = model.make_settings(rules, players, humans_n, strengths[humans_n:], st.session_state.get(SET + "seed", 1),
                                   st.session_state.get(SET + "rounds", 1), st.session_state.get(SET + "counted", False))
    old = game()
    st.session_state[GAME] = model.start(settings, old.stats if old is not None else None)


def _on_play_again() -> None:
    # Another game, not the same cards again: the next seed, shown in the form (replaying is its own button).
    try:
        seed = int(st.session_state.get(SET + "seed", 1))
    except (TypeError, ValueError):
        seed = 1
    st.session_state[SET + "seed"] = (seed + 1) % 2**31
    _on_deal()


def draw_new_game(t: Translator, expanded: bool) -> None:
    _ = t.gettext
    known = _rulesets()
    keep_choice(SET + "rules", list(known), session.variant())   # labels follow a language switch
    with st.expander(_("New game"), expanded=expanded, icon=":material/playing_cards:"):
        rules_id = st.selectbox(_("Rules"), options=list(known), placeholder=choose_one(known, t), key=SET + "rules",
                                format_func=lambda vid: _rules_label(known[vid], t))
        rules = known[rules_id]
        low, high = rules.players
        if not low <= st.session_state.get(SET + "players", 0) <= high:
            st.session_state[SET + "players"] = model.default_players(rules)
        cols = st.columns(2)
        players = cols[0].number_input(_("Players at the table"), min_value=low, max_value=high, step=1,
                                       key=SET + "players", persist_state="session")
        if not 1 <= st.session_state.get(SET + "humans", 1) <= players:
            st.session_state[SET + "humans"] = 1
        humans = cols[1].number_input(
            _("People at this screen"), min_value=1, max_value=int(players), step=1, key=SET + "humans",
            help=_("Two or more: a hot-seat game. Between the turns of two people the hand is hidden until the "
                   "next one takes the device."), persist_state="session")
        if players > humans:
            st.caption(_("Computer players"))
            strength_cols = st.columns(min(4, int(players - humans)))
            for index, seat in enumerate(range(int(humans), int(players))):
                keep_choice(f"{SET}strength_{seat}", list(STRENGTHS), model.DEFAULT_STRENGTH)
                strength_cols[index % len(strength_cols)].selectbox(
                    seat_name_plain(seat, t), options=list(STRENGTHS), placeholder=choose_one(STRENGTHS, t),
                    key=f"{SET}strength_{seat}",
                    format_func=lambda s: strength_label(s, t))
        cols = st.columns(3)
        st.session_state.setdefault(SET + "seed", 1)
        cols[0].number_input(_("Seed"), min_value=0, max_value=2**31 - 1, step=1, key=SET + "seed", persist_state="session",
                             help=_("The same seed deals the same cards: replay a round or share it."))
        cols[1].number_input(_("Rounds in the match"), min_value=1, max_value=model.MAX_ROUNDS, step=1, value=1,
                             key=SET + "rounds", persist_state="session")
        cols[2].toggle(_("Counted match"), key=SET + "counted", help=_("No take-backs."), persist_state="session")
        st.button(_("Deal"), key="play_deal", type="primary", icon=":material/play_arrow:", on_click=_on_deal)


def seat_name_plain(seat: int, t: Translator) -> str:
    text = t.gettext("player {number}").format(number=seat + 1)
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------------------- the table and around it

def draw_options(t: Translator) -> None:
    _ = t.gettext
    st.session_state.setdefault(LIGHTING, True)
    st.session_state.setdefault(PACE, "normal")
    st.session_state.setdefault(CHECKER, False)
    # One row that wraps, each switch as wide as its words: three equal columns cut the longer labels
    # ("Light up the cards I may …", "Jelöld meg a lapokat, am…").
    row = st.container(horizontal=True, gap="medium", key="play_options")
    # Kept over a page switch: a learner who turned the checker on finds it on when coming back.
    row.toggle(_("Light up the cards I may play"), key=LIGHTING, persist_state="session",
               help=_("Off: every card looks the same, and you find the legal ones yourself."))
    labels = {"slow": _("Slow"), "normal": _("Normal"), "fast": _("Fast")}
    # The computer players' pace: the time between their moves as the browser plays them out. A popover
    # keeps the three switches' row on one line at 1280 px in every language (walkthrough D10).
    chosen = {"slow": _("Computer players: slow"), "normal": _("Computer players: normal"),
              "fast": _("Computer players: fast")}
    with row.popover(chosen[pace()], icon=":material/speed:", key="play_pace_box"):
        st.segmented_control(_("How fast the computer players' cards go down, one after another."),
                             list(model.PACES), key=PACE, format_func=labels.__getitem__,
                             persist_state="session")
    row.toggle(_("Move checker"), key=CHECKER, persist_state="session",
               help=_("Before a move that is clearly worse than the coach's best one — by more than 15 "
                      "percentage points of your chance, or by more than 15 in 100 of the best move's points — "
                      "the coach asks whether you are sure and shows the better move."))
    g = game()
    if g is not None and g.checker != bool(st.session_state[CHECKER]):
        st.session_state[GAME] = act(g, {"type": "checker", "on": bool(st.session_state[CHECKER])})


# ------------------------------------------------------------------------------- the coach

def hint_rows(g: Game, h: Any, t: Translator) -> pd.DataFrame:
    """Every legal move of the hint, best first, with its value, interval and playouts."""
    _ = t.gettext
    rows = []
    for estimate in h.moves:
        rows.append({
            _("Move"): move_text(estimate.move, g.rules, t, state=g.state),
            objective_label(h.objective.kind, t): estimate_text(estimate, h, t),
            _("Playouts"): estimate.playouts,
            _("Coach's pick"): _("best move") if estimate.move == h.best.move else "",
        })
    return pd.DataFrame(rows)


def can_hint(g: Game) -> bool:
    return model.human_to_move(g) and g.curtain is None and g.replay is None and g.pending is None


def draw_hint_button(g: Game, t: Translator) -> None:
    """The Hint button; the hint is computed here, before the table is drawn, so the table shows it."""
    _ = t.gettext
    if not can_hint(g):
        return
    if st.button(_("Hint"), key="play_hint", icon=":material/lightbulb:", disabled=g.coach is not None,
                 help=_("The coach plays the round on from here many times, seeing only what you see, "
                        "and ranks every move you may make.")):
        with st.spinner(_("The coach is playing the round on from here…")):
            st.session_state[GAME] = act(g, {"type": "hint"})


def draw_hint(g: Game, t: Translator) -> None:
    _ = t.gettext
    h = g.coach
    if h is None or not can_hint(g):
        return
    with st.container(border=True, key="play_hint_box"):
        st.markdown("**" + _("The coach's hint") + "**")
        st.markdown(hint_lead(h, g.rules, t, state=g.state))     # words first; the numbers fold away
        numbers = st.expander(_("The coach's numbers"), icon=":material/table_chart:")
        numbers.markdown(describe_hint(h, g.rules, t, state=g.state))
        numbers.table(hint_rows(g, h, t))
        numbers.caption(t.ngettext("The coach played {playouts} round on from here (a playout), over {worlds} deals of the "
                                   "cards you cannot see. In brackets: where the true value lies, 95 times in 100.",
                                   "The coach played {playouts} rounds on from here (playouts), over {worlds} deals of the "
                                   "cards you cannot see. In brackets: where the true value lies, 95 times in 100.",
                                   h.playouts).format(playouts=h.playouts, worlds=h.worlds))


def draw_checker_question(g: Game, t: Translator) -> None:
    _ = t.gettext
    if g.pending is None:
        return
    gap = g.pending.shortfall
    h = gap.hint
    # The question itself stands in the table, by the hand (ui/play/view.py); here, the coach's reasons.
    with st.container(border=True, key="play_checker_box"):
        why = describe_shortfall(h, gap.chosen.move, g.rules, t, state=g.state)
        if why:
            st.markdown("**" + _("Why the coach's move is better") + "**")
            st.markdown(why)
        cols = st.columns(2)
        cols[0].button(_("Make the move anyway"), key="play_confirm", icon=":material/check:", on_click=_act,
                       args=({"type": "confirm"},))
        cols[1].button(_("Choose again"), key="play_reconsider", type="primary", icon=":material/undo:",
                       on_click=_act, args=({"type": "reconsider"},))


def draw_several_tip(g: Game, t: Translator) -> None:
    """Under the hand, while the round runs: how several cards go down in one turn, where the rules allow it."""
    tip = several_cards_tip(g.rules, t) if not g.over and g.replay is None and g.curtain is None else None
    if tip:
        with st.container(key="play_several_tip"):
            st.caption(":material/touch_app: " + tip)


def log_lines(g: Game, turns: tuple[Any, ...], t: Translator) -> list[str]:
    """The log's lines, newest first; each move is narrated once and kept for the next reruns (a move's
    words do not change after it is made: the same game, round, seat names and language)."""
    kept = st.session_state.get(LOG_LINES)
    key = (id(g.settings), g.round_no, g.settings.humans, t.language)
    if not (isinstance(kept, dict) and kept.get("key") == key):
        kept = {"key": key, "settings": g.settings, "lines": {}}
        st.session_state[LOG_LINES] = kept
    lines = []
    for number in range(max(1, len(turns) - LOG_SHOWN + 1), len(turns) + 1):
        turn = turns[number - 1]
        known = kept["lines"].get(number)
        if known is None or known[0] is not turn:        # a take-back replaces a move: narrated anew
            known = (turn, f"{number}. " + " ".join(narrate_turn(turn, g, t)))
            kept["lines"][number] = known
        lines.append(known[1])
    lines.reverse()                   # newest first: the last move is always in view
    return lines


def draw_log(g: Game, t: Translator) -> None:
    _ = t.gettext
    turns = g.rounds[-1].turns[:g.replay] if g.replay is not None and g.rounds else g.turns
    st.header(_("What happened"), anchor=False)   # h2 under the page's h1 (axe: heading-order)
    if not turns:
        st.caption(_("No move yet. Player 1 starts."))
        return
    lines = log_lines(g, turns, t)
    # No scrolling box: a region that scrolls must take the keyboard's focus (axe,
    # scrollable-region-focusable), which a Streamlit container cannot. The older moves fold away.
    with st.container(key="play_log"):
        for line in lines[:LOG_RECENT]:
            st.markdown(line.replace("*", "\\*"))
        if lines[LOG_RECENT:]:
            with st.expander(_("Earlier moves"), icon=":material/history:"):
                st.markdown("\n\n".join(line.replace("*", "\\*") for line in lines[LOG_RECENT:]))


def draw_sandbox_button(g: Game, t: Translator) -> None:
    _ = t.gettext
    state = model.shown_state(g)
    if state.over:
        return
    position = position_to_json(state)
    position.pop("over", None)
    if st.button(_("Open this moment in the Sandbox"), key="play_open_sandbox", icon=":material/science:",
                 help=_("Opens the position with every hand face up, to try other moves. Your game stays here: "
                        "come back to Play in the menu.")):
        handoff.hand_over(SANDBOX_SCRIPT, position)   # in this session, so house rules travel too


def draw_round_end(g: Game, t: Translator) -> None:
    _ = t.gettext
    record = g.rounds[-1]
    st.header(_("Scores"), anchor=False)
    st.caption(score_rule(g, t))
    rows = {}
    for rec in g.rounds:
        rows[_("Round {number}").format(number=rec.number)] = [score_cell(g, rec, s, t) for s in range(g.settings.players)]
    rows[_("Total")] = [str(v) for v in model.totals(g)]
    frame = pd.DataFrame(rows, index=[seat_name_plain(s, t) for s in range(g.settings.players)]).T
    plain_table(frame)
    summary = match_summary(g, t)
    if summary:
        st.markdown("**" + summary + "**")
    cols = st.columns(3)
    if not g.match_over:
        cols[0].button(_("Next round"), key="play_next_round", type="primary", icon=":material/skip_next:",
                       on_click=_act, args=({"type": "next_round"},))
    else:
        cols[0].button(_("Play again"), key="play_again", type="primary", icon=":material/replay:",
                       on_click=_on_play_again, help=_("New cards: the next seed. Replay the round shows this one again."))
    cols[1].download_button(_("Download the round (text)"), data=transcript(g, record, t),
                            file_name=transcript_name(g, record), mime="text/plain", key="play_transcript",
                            icon=":material/download:", on_click="ignore")
    if g.replay is None:
        cols[2].button(_("Replay the round"), key="play_replay", icon=":material/history:", on_click=_act,
                       args=({"type": "replay", "to": 0},))


def _review_key(g: Game) -> tuple[int, int, int]:
    record = g.rounds[-1]
    return record.number, record.seed, len(record.turns)


def draw_moment_cards(before: Any, gap: Any, g: Game, t: Translator) -> None:
    """The top card of the pile and the learner's hand at a reviewed moment, small, so the move reads in its
    place: the cards of the learner's move raised, the coach's best move's outlined."""
    _ = t.gettext
    deck = g.rules.deck
    hand = before.hands[before.to_move]
    highlights, labels, legend = moment_marks(hand, gap.chosen.move, gap.best.move, g.rules, t)
    # A row that wraps (columns would stack on a phone, one above the other with wide gaps).
    row = st.container(horizontal=True, gap="medium")
    pile_col, hand_col = row.container(width="content"), row.container(width="content")
    pile_col.caption(_("On the pile"))
    pile_col.markdown(hand_html([before.top], deck, four_colour=session.four_colour(), width=44, translations=t),
                      unsafe_allow_html=True)
    for line in in_force(g, before, t):      # the wish that made the move legal, as the table's banner said it
        pile_col.caption(line)
    hand_col.caption(_("Your hand then"))
    # Little overlap: a raised card is drawn over its right neighbour, which must stay readable.
    hand_col.markdown(hand_html(hand, deck, four_colour=session.four_colour(), width=44, overlap=0.1,
                                highlights=highlights, labels=labels, translations=t), unsafe_allow_html=True)
    if legend:
        st.caption(legend)


def _ask_review() -> None:
    st.session_state[REVIEW_ASKED] = True


def _reviewed_moments(g: Game, t: Translator) -> tuple[Any, ...] | None:
    """The round's review, kept or worked out now that it was asked for; None while the button waits."""
    _ = t.gettext
    kept = st.session_state.get(REVIEW)
    if not (isinstance(kept, tuple) and len(kept) == 2 and kept[0] == _review_key(g)):
        if not st.session_state.pop(REVIEW_ASKED, False):
            st.button(_("Review my moves"), key="play_review_ask", icon=":material/insights:", on_click=_ask_review,
                      help=_("The coach looks at each of your moves in this round, from what you saw then, and "
                             "shows the ones that cost you most."))
            return None
        _run_review(g, t)
        kept = st.session_state[REVIEW]
    return kept[1]


def _run_review(g: Game, t: Translator) -> None:
    """Lets the coach look at every move of the round, with a progress bar, and keeps what it found."""
    _ = t.gettext
    # Asked (in the button's callback, before this run): the run that works draws no button, so the
    # progress bar takes its place and no button is left to press again while the coach works.
    bar = st.progress(0.0, text=_("The coach is looking at your moves…"))

    def advance(done: int, total: int) -> None:
        bar.progress(done / total, text=_("The coach is looking at your move {done} of {total}…").format(
            done=done, total=total))

    def look_closer(done: int, total: int) -> None:
        bar.progress(done / total, text=t.ngettext(
            "The coach is taking a closer look at the move that cost most…",
            "The coach is taking a closer look at the {count} moves that cost most…", total).format(count=total))

    st.session_state[REVIEW] = (_review_key(g), model.review(g, advance, look_closer))
    learning.reviewed(st.session_state, st.session_state[REVIEW][1])
    bar.empty()


def draw_review(g: Game, t: Translator) -> None:
    """After a round: the two or three moves where your choice lost most against the coach's best one."""
    _ = t.gettext
    moments = _reviewed_moments(g, t)
    if moments is None:
        return
    st.header(_("The moments that mattered"), anchor=False)
    if not moments:
        st.success(_("The coach found no move of yours that was clearly worse than its best one in this round."),
                   icon=":material/thumb_up:")
        return
    for number, moment in enumerate(moments):
        _draw_moment(number, moment, g, t)


def _draw_moment(number: int, moment: Any, g: Game, t: Translator) -> None:
    """One moment of the review: both moves with their values, the cards, why the coach's is better."""
    _ = t.gettext
    gap = moment.shortfall
    h = gap.hint
    with st.container(border=True, key=f"play_review_{number}"):
        st.markdown("**" + _("Move {number}. Your move: {chosen} — {value}. The coach's best move: {best} — "
                             "{best_value}.").format(
            number=moment.index + 1, chosen=move_text(gap.chosen.move, g.rules, t, state=moment.before),
            value=value_text(gap.chosen, h, t), best=move_text(gap.best.move, g.rules, t, state=moment.before),
            best_value=value_text(gap.best, h, t)) + "**")
        draw_moment_cards(moment.before, gap, g, t)
        why = describe_shortfall(h, gap.chosen.move, g.rules, t, state=moment.before)
        if why:   # the reasons speak of the coach's move ("you wish for ♦" is its wish, not the learner's)
            st.markdown("**" + _("Why the coach's move is better") + "**")
            st.markdown(why)
        if st.button(_("Open in the Sandbox"), key=f"play_review_open_{number}", icon=":material/science:"):
            position = position_to_json(moment.before)
            position.pop("over", None)
            handoff.hand_over(SANDBOX_SCRIPT, position)


def draw_replay_bar(g: Game, t: Translator) -> None:
    _ = t.gettext
    total = len(g.rounds[-1].turns)
    at = g.replay or 0
    st.info(_("Replay: move {at} of {total}. Every hand is shown face up.").format(at=at, total=total),
            icon=":material/history:")
    cols = st.columns(4)
    cols[0].button(t.pgettext("replay: back to the first move", "Start"), key="play_replay_start", on_click=_act, args=({"type": "replay", "to": 0},),
                   icon=":material/first_page:", disabled=at == 0)
    cols[1].button(_("Back"), key="play_replay_back", on_click=_act, args=({"type": "replay", "to": at - 1},),
                   icon=":material/chevron_left:", disabled=at == 0)
    cols[2].button(_("Forward"), key="play_replay_forward", on_click=_act, args=({"type": "replay", "to": at + 1},),
                   icon=":material/chevron_right:", disabled=at >= total)
    cols[3].button(_("End replay"), key="play_replay_end", on_click=_act, args=({"type": "replay_end"},),
                   icon=":material/close:")


def page_key(g: Game | None) -> tuple[Any, ...]:
    """What the page around the table shows: it is drawn again only when this changes (a round ends,
    a replay starts or ends, another round or game is dealt)."""
    if g is None:
        return (None,)
    return g.settings.seed, g.round_no, len(g.rounds), g.over, g.replay is None, g.stats


def log_in_table(g: Game) -> bool:
    """While the round runs (or is replayed) the log follows every move, in the table's fragment; after
    the round it stands under the scores and the review."""
    return not g.over or g.replay is not None


def draw_table(t: Translator) -> None:
    """The table, its buttons, the coach's hint and question, and the log: what a tap changes."""
    _ = t.gettext
    g = game()
    if g is None or page_key(g) != st.session_state.get(PAGE_KEY):
        st.rerun(scope="app")           # the round ended, a replay began or ended: the page around changes too
    # The move checker and the hint run before the table is drawn (the table shows their outcome), but
    # their button and spinner sit under it, beside the hand, where a thumb on a phone is: the slots
    # are laid out first and filled in the order the work needs.
    notice_slot = st.container()
    table_box = st.container(key="play_table_box")
    with st.container(key="play_under_table"):
        run_queued(t)
        draw_hint_button(game(), t)
    g = run_computers_ahead(game())
    if page_key(g) != st.session_state.get(PAGE_KEY):
        st.rerun(scope="app")           # the checked move (or the computer players' moves) ended the round
    notice = notice_text(g.notice, t)
    if notice:
        notice_slot.caption(notice)
    data = table_data(g, t, lighting=bool(st.session_state.get(LIGHTING, True)), four_colour=session.four_colour(),
                      pace=pace())
    data.update(computer_list(g, t))
    data.update(store_key=STORE_KEY, save=pack(g),     # the browser keeps the game for a reload
                fly=not model.checker_active(g))       # and moves a lone card first (the checker may ask)
    with table_box:
        card_table(data, key=TABLE, on_action=_on_table)
        # Inside the table's own box: drawn after the box, in the page's flow, a Chromium round on a phone
        # (tests/e2e/test_play_browser.py) now and then saw the old table beside the new one during a rerun.
        draw_several_tip(g, t)
    draw_checker_question(game(), t)
    draw_hint(game(), t)
    if data["timer"] is not None:
        st.button(_("Next move"), key="play_step", icon=":material/skip_next:", on_click=_act, args=({"type": "step"},),
                  help=_("The computer players move by themselves; this makes the next move at once."))
    if g.replay is not None:
        draw_replay_bar(g, t)
    if log_in_table(g):
        draw_log(g, t)
        draw_sandbox_button(g, t)


def pace() -> str:
    """The computer players' pace the person chose (a segmented control gives None when pressed again)."""
    chosen = st.session_state.get(PACE)
    return chosen if chosen in model.PACES else "normal"


def run_computers_ahead(g: Game) -> Game:
    """The computer players' moves up to a person's next turn, made in one run: the browser plays them
    one by one (no round trip per move). Once every person is out they go on one at a time (the timer)
    or all at once ("Play the rest at once")."""
    if g.over or g.replay is not None or model.human_to_move(g) or model.people_out(g):
        return g
    g = model.run_computers(g)
    st.session_state[GAME] = g
    return g


def computer_list(g: Game, t: Translator) -> dict[str, Any]:
    """The computer moves the browser has not shown yet, with the pace the person set."""
    seen = st.session_state.get(SEEN)
    now = (g.round_no, g.round_seed, len(g.turns))
    st.session_state[SEEN] = now
    fresh = isinstance(seen, tuple) and len(seen) == 3 and seen[:2] == now[:2] and seen[2] <= now[2]
    steps = computer_steps(g, seen[2], t, four_colour=session.four_colour()) if fresh else None
    return {"steps": steps, "step_ms": model.PACES[pace()]}


@st.fragment
def table_fragment(t: Translator) -> None:
    """A tap reruns only this part of the page (the table and what a move changes)."""
    draw_table(t)


def _wanted_strength(payload: dict[str, Any] | None) -> None:
    """The path's Play goal asks for computer players of one strength: the new-game form starts with them."""
    strength = learning.wanted_strength(payload)
    if strength is not None:
        for seat in range(1, 11):
            st.session_state[f"{SET}strength_{seat}"] = strength


def draw_page() -> None:
    """Draws the Play page for the session."""
    t = session.tr()
    _ = t.gettext
    g = game()
    _wanted_strength(handoff.take(PLAY_SCRIPT, st.session_state))
    st.markdown(_("Play a whole round against computer players. Every move, yours and theirs, is explained."))
    draw_new_game(t, expanded=g is None)
    if g is None:
        st.info(_("Choose the rules and the players above, then Deal."), icon=":material/info:")
        draw_restore(t)
        return
    draw_restored_note(t)
    draw_options(t)
    st.session_state[PAGE_KEY] = page_key(game())
    table_fragment(t)
    g = game()
    if g.replay is None and g.over:
        learning.round_over(st.session_state, g)
        draw_round_end(g, t)
        draw_review(g, t)
    if not log_in_table(g):
        draw_log(g, t)
    st.caption(stats_line(g, t))
    draw_rating(g, t)


def _pupil_ratings(history: list[rating.RatingPoint]) -> list[rating.RatingPoint]:
    """A pupil's history: the class database's ratings first (another device's rounds), this session's new
    ones saved there; the database away, the session's history stands alone."""
    token = st.session_state.get(PUPIL_TOKEN)
    if not isinstance(token, str) or not token:
        return history
    from storage.errors import StorageError
    from storage.streamlit_conn import get_storage
    try:
        store = get_storage()
        kept = [rating.RatingPoint(*row) for row in store.ratings(token)]
        known = {p.key for p in kept}
        for p in history:
            if p.key not in known:
                store.record_rating(token, p.key, p.variant, p.mu, p.sigma)
                kept.append(p)
        return kept
    except StorageError:
        return history


def draw_rating(g: Game, t: Translator) -> None:
    """The learner's rating after each round against the computer players, as a small chart."""
    if g.settings.humans != 1:
        return   # a hot seat game is not rated (ui/play/rating.py)
    history = rating.extend(st.session_state.get(RATINGS) or [], rating.game_rounds(g), g.settings.strengths)
    if history != st.session_state.get(RATINGS) or not st.session_state.get(RATINGS_READ):
        history = _pupil_ratings(history)
        st.session_state[RATINGS_READ] = True
    st.session_state[RATINGS] = history
    st.caption(rating.rating_line(history, t))
    if history:
        with st.expander(t.gettext("Your rating over your rounds")):
            st.altair_chart(rating.chart(history, g.rules.id, t), width="stretch")
