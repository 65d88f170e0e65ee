// A screen of its own between matches (the tournament's, the club's): a <section> made on first use
// right after the setup's form, hidden until app.js's setScreen shows it.

/** The section `id`, made on first use with `className`, labelled by the element `labelledBy`;
 * `made(el)` runs once, when it is made (its listeners). */
export function screenSection(id, className, labelledBy, made = () => {}) {
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement("section");
    el.id = id;
    el.className = className;
    el.setAttribute("aria-labelledby", labelledBy);
    el.hidden = true;
    document.getElementById("setup").after(el);
    made(el);
  }
  return el;
}
