// The daily deal's result to share: a short text and an image with the date, the game, the score
// against the campione and a line of symbols for the tricks won and lost, and no card: nothing
// that spoils the deal for someone who has not played it. A link in the text opens the same day's
// deal (UI-CONTRACT "Daily deal"), under this page's own address. The system's share sheet where
// the browser has one (with the image where it takes files), else the text is copied.
import { t } from "../strings/i18n.js";
import { num } from "../strings/numbers.js";
import { longDate, shortDate, trickLine } from "./daily-view.js";

/** The address that opens `variant`'s deal of `date`, under this page's own path (a sub-path too). */
export function dailyLink(variant, date) {
  return `${location.origin}${location.pathname}?daily=${encodeURIComponent(variant)}&date=${encodeURIComponent(date)}`;
}

/** The score in a line: "Briscola classica: 64 punti · il Campione 71" (the campione once known). */
function scoreLine(day, campione) {
  let line = t("dy_share_points", { game: t(`v_${day.variant}`), pts: num(day.points) });
  if (campione != null) line += ` · ${t("dy_share_campione", { pts: num(campione) })}`;
  if (day.gave_up) line += ` · ${t("dy_share_gave_up")}`;
  return line;
}

/** The text to share (what [data-share] shows). */
export function shareText(day, campione) {
  const late = day.late ? ` (${t("dy_late")})` : "";
  return [`Briscola · ${t("dy_title")} · ${shortDate(day.date)}${late}`, scoreLine(day, campione), trickLine(day.tricks),
    dailyLink(day.variant, day.date)].join("\n");
}

/** The same as an image (PNG, 600 x 600): resolves with a Blob, or null where a canvas cannot make one. */
export function shareImage(day, campione) {
  const size = 600;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const g = canvas.getContext("2d");
  if (!g) return Promise.resolve(null);
  g.fillStyle = "#0f5132";
  g.fillRect(0, 0, size, size);
  g.fillStyle = "#fbf6ea";
  g.textAlign = "center";
  const text = (s, y, font) => { g.font = font; g.fillText(s, size / 2, y, size - 60); };
  text(`Briscola · ${t("dy_title")}`, 70, "bold 34px Georgia, serif");
  text(`${t(`v_${day.variant}`)} · ${longDate(day.date)}`, 118, "26px sans-serif");
  text(num(day.points), 250, "bold 120px sans-serif");
  text(campione != null ? t("dy_campione", { pts: num(campione) }) : "", 300, "28px sans-serif");
  const per = 10, box = 40, gap = 8, left = (size - (per * box + (per - 1) * gap)) / 2;
  day.tricks.forEach((won, i) => {
    g.fillStyle = won ? "#3fb950" : "#1b1f24";
    g.fillRect(left + (i % per) * (box + gap), 360 + Math.floor(i / per) * (box + gap), box, box);
  });
  g.fillStyle = "#fbf6ea";
  text(`${t("dy_tricks", { won: num(day.tricks.filter(Boolean).length), lost: num(day.tricks.filter((w) => !w).length) })}`,
    size - 50, "24px sans-serif");
  return new Promise((resolve) => {
    try { canvas.toBlob((blob) => resolve(blob), "image/png"); } catch { resolve(null); }
  });
}

/** Share the result: the system's sheet (with the image when it takes files), else the text copied.
 * `said(text, imageUrl?)` tells the player what happened (copied, and the image to save). */
export async function shareResult(day, campione, said) {
  const text = shareText(day, campione);
  const blob = await shareImage(day, campione);
  const name = `briscola-${day.variant}-${day.date}.png`;
  const file = blob && typeof File === "function" ? new File([blob], name, { type: "image/png" }) : null;
  try {
    if (file && navigator.canShare?.({ files: [file], text })) { await navigator.share({ files: [file], text }); return; }
    if (navigator.share) { await navigator.share({ text }); return; }
  } catch (err) {
    if (err?.name === "AbortError") return;  // the player closed the sheet
  }
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch { /* no clipboard (an insecure page, a denied permission): the text is there to select */ }
  said(copied ? t("dy_copied") : "", blob ? { url: URL.createObjectURL(blob), name } : null);
}
