// The organiser's tournament as the rest of the page names it: the front door's button, a
// fixture's label in the table's bar (strings/tournament-names.js). Always loaded; the club
// screen's own texts (club.js) come with the screen.
export const CLUB_NAMES_STRINGS = {
  it: {
    cl_match_quarter: "Quarto di finale {n}",
    cl_match_semi: "Semifinale {n}",
    cl_match_final: "Finale",
    cl_table_label: "{stage} · {a} – {b}",
  },
  en: {
    cl_match_quarter: "Quarter-final {n}",
    cl_match_semi: "Semi-final {n}",
    cl_match_final: "Final",
    cl_table_label: "{stage} · {a} – {b}",
  },
  es: {
    cl_match_quarter: "Cuarto de final {n}",
    cl_match_semi: "Semifinal {n}",
    cl_match_final: "Final",
    cl_table_label: "{stage} · {a} – {b}",
  },
};
