// The page's words, from one entry point every module imports: the lookup (lookup.js: the
// language, t, cards and refusals worded) and the page's translation (translate.js). The texts
// themselves are the tables beside them, one concern a file.
export {
  LANGUAGES, addStrings, cardName, chooseLanguage, deckText, hasText, joinNames, language, preferredLanguage, reasonText,
  setLanguage, t, textsHere, textsReady, theCard,
} from "./lookup.js";
export { translatePage } from "./translate.js";
export { clubLabel, clubStageName, pairName, stageName, tournamentLabel } from "./tournament-names.js";
