// The part of qrcode (npm) the page uses, bundled by build.sh into static/vendor/qrcode.mjs:
// a QR code's modules, drawn as an SVG string (no canvas, no PNG, no Node).
import QRCode from "qrcode/lib/core/qrcode.js";
import SvgTag from "qrcode/lib/renderer/svg-tag.js";

/** `svg("https://...", {margin: 1})` → `<svg xmlns=...>...</svg>` (sync; throws on text too long). */
export function svg(text, options = {}) {
  return SvgTag.render(QRCode.create(text, options), options);
}
