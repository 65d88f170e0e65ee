// Everyone can follow the organiser's tournament: a link (the whole tournament in the address,
// briscola/club_view.py to_link) with its QR code, a printed sheet (A4: app.css @media print), and
// the tournament as a file to keep or to open on another device. A file from outside is checked by
// the engine (op club_import) like the stored tournament: a damaged one is refused with its reason.
import { esc } from "../dom/html.js";
import { reasonText, t } from "../strings/i18n.js";
import { LIMITS } from "../storage/checks.js";
import { hideDialog, showDialog } from "./dialogs.js";
import { ask, change, club } from "./club-store.js";
import { shareLive } from "./club-live.js";

/** The followers' address of `link` (the engine's text), under this page's own path; `live` the
 * organiser's room it updates through ({live, k?, relay?}: club-live.js), or null. */
export function followUrl(link, live = null) {
  const q = new URLSearchParams({ club: link });
  for (const [k, v] of Object.entries(live ?? {})) for (const one of [v].flat()) q.append(k, one);
  return `${location.origin}${location.pathname}?${q}`;
}

/** The QR code of `text` as SVG markup (the vendored qrcode library, as the online lobby loads it;
 * the lowest correction level keeps a long link readable on a phone's screen), or "". */
async function qrSvg(text) {
  try {
    const { svg } = await import("../vendor/qrcode.mjs");
    return svg(String(text), { margin: 1, errorCorrectionLevel: "L" });
  } catch {
    return "";
  }
}

/** The share dialog: the link (copy, the system's share sheet) and its QR code, of the tournament now. */
export async function openShare() {
  const res = await change("clubLink", { at: Math.floor(Date.now() / 60_000) });
  if (!res.ok) {
    showDialog(t("cl_share_title"), [reasonText(res.error)], [{ label: t("close"), primary: true, action: hideDialog }]);
    return;
  }
  const live = await shareLive(club.saved.seed, res.result.link);
  const url = followUrl(res.result.link, live);
  const qr = await qrSvg(url);
  const html = `<a class="cl-link" data-standings href="${esc(url)}" target="_blank" rel="noopener">${esc(url)}</a>`
    + (qr ? `<div class="invite-qr cl-qr" role="img" aria-label="${esc(t("cl_qr_label"))}">${qr}</div>` : "");
  const buttons = [{ label: t("close"), cancel: true, action: hideDialog },
    { label: t("cl_copy"), primary: true, id: "btn-cl-copy", action: () => copy(url) }];
  if (navigator.share) buttons.splice(1, 0, { label: t("cl_share_system"), id: "btn-cl-send", action: () => navigator.share({ url }).catch(() => {}) });
  showDialog(t("cl_share_title"), [t(live ? "cl_share_live" : "cl_share_body"), { html }], buttons);
}

async function copy(url) {
  try {
    await navigator.clipboard.writeText(url);
    const line = document.querySelector("#dialog .cl-link");
    line?.insertAdjacentHTML("afterend", `<p role="status">${esc(t("cl_copied"))}</p>`);
  } catch {
    // no clipboard (an insecure page, a denied permission): the link is there to select
  }
}

/** Print the tournament (app.css @media print: the groups, the standings, the bracket, every round unfolded). */
export function printSheet() {
  window.print();
}

/** The tournament as a file (`briscola-torneo-<title>-<date>.json`), downloaded. */
export function exportFile() {
  const blob = new Blob([`${JSON.stringify(club.saved, null, 1)}\n`], { type: "application/json" });
  const slug = (club.saved.title || "torneo").toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "torneo";
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `briscola-${slug}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** A tournament file chosen on the device, read and checked: the engine's answer (the tournament and
 * its view, or why the file is refused). */
export async function readFile(file) {
  if (file.size > LIMITS.tournament) return { ok: false, error: { code: "club_damaged", reason: "too_big" } };
  let text;
  try {
    text = await file.text();
  } catch {
    return { ok: false, error: { code: "club_damaged", reason: "bad_json" } };
  }
  return ask("clubImport", { text });
}
