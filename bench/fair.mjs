// The fair deal's costs (docs/fair-deal.md, "Speed"): what each step costs the page that waits for
// it, in CPU milliseconds of this machine's node (process.cpuUsage: the figures hold on a loaded
// machine), and that times 4 for a mid-range phone. Needs the build (./build.sh: static/vendor/): node bench/fair.mjs [people]
import {
  checkKey, checkShare, deckHex, hop, provenKey, provenShare, rerandomizers,
} from "../static/online/fair/deck.js";
import { verifyDeal } from "../static/online/fair/check.js";
import { cardOf, freshSeed, hexOf, pointOf, secretsOf } from "../static/online/fair/group.js";
import { CLASSICA, course, numbers, play, revealAll, shuffle, table } from "../tests/js/fair/net.mjs";

const PEOPLE = Number(process.argv[2] ?? 5);
const PHONE = 4;
const rows = [];

function cpu(fn, times = 1) {
  fn();  // warm: the JIT, noble's base-point table
  const start = process.cpuUsage();
  for (let i = 0; i < times; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / times;
}

const row = (what, ms) => { rows.push([what, ms]); return ms; };

// a real deal among PEOPLE pages, played to its end: its transcript is what the check reads
const pages = Array.from({ length: PEOPLE }, (_, s) => s);
const net = shuffle(table(pages, { name: "bench" }));
const plan = course(net, { players: PEOPLE, pageOf: pages, size: 40, pick: numbers(5) });
play(net, plan.steps);
const page = net.pages.get(0);
const other = net.pages.get(1);

// the shuffle, on the critical path: a key proven and the others' checked, then each hop in turn
const context = page.keyContext(0);
const proven = provenKey(page.secrets.x, context);
const keyMake = row("key: make it and its proof", cpu(() => provenKey(page.secrets.x, context), 5));
const keyCheck = row("key: check one page's proof", cpu(() => checkKey(proven.key, proven.tag, proven.proof, context), 5));
const Y = page.joint;
const table8 = row("joint key's table (precompute, once a deal)", cpu(() => {
  const y = Y.multiply(1n);
  y.precompute(6, false);
  y.multiply(3n);
}, 3));
const input = page.hops[0];
const wire = deckHex(input);
const decode = row("hop: decode the 80 points received", cpu(() => wire.map(([a, b]) => [pointOf(a), pointOf(b)]), 3));
const secrets = secretsOf(freshSeed(), 40);
const rerand = row("hop: its 40 re-randomizers (made while the pages before it shuffle)", cpu(() => rerandomizers(secrets, Y), 3));
const pre = rerandomizers(secrets, Y);
const adds = row("hop: re-randomize and permute 40 cards, re-randomizers made", cpu(() => hop(input, secrets, Y, pre), 5));
const encode = row("hop: encode the 80 points sent", cpu(() => deckHex(input), 3));
// On the path: every key made (at once, on every page), the joint key's table, the first page's
// hop whole, then each other page's decode, additions and encoding in turn. The key checks and the
// later pages' re-randomizers are made while they wait (they fit: docs/fair-deal.md).
const firstHop = rerand + adds + encode;
const laterHop = decode + adds + encode;
row("hop: the first page's, whole", firstHop);
row("hop: each later page's (decode, additions, encode)", laterHop);
const shuffleCritical = keyMake + table8 + firstHop + (PEOPLE - 1) * laterHop;
row(`shuffle for ${PEOPLE}: keys, table, ${PEOPLE} hops in turn (CPU on the path)`, shuffleCritical);
row(`  waiting page's work meanwhile: re-randomizers and ${PEOPLE - 1} key checks`, rerand + (PEOPLE - 1) * keyCheck);

// a drawn card: each other page's share (in parallel), the holder's reading
const c1 = page.deck[30][0];
const share = row("drawn card: one page's share (x·c1, encoded)", cpu(() => hexOf(c1.multiply(page.secrets.x)), 10));
const shares = pages.slice(1).map((s) => hexOf(c1.multiply(net.pages.get(s).secrets.x)));
const read = row("drawn card: the holder reads it", cpu(() => {
  const all = shares.map(pointOf);
  all.push(c1.multiply(page.secrets.x));
  cardOf(all.reduce((m, d) => m.subtract(d), page.deck[30][1]), CLASSICA);
}, 10));
row("drawn card: CPU on its path (one share, then the read)", share + read);

// a played card: the holder's proven share, every other page's check
const ps = provenShare(page.secrets.x, page.keys[0], c1);
const prove = row("played card: its share's proof (RFC 9497 DLEQ)", cpu(() => provenShare(page.secrets.x, page.keys[0], c1), 5));
const check = row("played card: checking that proof", cpu(() => checkShare(page.keys[0], c1, ps.share, ps.proof), 5));
row("played card: CPU on its path (proof, then one check)", prove + check);

// the end-of-deal check, on one page
revealAll(net);
const verify = row(`end-of-deal check for ${PEOPLE} pages (a whole deal's messages)`, cpu(() => verifyDeal(other), 3));

console.log(`fair deal, ${PEOPLE} people: CPU ms in node ${process.version} (phone: x${PHONE})`);
for (const [what, ms] of rows) console.log(`${ms.toFixed(1).padStart(8)} ${(ms * PHONE).toFixed(0).padStart(7)}  ${what}`);
const messages = net.told.get(1).got;
const bytes = messages.reduce((n, m) => n + JSON.stringify(m).length, 0);
console.log(`a page receives ${messages.length} messages, ${(bytes / 1024).toFixed(0)} KiB, in the whole deal`);
void verify;
