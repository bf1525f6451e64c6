// Planted by `mvn termsprawl:discover`, which rewrites it: do not edit.
// termsprawl for pi: records each session with the node of TERMSPRAWL_NODE_ID, adds what the record says to the
// system prompt, and asks termsprawl before each edit; a held edit is blocked with termsprawl's reason.
import { spawn } from "node:child_process";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

// <project>/.pi/extensions/termsprawl.ts: the project is the folder that holds .termsprawl/
const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const EDITS = new Set(["edit", "write", "bash"]);
const LIMIT_MS = 10_000;
const WINDOWS = process.platform === "win32";

type Result = { code: number | null; out: string; err: string };

// A planted command with `payload` as JSON on stdin; code null when it could not run, was killed, or outlived
// LIMIT_MS (then it and what it started are killed).
function run(name: string, args: string[], payload: object): Promise<Result> {
  return new Promise((resolve) => {
    let out = "";
    let err = "";
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = (code: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ code, out, err });
    };
    let child: ReturnType<typeof spawn>;
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
        WINDOWS ? child.kill() : process.kill(-child.pid!, "SIGKILL");
      } catch {}
      settle(null);
    }, LIMIT_MS);
    child.on("error", () => settle(null));
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (err += d));
    child.on("close", (code) => settle(code));
    child.stdin!.on("error", () => {});
    child.stdin!.end(JSON.stringify(payload));
  });
}

// The text termsprawl-record asks to add to the model's context, or "".
function contextOf(result: Result): string {
  try {
    const text = JSON.parse(result.out).hookSpecificOutput.additionalContext;
    return typeof text === "string" ? text : "";
  } catch {
    return "";
  }
}

export default function (pi: any) {
  if (!process.env.TERMSPRAWL_NODE_ID) return;
  // pi loads its extensions again for each session (/new, /resume, /fork): this is this session's record
  let context: Promise<string> = Promise.resolve("");
  pi.on("session_start", (_event: any, ctx: any) => {
    const file = ctx.sessionManager.getSessionFile();
    if (!file) return; // --no-session: nothing to record
    const payload = { transcript_path: file, session_id: ctx.sessionManager.getSessionId(), cwd: ctx.cwd };
    context = run("termsprawl-record", ["--agent", "pi"], payload).then(contextOf);
  });
  // at each prompt: the session's context, and the note of what linked peers did since the last one (docs/context.md)
  pi.on("before_agent_start", async (event: any, ctx: any) => {
    const text = await context;
    const payload = { session_id: ctx.sessionManager.getSessionId(), cwd: ctx.cwd };
    const note = contextOf(await run("termsprawl-context", ["--hook", "--agent", "pi", "--cwd", PROJECT], payload));
    const added = [text, note].filter((t) => t).join("\n\n");
    if (added) return { systemPrompt: event.systemPrompt + "\n\n" + added };
  });
  pi.on("tool_call", async (event: any, ctx: any) => {
    if (!EDITS.has(event.toolName)) return;
    await context;
    const touches = await run("termsprawl-touches", ["--hook", "--agent", "pi", "--cwd", PROJECT], {
      tool_name: event.toolName,
      tool_input: event.input,
      cwd: ctx.cwd,
      session_id: ctx.sessionManager.getSessionId(),
    });
    if (touches.code === 2) return { block: true, reason: touches.err.trim() || "termsprawl held this edit" };
  });
}
