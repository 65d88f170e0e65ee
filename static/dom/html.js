// Text put into markup built as strings (stats, tournament): escaped so names and translations
// can never become tags or break an attribute.
export function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
