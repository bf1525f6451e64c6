// Planted by `mvn termsprawl:discover`, which rewrites it: do not edit.
// termsprawl for OpenCode: records each session with the node of TERMSPRAWL_NODE_ID, adds what the record says
// to the model's system prompt, and asks termsprawl before each edit; a held edit fails with termsprawl's reason.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

// <project>/.opencode/plugin/termsprawl.js: the project is the folder that holds .termsprawl/
const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const EDITS = new Set(["edit", "write", "multiedit", "patch", "apply_patch", "bash"]);
const LIMIT_MS = 10_000;
const WINDOWS = process.platform === "win32";

// A planted command with `payload` as JSON on stdin: {code, out, err}; code null when it could not run, was
// killed, or outlived LIMIT_MS (then it and what it started are killed).
function run(name, args, payload) {
  return new Promise((resolve) => {
    let out = "";
    let err = "";
    let timer;
    let settled = false;
    const settle = (code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ code, out, err });
    };
    let child;
    try {
      const launcher = path.join(PROJECT, ".termsprawl", "bin", name + (WINDOWS ? ".cmd" : ""));
      child = WINDOWS
        ? spawn(process.env.ComSpec || "cmd.exe", ["/d", "/s", "/c", `"${[launcher, ...args].map((a) => `"${a}"`).join(" ")}"`], {
            windowsVerbatimArguments: true,
            windowsHide: true,
          })
        : spawn(launcher, args, { detached: true });
    } catch {
      return settle(null);
    }
    timer = setTimeout(() => {
      try {
        WINDOWS ? child.kill() : process.kill(-child.pid, "SIGKILL");
      } catch {}
      settle(null);
    }, LIMIT_MS);
    child.on("error", () => settle(null));
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => settle(code));
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

// The text termsprawl-record asks to add to the model's context, or "".
function contextOf(result) {
  try {
    const text = JSON.parse(result.out).hookSpecificOutput.additionalContext;
    return typeof text === "string" ? text : "";
  } catch {
    return "";
  }
}

export const TermsprawlPlugin = async ({ directory }) => {
  if (!process.env.TERMSPRAWL_NODE_ID) return {};
  // session id -> the record's context text, once recorded. OpenCode announces a new session (session.created)
  // but not one taken up again (run --continue): a session first seen in a message or a tool is recorded then.
  const sessions = new Map();
  // session id -> the note of what linked peers did since its previous prompt (docs/context.md); subagents get none
  const notes = new Map();
  const subagents = new Set();
  const record = (id, cwd) => {
    if (!sessions.has(id)) {
      sessions.set(id, run("termsprawl-record", ["--agent", "opencode"], { session_id: id, cwd }).then(contextOf));
    }
    return sessions.get(id);
  };
  return {
    event: async ({ event }) => {
      if (event.type !== "session.created") return;
      const info = event.properties.info;
      // a subagent's session belongs to its parent's: never recorded as the node's
      if (info.parentID) {
        subagents.add(info.id);
        sessions.set(info.id, sessions.get(info.id) ?? Promise.resolve(""));
      }
      else record(info.id, info.directory ?? directory);
    },
    "chat.message": async (input) => {
      const recorded = record(input.sessionID, directory);
      if (!subagents.has(input.sessionID)) {
        const payload = { session_id: input.sessionID, cwd: directory };
        notes.set(input.sessionID, recorded.then(() => run("termsprawl-context", ["--hook", "--agent", "opencode", "--cwd", PROJECT], payload)).then(contextOf));
      }
    },
    "experimental.chat.system.transform": async (input, output) => {
      const text = input.sessionID ? await sessions.get(input.sessionID) : "";
      if (text) output.system.push(text);
      const note = input.sessionID ? await notes.get(input.sessionID) : "";
      if (note) output.system.push(note);
    },
    "tool.execute.before": async (input, output) => {
      await record(input.sessionID, directory);
      if (!EDITS.has(input.tool)) return;
      const touches = await run("termsprawl-touches", ["--hook", "--agent", "opencode", "--cwd", PROJECT], {
        tool_name: input.tool,
        tool_input: output.args,
        cwd: directory,
        session_id: input.sessionID,
      });
      if (touches.code === 2) throw new Error(touches.err.trim() || "termsprawl held this edit");
    },
  };
};
