// Short sound effects synthesised with the Web Audio API: no audio files to download.
// Off by default; the AudioContext is created on the first sound after the player turns
// sound on (browsers let audio start only after a user gesture).
import { viewerOf } from "./viewer.js";

const EFFECTS = {
  // A card laid on the cloth: a short filtered noise burst with a low thump.
  play(ctx, out, t) {
    noise(ctx, out, t, 0.07, 1800, 0.5);
    tone(ctx, out, t, 140, 0.08, 0.35, "sine");
  },
  // Cards swept towards the winner: a longer, rising noise swish.
  collect(ctx, out, t) {
    noise(ctx, out, t, 0.22, 900, 0.25, 3200);
  },
  // Dealing or drawing: a crisp tick.
  draw(ctx, out, t) {
    noise(ctx, out, t, 0.04, 3500, 0.3);
  },
  // The Brisca exchange: two quick ticks.
  exchange(ctx, out, t) {
    noise(ctx, out, t, 0.04, 3000, 0.3);
    noise(ctx, out, t + 0.09, 0.04, 3000, 0.3);
  },
  // Not allowed: a soft low double buzz.
  error(ctx, out, t) {
    tone(ctx, out, t, 180, 0.09, 0.18, "square");
    tone(ctx, out, t + 0.12, 150, 0.12, 0.18, "square");
  },
  // A deal or match won: a rising major arpeggio.
  win(ctx, out, t) {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ctx, out, t + i * 0.11, f, 0.22, 0.22, "triangle"));
  },
  // A deal or match lost: a falling minor third.
  lose(ctx, out, t) {
    tone(ctx, out, t, 392, 0.25, 0.22, "triangle");
    tone(ctx, out, t + 0.2, 311.13, 0.4, 0.22, "triangle");
  },
  // Your turn: a gentle bell.
  turn(ctx, out, t) {
    tone(ctx, out, t, 880, 0.25, 0.12, "sine");
  },
  // The move clock's last seconds: three quick high beeps.
  clock(ctx, out, t) {
    [0, 0.16, 0.32].forEach((d) => tone(ctx, out, t + d, 1320, 0.09, 0.2, "square"));
  },
};

function tone(ctx, out, t, freq, dur, gain, type) {
  const osc = ctx.createOscillator();
  const env = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  env.gain.setValueAtTime(0.0001, t);
  env.gain.exponentialRampToValueAtTime(gain, t + 0.01);
  env.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  osc.connect(env).connect(out);
  osc.start(t);
  osc.stop(t + dur + 0.02);
}

let noiseBuffer = null;

function noise(ctx, out, t, dur, freq, gain, sweepTo) {
  if (!noiseBuffer) {
    // Seeded linear congruential noise: the same sound every time, no Math.random.
    noiseBuffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * 0.5), ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    let x = 12345;
    for (let i = 0; i < data.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      data[i] = (x / 2147483648) - 1;
    }
  }
  const src = ctx.createBufferSource();
  src.buffer = noiseBuffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.setValueAtTime(freq, t);
  if (sweepTo) filter.frequency.exponentialRampToValueAtTime(sweepTo, t + dur);
  filter.Q.value = 0.9;
  const env = ctx.createGain();
  env.gain.setValueAtTime(0.0001, t);
  env.gain.exponentialRampToValueAtTime(gain, t + 0.005);
  env.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  src.connect(filter).connect(env).connect(out);
  src.start(t);
  src.stop(t + dur + 0.02);
}

// createSound(enabled) -> { enabled, setEnabled(on), play(name) }.
// play() never throws: a browser without Web Audio simply stays silent.
export function createSound(enabled = false) {
  let ctx = null;
  let master = null;
  const sound = {
    enabled,
    setEnabled(on) {
      sound.enabled = Boolean(on);
      if (sound.enabled) ensure();
    },
    play(name) {
      const effect = EFFECTS[name];
      if (!sound.enabled || !effect || !ensure()) return false;
      effect(ctx, master, ctx.currentTime + 0.005);
      return true;
    },
  };
  function ensure() {
    if (ctx) {
      if (ctx.state === "suspended") ctx.resume().catch(() => {});
      return true;
    }
    const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Ctx) return false;
    try {
      ctx = new Ctx();
      master = ctx.createGain();
      master.gain.value = 0.6;
      master.connect(ctx.destination);
      return true;
    } catch {
      ctx = null;
      return false;
    }
  }
  return sound;
}

/** The effect for the position a step reached (`st`): a person's turn on this device (in
 * pass-and-play the next one's, under the cover too), a deal or match won or lost by the
 * viewer's side, or null. */
export function stepEffect(st) {
  const me = viewerOf(st).seat;
  if (st.status === "playing") return (st.to_move === me || st.people?.includes(st.to_move)) && !st.ai_to_move ? "turn" : null;
  const m = st.match, r = st.deal_result;
  let won = null;
  if (st.status === "match-over" && m.winner != null) won = m.sides[m.winner].includes(me);
  else if (st.status === "match-over" && m.scores) won = m.scores[me] === Math.max(...m.scores);
  else if (r?.scores) won = r.scores[me] > 0;
  else if (r && r.winner != null) won = st.sides[r.winner].includes(me);
  return won == null ? null : won ? "win" : "lose";
}
