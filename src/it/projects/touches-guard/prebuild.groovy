// Two simulated agents in one checkout, linked: backend and frontend, each with a Claude Code transcript
// whose Edit calls changed files of the project. The calls are minutes old (the guard's window is the
// last 2 hours, counted from now: the hook reads the clock, so the times are made from it here).
import java.time.Instant
import java.time.temporal.ChronoUnit

def write = evaluate(new File(itScripts as String, 'write-file.groovy'))
String root = basedir.canonicalPath
String t0 = Instant.now().minus(10, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS).toString()
String t1 = Instant.now().minus(5, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS).toString()
def json = { String s -> groovy.json.JsonOutput.toJson(s) }
// a prompt, then per edit: the tool call and its result, each on the live branch
def claude = { List<String> files ->
    StringBuilder s = new StringBuilder('{"type":"user","uuid":"u0","parentUuid":null,"sessionId":"s","timestamp":"' + t0
            + '","message":{"role":"user","content":"go"}}\n')
    String parent = 'u0'
    files.eachWithIndex { String f, int i ->
        s << '{"type":"assistant","uuid":"a' + i + '","parentUuid":"' + parent + '","sessionId":"s","timestamp":"' + t1 +
                '","message":{"id":"m' + i + '","role":"assistant","content":[{"type":"tool_use","id":"t' + i +
                '","name":"Edit","input":{"file_path":' + json(root + '/' + f) + ',"old_string":"a","new_string":"b"}}]}}\n'
        s << '{"type":"user","uuid":"r' + i + '","parentUuid":"a' + i + '","sessionId":"s","timestamp":"' + t1 +
                '","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t' + i + '","content":"ok"}]}}\n'
        parent = 'r' + i
    }
    s.toString()
}
write('src/Shared.java', 'class Shared {}\n')
write('src/Api.java', 'class Api {}\n')
write('src/Other.java', 'class Other {}\n')
write('logs/backend.jsonl', claude(['src/Shared.java']))
write('logs/frontend.jsonl', claude(['src/Api.java']))
write('.termsprawl/transcripts/backend.json', '{"version": 1, "path": "logs/backend.jsonl", "store": "claude", "session": "s"}\n')
write('.termsprawl/transcripts/frontend.json', '{"version": 1, "path": "logs/frontend.jsonl", "store": "claude", "session": "s"}\n')
write('.termsprawl/links/backend--frontend.json', '{"version": 1, "a": "backend", "b": "frontend"}\n')
true
