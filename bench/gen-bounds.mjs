// Writes the Claude Code sessions of the memory bounds (bench/bounds.sh), deterministic.
// Usage: node gen-bounds.mjs OUT.jsonl KIND N
//   tiny N      N tiny records: a prompt and a reply, one after the other, each a few words (N turns)
//   mixed N     N tiny records, one in ten a prompt or a reply of a few words, the others a hook's progress
//   progress N  a prompt, N progress records (a hook's), then the reply: two real turns
// Every record hangs off the one before, as Claude Code writes them.
import { openSync, writeSync, closeSync } from "node:fs";

const [out, kind, nArg] = process.argv.slice(2);
const n = Number(nArg);
if (!out || !["tiny", "mixed", "progress"].includes(kind) || !(n > 0)) {
  process.stderr.write("usage: node gen-bounds.mjs OUT.jsonl tiny|mixed|progress N\n");
  process.exit(2);
}
const session = "5c0375b4-57a5-4f26-b12d-d022ee4e51b7";
let k = 0;
let parent = null;
// random-looking v4 uuids as Claude Code writes them (a seeded xorshift: the same file every time), so the
// hashes the plan cache keeps of them are spread as real ones are
let seed = 0x9e3779b9;
const word = () => {
  seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
  return (seed >>> 0).toString(16).padStart(8, "0");
};
const uuid = () => {
  ++k;
  const h = word() + word() + word() + word();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const stamp = () => new Date(Date.UTC(2026, 0, 1) + k * 10).toISOString();
const fd = openSync(out, "w");
let buf = [];
let size = 0;
const emit = (r) => {
  const id = uuid();
  const line = JSON.stringify({ parentUuid: parent, isSidechain: false, sessionId: session, ...r, uuid: id, timestamp: stamp() }) + "\n";
  parent = id;
  buf.push(line);
  size += line.length;
  if (size > 1 << 20) flush();
};
const flush = () => { writeSync(fd, buf.join("")); buf = []; size = 0; };
const user = (text) => emit({ type: "user", message: { role: "user", content: text } });
const assistant = (text) => emit({ type: "assistant", message: { id: `msg_${k + 1}`, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text }] } });
const hook = () => emit({ type: "progress", data: { type: "hook_progress", hookEvent: "PostToolUse" }, toolUseID: "toolu_1" });
if (kind === "tiny") {
  for (let i = 0; i < n; i++) (i % 2 === 0 ? user : assistant)(`turn ${i}`);
} else if (kind === "mixed") {
  for (let i = 0; i < n; i++) (i % 10 !== 0 ? hook : (i / 10) % 2 === 0 ? user : assistant)(`turn ${i}`);
} else {
  user("Run the build and tell me what failed.");
  for (let i = 0; i < n; i++) {
    emit({ type: "progress", data: { type: "hook_progress", hookEvent: "PostToolUse", hookName: "PostToolUse:Bash", command: "true" }, parentToolUseID: "toolu_1", toolUseID: "toolu_1" });
  }
  assistant("The build failed in the test phase: two tests of the parser.");
}
flush();
closeSync(fd);
