// A tournament's names in words, for its screen and for the table's bar during one of its matches.
import { t } from "./lookup.js";

/** "Voi" for the player's pair (0), else "Coppia 5". */
export function pairName(p) {
  return p === 0 ? t("tn_you") : t("tn_pair", { n: p + 1 });
}

/** A fixture's stage in words: "Giornata 2", "Semifinale"... */
export function stageName(f) {
  return f.stage === "group" ? t("tn_stage_group", { n: f.round + 1 }) : t(`tn_stage_${f.stage}`);
}

/** A club tournament's fixture's stage in words (`f`: its stage, round and number among the
 * stage's matches): "Giornata 2", "Quarto di finale 3", "Finale". */
export function clubStageName(f) {
  return f.stage === "group" ? t("tn_stage_group", { n: f.round + 1 }) : t(`cl_match_${f.stage}`, { n: f.n });
}

/** "Giornata 2 · Rossi – Bianchi – Verdi – Neri": the table's label during a match of an organiser's
 * tournament (`info`, the engine state's `club`: its pairs' names, side 0's first). */
export function clubLabel(info) {
  const n = Number(info.fixture.split(":")[1]);
  return t("cl_table_label", { stage: clubStageName({ ...info, n }), a: info.names[0], b: info.names[1] });
}

/** "Torneo · Giornata 2 · contro Coppia 5": the table's label during one of the player's matches
 * (`info`, the engine state's `tournament`). */
export function tournamentLabel(info) {
  return t("tn_table_label", { stage: stageName(info), b: pairName(info.opponent) });
}
