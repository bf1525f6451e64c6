// Writes a Claude Code transcript tail holding exactly 60 printable turns between noise records.
// usage: node tail60.mjs OUT.jsonl
import { writeFileSync } from "node:fs";

const lines = [];
for (let i = 1; i <= 60; i++) {
  const text = `turn ${i}: ` + "the tail of a long session, with unicode héllo 日本 🚀 ".repeat(1 + (i % 7));
  const content = i % 2 ? text : [{ type: "thinking", thinking: "hmm" }, { type: "text", text }];
  lines.push(JSON.stringify({ type: i % 2 ? "user" : "assistant", uuid: `t${i}`, message: { role: i % 2 ? "user" : "assistant", content } }));
  lines.push(JSON.stringify({ type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: `x${i}`, content: "ok ".repeat(200) }] } }));
  lines.push(JSON.stringify({ type: "progress", data: { type: "hook_progress" } }));
}
writeFileSync(process.argv[2], lines.join("\n") + "\n");
