// The computer players' small faces, drawn by us (no image files): one person a seat, the same at
// every table, whose name (strings/table.js, `cpu_<seat>`) is worded in the page's language by
// viewer.js. Each face is a few shapes in a 24 x 24 box: head, hair, eyes, mouth and one mark of
// its own (glasses, a moustache, a ponytail), so five of them tell apart at 20 px.

const SKIN = ["#f1c9a5", "#d9a27a", "#f3d2b8", "#c98d62", "#efc09a"];

/** Seat 1..5's person: the hair behind the head, the hair in front, and what is drawn over the face. */
const PEOPLE = [
  // 1: long dark hair
  { back: '<path d="M4 13c0-7 3.5-10 8-10s8 3 8 10v7H4z" fill="#3b2416"/>',
    front: '<path d="M6 10c1-4 4-6 6-6s5 2 6 6c-2-1-4-3-6-3s-4 2-6 3z" fill="#3b2416"/>', over: "" },
  // 2: short black hair and a beard
  { back: "", front: '<path d="M5.5 10c0-4 3-6.5 6.5-6.5s6.5 2.5 6.5 6.5c-1.5-1.5-3-2-6.5-2s-5 .5-6.5 2z" fill="#1d1a18"/>',
    over: '<path d="M7 15c1 4 3 5.5 5 5.5s4-1.5 5-5.5c-1.5 1-3 1.5-5 1.5s-3.5-.5-5-1.5z" fill="#1d1a18" opacity=".85"/>' },
  // 3: grey hair in a bun, glasses
  { back: '<circle cx="12" cy="3.5" r="2.6" fill="#b9b4ad"/>',
    front: '<path d="M5.5 11c0-4.5 3-7 6.5-7s6.5 2.5 6.5 7c-1-2-3.5-3.5-6.5-3.5S6.5 9 5.5 11z" fill="#b9b4ad"/>',
    over: '<g fill="none" stroke="#2b2b2b" stroke-width=".9"><circle cx="9.3" cy="12.3" r="1.9"/><circle cx="14.7" cy="12.3" r="1.9"/><path d="M11.2 12.3h1.6"/></g>' },
  // 4: bald, grey at the sides, a moustache
  { back: "", front: '<path d="M5.4 13c-.4-2 0-3.5.8-4.5l1 3.5zM18.6 13c.4-2 0-3.5-.8-4.5l-1 3.5z" fill="#9d9891"/>',
    over: '<path d="M8.8 15.6c1.2-.9 2.2-1 3.2-.4 1-.6 2-.5 3.2.4-1 .2-2.2.3-3.2 0-1 .3-2.2.2-3.2 0z" fill="#6d655c"/>' },
  // 5: fair hair in a ponytail
  { back: '<path d="M17 7c3 1 4.5 4 3.5 8-.5 2-1.5 3-2.5 3.5 1-2.5 1-5.5-1-8z" fill="#d8a34a"/>',
    front: '<path d="M5.5 11c0-4.5 3-7 6.5-7s6.5 2.5 6.5 7c-2-2.5-5-3.2-8-2.6-2 .4-3.5 1.2-5 2.6z" fill="#d8a34a"/>', over: "" },
];

/** How many computer players have a face and a name of their own (seats 1..FACES). */
export const FACES = PEOPLE.length;

/** The face of the computer at `seat` (1..FACES) as SVG markup, or "" for any other seat. */
export function faceSvg(seat) {
  const p = PEOPLE[seat - 1];
  if (!p) return "";
  return `<svg class="face" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">`
    + `<circle cx="12" cy="12" r="12" fill="#fbf6ea" opacity=".9"/>${p.back}`
    + `<ellipse cx="12" cy="12.6" rx="6.3" ry="7.1" fill="${SKIN[seat - 1]}"/>${p.front}`
    + '<circle cx="9.4" cy="12.4" r=".95" fill="#2b2118"/><circle cx="14.6" cy="12.4" r=".95" fill="#2b2118"/>'
    + `${p.over}<path d="M9.6 16.6c1.5 1.1 3.3 1.1 4.8 0" fill="none" stroke="#a0412f" stroke-width=".9" stroke-linecap="round"/></svg>`;
}
