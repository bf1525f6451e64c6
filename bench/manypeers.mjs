// Adds COUNT small peers to the project DIR: node "me" linked to p0001..pCOUNT, each with an index
// entry and a short Claude Code transcript of a few turns (with the tool and progress records around
// them that real ones have). Deterministic: the same arguments write the same bytes.
// usage: node manypeers.mjs DIR COUNT
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const [dirArg, countArg] = process.argv.slice(2);
const dir = resolve(dirArg);
const count = Number(countArg);
const sessions = join(dir, "sessions");
mkdirSync(sessions, { recursive: true });
const record = (type, i, n, content, extra = {}) =>
  JSON.stringify({
    parentUuid: n === 1 ? null : `u${i}-${n - 1}`,
    isSidechain: false,
    cwd: dir,
    sessionId: `s${i}`,
    version: "2.1.3",
    type,
    message: { role: type, content },
    uuid: `u${i}-${n}`,
    timestamp: `2026-01-01T00:00:${String(n).padStart(2, "0")}.000Z`,
    ...extra,
  });
for (let i = 1; i <= count; i++) {
  const id = `p${String(i).padStart(4, "0")}`;
  const file = join(sessions, `${id}.jsonl`);
  const lines = [
    JSON.stringify({ type: "file-history-snapshot", messageId: `m${i}`, snapshot: { trackedFileBackups: {} } }),
    record("user", i, 1, `peer ${i}: please look at module ${i % 17} and tell me what héllo does`),
    record("assistant", i, 2, [
      { type: "thinking", thinking: "let me look", signature: "x" },
      { type: "text", text: `Reading module ${i % 17} first.` },
      { type: "tool_use", id: `t${i}`, name: "Read", input: { file_path: `/src/m${i % 17}.js` } },
    ]),
    record("user", i, 3, [{ type: "tool_result", tool_use_id: `t${i}`, content: "export const x = 1;\n".repeat(8) }]),
    JSON.stringify({ type: "progress", data: { type: "hook_progress", hookEvent: "PostToolUse" } }),
    record("assistant", i, 4, [{ type: "text", text: `Module ${i % 17} exports one constant; nothing else 日本 ${"ok ".repeat(i % 9)}` }]),
    record("user", i, 5, "thanks"),
  ];
  writeFileSync(file, lines.join("\n") + "\n");
  writeFileSync(join(dir, ".termsprawl", "transcripts", `${id}.json`), `{"version": 1, "path": ${JSON.stringify(file)}}\n`);
  writeFileSync(join(dir, ".termsprawl", "links", `me--${id}.json`), `{"version": 1, "a": "me", "b": "${id}"}\n`);
}
