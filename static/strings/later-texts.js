// The texts the first screen does without (issue 38): the table's, the online tables', the
// tournament's, the analysis', the statistics'... They come in a chunk of their own, asked for as the
// page starts and merged as it arrives (lookup.js textsReady), so the first screen's module carries
// only the door's words; whatever draws with them waits for them first (app.js, front.js, the
// screens loaded on first use). The rules' and the club's texts come with their own screens.
import { ANALYSIS_STRINGS } from "./analysis.js";
import { CHIAMATA_STRINGS } from "./chiamata.js";
import { CLUB_NAMES_STRINGS } from "./club-names.js";
import { CLOCK_STRINGS } from "./clock.js";
import { DAILY_STRINGS } from "./daily.js";
import { FAIR_STRINGS } from "./fair.js";
import { HINT_STRINGS } from "./hint.js";
import { ONLINE_STRINGS } from "./online.js";
import { PNP_STRINGS } from "./pnp.js";
import { PRACTICE_STRINGS } from "./practice.js";
import { REVIEW_STRINGS } from "./review.js";
import { RITUALS_STRINGS } from "./rituals.js";
import { STATS_STRINGS } from "./stats.js";
import { SUMMARY_STRINGS } from "./summary.js";
import { TOURNAMENT_STRINGS } from "./tournament.js";

export const LATER_TABLES = [SUMMARY_STRINGS, CHIAMATA_STRINGS, HINT_STRINGS, REVIEW_STRINGS, STATS_STRINGS, CLOCK_STRINGS,
  PNP_STRINGS, RITUALS_STRINGS, ONLINE_STRINGS, TOURNAMENT_STRINGS, PRACTICE_STRINGS, ANALYSIS_STRINGS, CLUB_NAMES_STRINGS,
  DAILY_STRINGS, FAIR_STRINGS];
