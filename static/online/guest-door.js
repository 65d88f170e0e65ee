// The guest's engine door: the engine API (engine/api.js) answered by the host's page, so a guest's
// turn loop plays as any other and never asks whether its engine is local. The host's positions
// come in as messages (guest.js hands each to `deliver`); an operation waits for the one that
// answers it:
//   newMatch()        the host's match as it stands: the newest position come in (the ones before
//                     it are history); a guest starts no match of his own
//   act, clock, timeout  sent to the host; the answer is its first position marked `ack` (or a fresh
//                     start after the host's reload, `sync`), positions before it superseded
//   aiMove, nextDeal  someone else moves, or the host starts the next deal: its next position
//   state()           the next position nobody waited for, or the last one
//   review()          the host's replay of the deal; hint(): none at an online table
// Every answer is in the API's one shape ({ok, state?, played?, result?, error?}; `result.dealt`:
// the position starts a deal, to be dealt out on the table).
// A position that comes in while nothing waits is news: `onNews(dealt)` is called, and the turn
// loop takes it with state(). No save ever comes to a guest: the host's page keeps it.
import { engineApi, OP } from "../engine/api.js";

const REVIEW_WAIT_MS = 20_000;

/**
 * The door over `toHost(msg)`. `onNews(dealt)`: a position came in that nobody waited for (`dealt`:
 * it starts a deal); `waiting()`: the next deal waits for the host (the guest is told so).
 * Answers {api, deliver(msg), reviewed(answer), stop(answer), last()}.
 */
export function guestDoor({ toHost, onNews, waiting }) {
  const door = { inbox: [], waiter: null, reviewWaiter: null, last: null };

  function nextMessage() {
    if (door.inbox.length) return Promise.resolve(door.inbox.shift());
    return new Promise((resolve) => { door.waiter = resolve; });
  }

  async function answer() {
    for (;;) {
      const msg = await nextMessage();
      if (msg.ack || msg.sync) return msg;
    }
  }

  async function newest() {
    let first = await nextMessage();
    while (door.inbox.length) first = door.inbox.shift();
    return first;
  }

  function review() {
    toHost({ t: "review" });
    return new Promise((resolve) => {
      door.reviewWaiter = resolve;
      setTimeout(() => {
        if (door.reviewWaiter === resolve) { door.reviewWaiter = null; resolve({ ok: false, error: { code: "online_guest" } }); }
      }, REVIEW_WAIT_MS);
    });
  }

  /** A host's position as the API's answer: the step's state, what was played, whether it deals. */
  const answerOf = (msg) => (msg.ok === false ? { ok: false, error: msg.error, ...(msg.state ? { state: msg.state } : {}) }
    : { ok: true, state: msg.state, ...(msg.played ? { played: msg.played } : {}), ...(msg.dealt ? { result: { dealt: true } } : {}) });

  async function fromHost(op, arg) {
    switch (op) {
      case OP.new: return { ok: true, state: (await newest()).state };
      case OP.act: {
        const { ms, ...action } = arg ?? {};
        toHost({ t: "act", action, ...(ms != null ? { ms } : {}) });
        return answerOf(await answer());
      }
      case OP.clock: case OP.timeout:
        toHost({ t: op, ms: arg?.ms });
        return answerOf(await answer());
      case OP.nextDeal:  // the next deal starts when the host's does
        if (!door.inbox.length) waiting();
        return answerOf(await nextMessage());
      case OP.aiMove: return answerOf(await nextMessage());
      case OP.state: return door.inbox.length ? answerOf(await nextMessage()) : { ok: true, state: door.last };
      case OP.review: return review();
      case OP.hint: return { ok: true, result: { action: null } };
      default: return { ok: false, error: { code: "online_guest" } };
    }
  }

  async function call(op, arg) {
    const res = await fromHost(op, arg);
    // Positions that came in behind the answer: the loop takes them next (the guest may be to move).
    setTimeout(() => { if (door.inbox.length && !door.waiter) onNews(false); }, 0);
    return res;
  }

  return {
    api: engineApi(call),
    /** A position from the host ({ok, state, played?, dealt?, ack?, sync?} or a refusal {ok: false, error, ack}). */
    deliver(msg) {
      if (msg.state) door.last = msg.state;
      const w = door.waiter;
      if (w) { door.waiter = null; w(msg); return; }
      door.inbox.push(msg);
      onNews(!!msg.dealt);  // nobody was waiting (the guest's turn, or a summary): the loop takes it
    },
    /** The host's replay (a review's frames, or {error}). */
    reviewed(review) {
      const w = door.reviewWaiter;
      door.reviewWaiter = null;
      w?.(review && !review.error ? { ok: true, result: review } : { ok: false, error: review?.error ?? { code: "online_guest" } });
    },
    /** The table stops here: what is waiting ends with `res` (a refusal the loop does not show). */
    stop(res) {
      const w = door.waiter;
      Object.assign(door, { inbox: [], waiter: null });
      w?.(res);
    },
    last: () => door.last,
  };
}
