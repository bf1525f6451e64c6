// Writes the last compaction window of a Claude Code session: a compact_boundary, its summary, then 60
// turns chained by uuid, with split assistant lines, tool calls and results, progress records and one
// rewound answer. Appended to filler, it makes a huge file whose live branch is small.
// usage: node compact-tail.mjs OUT.jsonl
import { writeFileSync } from "node:fs";

const lines = [];
let n = 0;
let parent = null;
const stamp = () => new Date(Date.UTC(2026, 5, 1) + n * 1000).toISOString();
function rec(type, extra, parentUuid = parent) {
  const uuid = `tail-${String(++n).padStart(6, "0")}`;
  lines.push(JSON.stringify({ parentUuid: parentUuid, isSidechain: false, sessionId: "s", type, uuid, timestamp: stamp(), ...extra }));
  return uuid;
}
const boundary = rec("system", { subtype: "compact_boundary", content: "Conversation compacted", logicalParentUuid: "filler", compactMetadata: { trigger: "auto", preTokens: 150000 } }, null);
parent = rec("user", { isCompactSummary: true, message: { role: "user", content: "This session is being continued from a previous conversation. Summary: the work so far." } }, boundary);
for (let i = 1; i <= 30; i++) {
  const text = `turn ${i}: ` + "the tail of a long session, with unicode héllo 日本 🚀 ".repeat(1 + (i % 7));
  parent = rec("user", { message: { role: "user", content: i % 3 ? text : [{ type: "text", text }] } });
  if (i === 10) rec("assistant", { message: { id: "msg-abandoned", role: "assistant", content: [{ type: "text", text: "an answer the user rewound" }] } });
  parent = rec("assistant", { message: { id: `msg-${i}`, role: "assistant", content: [{ type: "thinking", thinking: "hmm", signature: "s" }] } });
  parent = rec("assistant", { message: { id: `msg-${i}`, role: "assistant", content: [{ type: "tool_use", id: `tool-${i}`, name: "Bash", input: { command: "ls" } }] } });
  parent = rec("progress", { data: { type: "hook_progress" }, parentToolUseID: `tool-${i}` });
  parent = rec("user", { message: { role: "user", content: [{ type: "tool_result", tool_use_id: `tool-${i}`, content: "ok ".repeat(200) }] } });
  parent = rec("assistant", { message: { id: `msg-${i}b`, role: "assistant", content: [{ type: "text", text: `answer ${i}: ` + "done ".repeat(20) }] } });
}
writeFileSync(process.argv[2], lines.join("\n") + "\n");
