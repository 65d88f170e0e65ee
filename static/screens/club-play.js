// A fixture of the organiser's tournament played in the app: who sits at the table (people passing
// this phone round, or online each on his own phone, invited to his pair's seat; the computer where
// a player is missing), the match started as any match (op club_match; online, once everyone sits),
// and its result put in the tournament when it ends (op club_record, on this phone: online, the
// host's), under the match's summary.
import { OP } from "../engine/api.js";
import { LEVELS } from "../engine/rules-data.js";
import { esc } from "../dom/html.js";
import { reasonText, t } from "../strings/i18n.js";
import { loadClub } from "../storage/storage.js";
import { addDialogLine, hideDialog, showDialog } from "./dialogs.js";
import { ask, change, club, keep } from "./club-store.js";

function seatsHtml(f, players, level) {
  const names = club.view.names;
  const pair = (side) => {
    const p = [f.a, f.b][side];
    const rows = [0, 1].map((k) => {
      const id = `cl-seat-${side}-${k}`;
      return `<div class="cl-seat"><input type="text" id="${id}" maxlength="40" autocomplete="off" spellcheck="false"`
        + ` value="${esc(players[side][k])}" aria-label="${esc(t("cl_player", { n: k + 1, pair: names[p] }))}">`
        + `<label class="check"><input type="checkbox" data-computer="${id}"> <span>${esc(t("cl_seat_computer"))}</span></label></div>`;
    }).join("");
    return `<fieldset class="cl-seats"><legend>${esc(names[p])}</legend>${rows}</fieldset>`;
  };
  const levels = LEVELS.map((l) => `<option value="${l}"${l === level ? " selected" : ""}>${esc(t(`l_${l}`))}</option>`).join("");
  const where = [["device", t("cl_play_here")], ["online", t("cl_play_online")]]
    .map(([v, text]) => `<option value="${v}">${esc(text)}</option>`).join("");
  return `<div class="cl-play"><label class="field"><span>${esc(t("cl_play_where"))}</span><select id="cl-play-where">${where}</select></label>`
    + `<p id="cl-play-intro">${esc(t("cl_play_intro"))}</p>${pair(0)}${pair(1)}`
    + `<label class="field"><span>${esc(t("level"))}</span><select id="cl-play-level">${levels}</select></label>`
    + `<p class="form-error" id="cl-play-error" role="alert" hidden></p></div>`;
}

/** Who plays fixture `f`: a name per seat of each pair, null where the computer plays (a name left
 * blank: "Giocatore 1 di <pair>"). */
function chosen(f) {
  return [0, 1].map((side) => [0, 1].map((k) => {
    const id = `cl-seat-${side}-${k}`;
    const computer = document.querySelector(`[data-computer="${id}"]`)?.checked;
    const name = document.getElementById(id)?.value.trim() ?? "";
    return computer ? null : [...(name || t("cl_player", { n: k + 1, pair: club.view.names[[f.a, f.b][side]] }))].slice(0, 40).join("");
  }));
}

/**
 * Ask who sits at the table for fixture `f`, and where, then start its match: `start(arg, op)` is
 * app.js's startMatch (it puts the match on the table, or resolves with the engine's refusal);
 * online, `openHost(link)` opens the table's lobby (online.js), the people invited each to his own
 * seat (op club_table) through the relays `relay()`, and the match starts (op club_match) once
 * they sit; `level` the computer's level offered; `leaving()` runs as the screen gives way.
 */
export async function openPlay(f, { start, openHost, relay, level, leaving }) {
  const res = await change("clubSeats", { fixture: f.key });
  const players = res.ok ? res.result.players : [["", ""], ["", ""]];
  const go = async () => {
    const who = chosen(f);
    const error = document.getElementById("cl-play-error");
    if (who.flat().every((n) => n === null)) {
      error.textContent = t("cl_play_none");
      error.hidden = false;
      return;
    }
    const arg = { club: club.saved, fixture: f.key, players: who, level: document.getElementById("cl-play-level").value,
      seed: Math.floor(Math.random() * 2 ** 31) };
    if (document.getElementById("cl-play-where").value === "online") {
      const table = await change("clubTable", { fixture: f.key, players: who });
      const why = !table.ok ? reasonText(table.error) : table.result.people.length < 2 ? t("cl_play_online_alone") : null;
      if (why) { error.textContent = why; error.hidden = false; return; }
      hideDialog();
      leaving();
      openHost({ settings: { players: 4, level: arg.level, people: table.result.people, online: true }, relay: relay(),
        club: { arg, names: table.result.names } });
      return;
    }
    hideDialog();
    leaving();
    await start(arg, OP.clubMatch);
  };
  showDialog(t("cl_play"), [{ html: seatsHtml(f, players, level) }], [
    { label: t("cancel"), cancel: true, action: hideDialog },
    { label: t("cl_play_start"), primary: true, id: "btn-cl-play-start", action: go }]);
  document.querySelector(".cl-play").addEventListener("change", (e) => {  // the computer's seat has no name to type
    const seat = e.target.dataset.computer && document.getElementById(e.target.dataset.computer);
    if (seat) seat.disabled = e.target.checked;
    if (e.target.id === "cl-play-where") {  // who plays where, said for the choice made
      document.getElementById("cl-play-intro").textContent = t(e.target.value === "online" ? "cl_play_online_note" : "cl_play_intro");
    }
  });
  document.querySelector(".cl-play input")?.focus();
}

/** After the summary of a finished match of the organiser's tournament: its result goes into the
 * tournament stored on this phone, and the summary says so (its button leads back there). */
export async function recordClubMatch() {
  const stored = loadClub();
  if (!stored?.saved) return;
  const res = await ask("clubRecord", { club: stored.saved });
  if (!res.ok) {
    addDialogLine(() => t("cl_not_recorded", { detail: reasonText(res.error) }), { id: "btn-summary-new", label: () => t("cl_back_to") });
    return;
  }
  if (res.result.recorded) keep(res.result, false);
  const f = res.result.fixture, names = res.result.view.names;
  const words = () => (res.result.recorded
    ? t("cl_recorded", { a: names[f.a], b: names[f.b], da: f.result.deals[0], db: f.result.deals[1] }) : t("cl_had_result"));
  addDialogLine(words, { id: "btn-summary-new", label: () => t("cl_back_to") });
}
