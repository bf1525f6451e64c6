// Writes a Claude Code transcript whose last record is one line of about SIZE_MB megabytes: an
// assistant turn with a huge text (which prints cut to 2000 chars), after a few ordinary turns.
// usage: node longline.mjs OUT.jsonl SIZE_MB
import { openSync, writeSync, closeSync } from "node:fs";

const [out, sizeArg] = process.argv.slice(2);
const fd = openSync(out, "w");
for (let i = 1; i <= 5; i++) {
  writeSync(fd, JSON.stringify({ type: "user", message: { role: "user", content: `question ${i}` } }) + "\n");
}
writeSync(fd, '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"');
const chunk = "0123456789abcdef héllo ".repeat(4096);
let left = Math.round(Number(sizeArg) * 1024 * 1024);
while (left > 0) {
  writeSync(fd, chunk);
  left -= Buffer.byteLength(chunk);
}
writeSync(fd, '"}]}}\n');
closeSync(fd);
