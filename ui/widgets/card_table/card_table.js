// The card table: seats around the table in play order, the pile, the deck, banners, and the
// viewer's hand as cards to tap. Generic: it draws what Python sends in `data` and sends back one
// action value (`setTriggerValue("action", ...)`), the action the tapped card or button carries.
// Card art arrives as trusted SVG made by the app (ui/cards.py); every text is set as text.

const TAU = Math.PI * 2;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function hidden(node) {
  node.setAttribute("aria-hidden", "true");
  return node;
}

function svgBox(cls, svg) {
  const box = el("div", cls);
  box.innerHTML = svg; // trusted: drawn by ui/cards.py, every caller text escaped there
  return box;
}

function seatBox(seat) {
  const box = el("div", "ct-seat");
  box.dataset.seat = seat.seat;
  for (const role of seat.roles) box.classList.add("is-" + role);
  if (seat.status) box.classList.add("is-" + seat.status);
  if (seat.you) box.classList.add("is-you");
  box.appendChild(el("div", "ct-seat-name", seat.name));
  const cards = el("div", "ct-seat-cards");
  if (seat.faces) {
    for (const face of seat.faces) cards.appendChild(svgBox("ct-mini ct-face", face));
  } else if (!seat.you) {
    const shown = Math.min(seat.count, 6);
    for (let i = 0; i < shown; i++) cards.appendChild(el("span", "ct-back"));
  }
  box.appendChild(cards);
  box.appendChild(el("div", "ct-seat-count", seat.count_text));
  if (seat.role_text) box.appendChild(el("div", "ct-seat-role", seat.role_text));
  if (seat.status_text) box.appendChild(el("div", "ct-seat-status", seat.status_text));
  const parts = [seat.name, seat.count_text, seat.role_text, seat.status_text].filter(Boolean);
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", parts.join(", "));
  return box;
}

function directionArrow(label, clockwise) {
  // An arrow around the pile the way play goes: clockwise from you to the seat on your left, or
  // mirrored once a reversing card has turned it (data.clockwise false).
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "ct-direction" + (clockwise === false ? " is-counterclockwise" : ""));
  svg.dataset.direction = clockwise === false ? "counterclockwise" : "clockwise";
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", "M50 8 A42 42 0 1 1 14 28");
  path.setAttribute("fill", "none");
  path.setAttribute("stroke-width", "4");
  path.setAttribute("stroke-dasharray", "6 5");
  const head = document.createElementNS(ns, "path");
  head.setAttribute("d", "M6 20 L14 32 L24 22 Z");
  svg.appendChild(path);
  svg.appendChild(head);
  return svg;
}

// The coach's best move: a double outline (.is-coach), a badge in words (with the order of a group's
// cards) and the accessible name Python sends — never colour alone.
function markCoach(node, coach, aria, order) {
  if (!coach) return;
  node.classList.add("is-coach");
  const badge = el("span", "ct-coach-badge", order ? coach.badge + " " + order : coach.badge);
  badge.setAttribute("aria-hidden", "true");
  node.appendChild(badge);
  if (aria) node.setAttribute("aria-label", aria);
}

// The browser's own copy of a game, for a reload (Play: ui/play/saved.py signs it, the server rebuilds
// it). `data.save` is kept under `data.store_key`; `data.restore` hands the kept copy back once;
// `data.forget` removes a copy the server refused. Draws nothing when only that is asked.
function keep(data, parentElement, setTriggerValue) {
  if (!data.store_key) return false;
  try {
    if (data.forget) window.localStorage.removeItem(data.store_key);
    if (data.save) window.localStorage.setItem(data.store_key, data.save);
    // The server has its answer (it drew the probe again without `restore`): no more asking.
    if (!data.restore && parentElement._askAgain) clearTimeout(parentElement._askAgain);
    if (data.restore && !parentElement._askedBack) {
      const blob = window.localStorage.getItem(data.store_key);
      // `data.answer_empty`: say so when nothing is kept too (the learner's record waits for it before
      // it is first written, so a fresh session never overwrites a kept record).
      if (blob || data.answer_empty) {
        parentElement._askedBack = true;
        // Sent again while this probe is still on the page (a trigger sent during the page's very first
        // run can be lost); the server takes the first that arrives and ignores the rest.
        let tries = 0;
        const ask = () => {
          if (!parentElement.isConnected || tries >= 5) return;
          tries += 1;
          setTriggerValue("action", { type: "restore", blob: blob || "", nonce: Date.now() });
          parentElement._askAgain = setTimeout(ask, 2500);
        };
        ask();
      }
    }
  } catch (e) {
    // No storage (a private window, storage turned off): the game lasts as long as the session.
  }
  return !data.seats;
}

// The browser moves first: the tapped card's art flies onto the pile (a CSS transform; none under
// prefers-reduced-motion, where it is simply laid there) and the card leaves the hand at once. The
// next drawing of the table is the server's answer: the card gone from the hand confirms; a card still
// in the hand was refused and is put back visibly (.is-returned), with the reason the server sends.
function fly(root, node, pile) {
  const from = node.getBoundingClientRect();
  const to = pile.getBoundingClientRect();
  const art = node.querySelector(".ct-card-art").cloneNode(true);
  art.className = "ct-flying";
  art.setAttribute("aria-hidden", "true");
  art.style.left = from.left + "px";
  art.style.top = from.top + "px";
  root.appendChild(art);
  const top = pile.querySelector(".ct-pile-card:last-child");
  const target = top ? top.getBoundingClientRect() : to;
  const dx = target.left + (top ? 14 : 0) - from.left;
  const dy = target.top - from.top;
  const scale = (top ? target.width : from.width) / from.width;
  requestAnimationFrame(() => {
    art.style.transform = "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")";
  });
  node.classList.add("is-gone");
  root._flown = { card: node.dataset.card, art: art, count: root.querySelectorAll(
    '.ct-hand .ct-card[data-card="' + CSS.escape(node.dataset.card) + '"]').length };
  root.dataset.flown = node.dataset.card;
}

// The server's answer to a card flown ahead: confirmed (one fewer of it in the hand) or put back.
function answer(root, hand) {
  const flown = root._flown;
  if (!flown) return;
  root._flown = null;
  flown.art.remove();
  delete root.dataset.flown;
  const same = hand.querySelectorAll('.ct-card[data-card="' + CSS.escape(flown.card) + '"]');
  if (same.length >= flown.count && same.length) {
    same[0].classList.add("is-returned");
    root.dataset.returned = flown.card;
  } else {
    delete root.dataset.returned;
  }
}

// The computer players' moves of one answer (`data.steps`), played one by one at `data.step_ms`: the
// table starts as it was before them (`steps.start`), then each move sets the pile, the seat counts
// and the deck, says its narration in the headline and, with motion allowed, flies a card from the
// seat to the pile (a play) or from the deck to the seat (a draw). Each step leaves a mark
// (`ol.ct-steps`, read by screen readers as a list and by the browser tests). A tap on the table
// while they play shows the rest at once. Once done, the table is the one the data describes.
function setTable(root, view) {
  const pile = root.querySelector(".ct-pile");
  pile.replaceChildren();
  view.pile.forEach((svg, i) => {
    const card = svgBox("ct-pile-card", svg);
    card.style.setProperty("--i", String(i));
    pile.appendChild(card);
  });
  root.querySelectorAll(".ct-seat").forEach((box) => {
    const count = box.querySelector(".ct-seat-count");
    if (count && view.counts) count.textContent = view.counts[Number(box.dataset.seat)];
  });
  const deck = root.querySelector(".ct-deck-count");
  if (deck && view.deck) deck.textContent = view.deck;
}

function flyBetween(root, from, to, art) {
  if (!from || !to || !art) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const node = art.cloneNode(true);
  node.className = "ct-flying";
  node.setAttribute("aria-hidden", "true");
  node.style.left = a.left + "px";
  node.style.top = a.top + "px";
  root.appendChild(node);
  requestAnimationFrame(() => {
    node.style.transform = "translate(" + (b.left - a.left) + "px, " + (b.top - a.top) + "px)";
  });
  setTimeout(() => node.remove(), 400);
}

function playSteps(root, data) {
  const list = data.steps;
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const marks = el("ol", "ct-steps");
  marks.setAttribute("aria-label", data.headline);
  root.querySelector(".ct-table").appendChild(marks);
  const headline = root.querySelector(".ct-headline");
  const final = { pile: data.pile, counts: data.seats.map((seat) => seat.count_text), deck: data.deck.label };
  root.classList.add("is-playing");
  root.dataset.playing = "true";
  root.dataset.motion = still ? "reduced" : "full";
  root.dataset.stepMs = String(data.step_ms);   // the pace the person set (issue #25)
  setTable(root, list.start);
  let index = 0;
  const finish = () => {
    if (root._steps) clearTimeout(root._steps);
    root._steps = null;
    while (index < list.steps.length) step(false);
    setTable(root, final);
    headline.textContent = data.headline;
    root.classList.remove("is-playing");
    delete root.dataset.playing;
    root.removeEventListener("click", finish, true);
  };
  const step = (animate) => {
    const move = list.steps[index];
    const seat = root.querySelector('.ct-seat[data-seat="' + move.seat + '"]');
    if (animate && !still) {
      if (move.kind === "play") {
        const pile = root.querySelector(".ct-pile");
        flyBetween(root, seat, pile, svgBox("ct-card-art", move.pile[move.pile.length - 1]));
      } else if (move.kind === "draw") {
        flyBetween(root, root.querySelector(".ct-deck"), seat, root.querySelector(".ct-deck-back"));
      }
    }
    setTable(root, move);
    headline.textContent = move.text;
    const mark = el("li", "ct-step", move.text);
    mark.dataset.seat = move.seat;
    mark.dataset.kind = move.kind;
    marks.appendChild(mark);
    index += 1;
  };
  const next = () => {
    if (index >= list.steps.length) return finish();
    step(true);
    root._steps = setTimeout(next, data.step_ms);
  };
  root.addEventListener("click", finish, true);
  root._steps = setTimeout(next, Math.min(data.step_ms, 300));
}

export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  if (!data) return;
  if (keep(data, parentElement, setTriggerValue)) {
    return () => clearTimeout(parentElement._askAgain);
  }
  let root = parentElement.querySelector(".ct-root");
  if (!root) {
    root = el("div", "ct-root");
    parentElement.appendChild(root);
  }
  if (root._timer) {
    clearTimeout(root._timer);
    root._timer = null;
  }
  if (root._steps) {
    clearTimeout(root._steps);
    root._steps = null;
  }
  root.classList.remove("is-playing");
  delete root.dataset.playing;
  const active = parentElement.activeElement || document.activeElement;
  const focusKey = active && active.dataset ? active.dataset.ctKey : null;
  let last = 0;
  const send = (action) => {
    if (!action) return;
    const now = Date.now();
    if (now - last < 150) return; // one tap, one action
    last = now;
    if (root._timer) {
      clearTimeout(root._timer);
      root._timer = null;
    }
    setTriggerValue("action", Object.assign({}, action, { nonce: now }));
  };
  const button = (label, action, cls, key) => {
    const b = el("button", "ct-button " + (cls || ""), label);
    b.type = "button";
    b.dataset.ctKey = key;
    b.addEventListener("click", () => send(action));
    return b;
  };

  const oldHand = root.querySelector(".ct-hand");
  const handScroll = oldHand ? oldHand.scrollLeft : 0;
  root.replaceChildren();
  root.dataset.stamp = data.stamp || "";
  const table = el("div", "ct-table");
  table.setAttribute("role", "region");
  table.setAttribute("aria-label", data.order_text || "");

  // The felt: opponents around an oval in play order, clockwise from the viewer at the bottom.
  const felt = el("div", "ct-felt");
  const n = data.seats.length;
  for (const seat of data.seats) {
    const box = seatBox(seat);
    const angle = TAU / 4 + (seat.offset * TAU) / n;
    const x = 50 + 40 * Math.cos(angle);
    const y = 50 + 40 * Math.sin(angle);
    box.style.left = x.toFixed(2) + "%";
    box.style.top = y.toFixed(2) + "%";
    if (seat.you) box.classList.add("ct-seat-bottom");
    felt.appendChild(box);
  }
  const centre = el("div", "ct-centre");
  centre.appendChild(directionArrow(data.direction_text + ". " + data.order_text, data.clockwise));
  const deck = data.deck.action
    ? button("", data.deck.action, "ct-deck is-drawable", "deck")
    : el("div", "ct-deck");
  deck.appendChild(svgBox("ct-deck-back", data.deck.back));
  deck.appendChild(el("span", "ct-deck-count", data.deck.label));
  deck.setAttribute("aria-label", data.deck.label);
  if (data.deck.coach) markCoach(deck, data.coach, data.deck.aria);
  centre.appendChild(deck);
  const pile = el("div", "ct-pile");
  pile.setAttribute("role", "img");
  pile.setAttribute("aria-label", data.pile_label);
  data.pile.forEach((svg, i) => {
    const card = svgBox("ct-pile-card", svg);
    card.style.setProperty("--i", String(i));
    card.style.setProperty("--k", String(data.pile.length - 1 - i));
    pile.appendChild(card);
  });
  centre.appendChild(pile);
  felt.appendChild(centre);
  table.appendChild(felt);

  const banners = el("div", "ct-banners");
  banners.setAttribute("aria-live", "polite");
  for (const banner of data.banners) banners.appendChild(el("div", "ct-banner is-" + banner.kind, banner.text));
  table.appendChild(banners);

  const headline = el("div", "ct-headline", data.headline);
  headline.setAttribute("aria-live", "polite");
  table.appendChild(headline);

  if (data.coach) {
    const line = el("div", "ct-coach", data.coach.text);
    line.setAttribute("role", "status");
    table.appendChild(line);
  }

  const hand = el("div", "ct-hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", data.hand.label);
  if (data.hand.hidden_text) {
    hand.appendChild(el("div", "ct-hidden", data.hand.hidden_text));
  }
  for (const card of data.hand.cards) {
    const node = card.action ? el("button", "ct-card") : el("div", "ct-card");
    node.classList.add("is-" + card.state);
    node.dataset.card = card.card;
    node.dataset.ctKey = "card:" + card.id;
    node.setAttribute("aria-label", card.label);
    if (card.action) {
      node.type = "button";
      node.setAttribute("aria-pressed", card.state === "selected" ? "true" : "false");
      node.addEventListener("click", () => {
        // A card one tap plays goes to the pile at once; the server's answer confirms or puts it back.
        if (data.fly && node.dataset.alone === "true" && Date.now() - last >= 150) fly(root, node, pile);
        send(card.action);
      });
    } else {
      node.setAttribute("role", "img");
    }
    const art = svgBox("ct-card-art", card.svg);
    art.setAttribute("aria-hidden", "true");
    node.appendChild(art);
    if (card.alone) node.dataset.alone = "true"; // one tap plays it
    // The order and the ✕ are said in the card's name already (D8: the name holds what is seen).
    if (card.order) node.appendChild(hidden(el("span", "ct-order", String(card.order))));
    if (card.state === "illegal") node.appendChild(hidden(el("span", "ct-mark", "✕")));
    if (card.coach) markCoach(node, data.coach, null, card.coach_order);
    hand.appendChild(node);
  }
  // On a phone the felt scrolls away above the hand: a small copy of the top card stays beside it (D14).
  const handRow = el("div", "ct-hand-row");
  if (data.pile.length && !data.hand.hidden_text) {
    handRow.appendChild(hidden(svgBox("ct-mini-pile", data.pile[data.pile.length - 1])));
  }
  handRow.appendChild(hand);
  table.appendChild(handRow);

  if (data.why) {
    const why = el("div", "ct-why");
    why.setAttribute("role", "status");
    why.appendChild(el("strong", null, data.why_label + ": "));
    why.appendChild(document.createTextNode(data.why));
    table.appendChild(why);
  }

  if (data.picker) {
    const picker = el("div", "ct-picker");
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", data.picker.title);
    picker.appendChild(el("div", "ct-picker-title", data.picker.title));
    data.picker.options.forEach((option, i) => {
      const node = button(option.label, option.action, option.kind === "secondary" ? "is-secondary" : "is-choice",
        "pick:" + i);
      if (option.coach) markCoach(node, data.coach, option.aria);
      picker.appendChild(node);
    });
    table.appendChild(picker);
  }

  if (data.buttons.length) {
    const row = el("div", "ct-buttons");
    for (const b of data.buttons) {
      const node = button(b.label, b.action, "is-" + b.kind, "button:" + b.id);
      node.dataset.action = b.id;
      if (b.kind === "toggle") node.setAttribute("aria-pressed", b.pressed ? "true" : "false");
      if (b.coach) markCoach(node, data.coach, b.aria);
      row.appendChild(node);
    }
    table.appendChild(row);
  }

  if (data.curtain) {
    const curtain = el("div", "ct-curtain");
    curtain.setAttribute("role", "dialog");
    curtain.setAttribute("aria-label", data.curtain.text);
    curtain.appendChild(el("p", null, data.curtain.text));
    curtain.appendChild(button(data.curtain.button.label, data.curtain.button.action, "is-primary", "curtain"));
    table.appendChild(curtain);
  }
  root.appendChild(table);
  answer(root, hand);
  if (data.steps && data.steps.steps.length && root._stepsStamp !== data.stamp) {
    root._stepsStamp = data.stamp;
    playSteps(root, data);
  }

  // A hand that scrolls sideways (a phone) keeps its place across redraws, and a newly lit coach's
  // move is brought into view: its first card may lie past the screen's edge.
  hand.scrollLeft = handScroll;
  const coachKey = data.coach ? data.coach.text : "";
  if (coachKey && coachKey !== root._coachKey) {
    const first = hand.querySelector(".ct-card.is-coach");
    if (first) {
      const box = hand.getBoundingClientRect();
      const card = first.getBoundingClientRect();
      if (card.left < box.left || card.right > box.right) hand.scrollLeft += card.left - box.left - 16;
    }
  }
  root._coachKey = coachKey;

  // A new message under the hand (why a card may not go, or the move checker's question) and the
  // buttons that answer it are scrolled into view: on a laptop they can fall below the window's edge.
  const whyKey = data.why || "";
  if (whyKey && whyKey !== root._whyKey) {
    const answer = table.querySelector(".ct-buttons") || table.querySelector(".ct-why");
    if (answer) answer.scrollIntoView({ block: "nearest" });
  }
  root._whyKey = whyKey;

  // Keep the keyboard where it was: the same card or button, or the first card of the hand.
  if (focusKey) {
    const again = root.querySelector('[data-ct-key="' + CSS.escape(focusKey) + '"]')
      || (focusKey.startsWith("card:") ? root.querySelector(".ct-hand button") : null);
    if (again) again.focus({ preventScroll: true });
  }

  if (data.timer) {
    root._timer = setTimeout(() => {
      root._timer = null;
      setTriggerValue("action", Object.assign({}, data.timer.action, { nonce: Date.now() }));
    }, data.timer.ms);
  }
  return () => {
    if (root._timer) {
      clearTimeout(root._timer);
      root._timer = null;
    }
  };
}
