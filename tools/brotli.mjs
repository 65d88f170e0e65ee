// Brotli-compress one file at the best quality (build.sh: the runtime's wasm and standard library
// for a first visit, static/boot/brotli.js). A 4 MB window (lgwin 22): the decoder's ring buffer
// stays that small, and on the wasm it compresses as well as 16 MB.
//
//   node tools/brotli.mjs IN OUT
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: node tools/brotli.mjs IN OUT");
  process.exit(2);
}
const bytes = readFileSync(input);
writeFileSync(output, brotliCompressSync(bytes, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_LGWIN]: 22,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
}));
