// The page's fixed texts in the current language: each element marked data-i18n (its text) or
// data-i18n-label (its aria-label), and the document's title and description.
import { t } from "./lookup.js";

/** Word `root`'s marked elements (the whole document: its title and description too). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  if (root === document) {
    document.title = t("title");
    document.querySelector('meta[name="description"]')?.setAttribute("content", t("description"));
  }
}
