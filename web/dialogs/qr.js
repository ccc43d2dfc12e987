// A QR code drawn by the page (qrcode-generator, from npm, bundled: no CDN), so a friend can
// open an invite link with a phone's camera.
import qrcode from "qrcode-generator";

/** The light modules around the code that readers need (the standard's quiet zone). */
const QUIET = 4;
/** Each module's size in the canvas's own pixels (CSS scales the canvas to fit). */
const MODULE_PX = 4;

/**
 * Draw `text` as a QR code on `canvas` (error correction L: a long link stays readable at
 * a phone's size). The canvas keeps its accessible name: the caller's.
 */
export function drawQr(canvas, text) {
  const code = qrcode(0, "L");
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  const size = (count + 2 * QUIET) * MODULE_PX;
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size, size);
  context.fillStyle = "#000";
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (code.isDark(row, column)) {
        context.fillRect((column + QUIET) * MODULE_PX, (row + QUIET) * MODULE_PX, MODULE_PX, MODULE_PX);
      }
    }
  }
}
