// A short-lived module worker (static/boot/brotli.js starts it): fetches one Brotli file and posts
// it back decoded, chunk by chunk as it arrives ({chunk}, then {done}; {error} if it fails).
import init, { BrotliStreamResultCode as Code, DecompressStream } from "../vendor/brotli_dec_wasm.js";

const OUT = 1 << 20;  // decoded bytes per message at most

async function unbrotli(url) {
  const [res] = await Promise.all([fetch(url), init({ module_or_path: new URL("../vendor/brotli_dec_wasm_bg.wasm", import.meta.url) })]);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const decoder = new DecompressStream();
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error("cut short");
    let input = value;
    for (;;) {
      const step = decoder.decompress(input, OUT);
      const { code } = step;
      const offset = step.input_offset;
      const chunk = step.buf;  // a copy, read once
      step.free();
      if (chunk.length) postMessage({ chunk }, [chunk.buffer]);
      if (code === Code.ResultSuccess) return;
      if (code !== Code.NeedsMoreOutput) break;  // NeedsMoreInput: the next bytes from the network
      input = input.subarray(offset);
    }
  }
}

onmessage = ({ data }) => {
  const name = data.url.split("/").pop();
  unbrotli(data.url).then(() => postMessage({ done: true }), (err) => postMessage({ error: `${name}: ${err?.message || err}` }));
};
