import com.sun.net.httpserver.HttpHandler
import com.sun.net.httpserver.HttpServer

// frontend is linked to backend (Claude Code, compacted once: two windows) and docs (pi)
def write = evaluate(new File(itScripts as String, 'write-file.groovy'))
write('.termsprawl/links/backend--frontend.json', '{"version": 1, "a": "backend", "b": "frontend"}\n')
write('.termsprawl/links/docs--frontend.json', '{"version": 1, "a": "docs", "b": "frontend"}\n')
write('.termsprawl/transcripts/backend.json', '{"version": 1, "path": "sessions/backend.jsonl"}\n')
write('.termsprawl/transcripts/docs.json', '{"version": 1, "path": "sessions/docs.jsonl", "store": "pi"}\n')
int n = 0
String last = null
def rec = { String type, String body ->
    n++
    String parent = type == 'system' ? null : last
    last = 'r' + n
    '{"type":"' + type + '","uuid":"' + last + '","parentUuid":' + (parent == null ? 'null' : '"' + parent + '"') +
            ',"timestamp":"2026-01-01T00:00:' + String.format('%02d', n) + '.000Z",' + body + '}'
}
def user = { String text -> rec('user', '"message":{"role":"user","content":"' + text + '"}') }
def said = { String text -> rec('assistant', '"message":{"id":"m' + n + '","role":"assistant","content":[{"type":"text","text":"' + text + '"}]}') }
write('sessions/backend.jsonl', [
        user('Add GET /orders.'),
        said('Added it, unpaged.'),
        user('Page it by 50: the client renders 50 rows.'),
        said('Paged by 50.'),
        rec('system', '"subtype":"compact_boundary","logicalParentUuid":"r4","compactMetadata":{"trigger":"auto","preTokens":9}'),
        rec('user', '"isCompactSummary":true,"message":{"role":"user","content":"Summary: GET /orders, paged by 50."}'),
        user('Add tests.'),
        said('Added tests.'),
].join('\n') + '\n')
write('sessions/docs.jsonl', [
        '{"type":"session","version":3,"id":"pi1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}',
        '{"type":"message","id":"a1","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":[{"type":"text","text":"Document the API."}]}}',
        '{"type":"message","id":"a2","parentId":"a1","timestamp":"2026-01-01T00:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":"Wrote docs/api.md."}]}}',
].join('\n') + '\n')

// the stand-in for the Messages API: keeps each request, answers from what it was sent
File requests = new File(basedir, 'requests')
requests.mkdirs()
def answer = { boolean context, String text, int cite ->
    String structured = groovy.json.JsonOutput.toJson([has_context: context, answer: text, citations: cite < 0 ? [] : [cite]])
    groovy.json.JsonOutput.toJson([id: 'msg_it', type: 'message', role: 'assistant', model: 'claude-it-model',
            content: [[type: 'text', text: structured]], stop_reason: 'end_turn',
            usage: [input_tokens: 20, cache_creation_input_tokens: 300, cache_read_input_tokens: 0, output_tokens: 10]])
}
HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0)
server.createContext('/', { exchange ->
    String body = exchange.requestBody.getText('UTF-8')
    String key = exchange.requestHeaders.getFirst('x-api-key')
    synchronized (requests) {
        int i = requests.list().length / 2 + 1
        new File(requests, "${i}.json").setText(body, 'UTF-8')
        new File(requests, "${i}.key").text = "${exchange.requestURI.path} ${key}"
    }
    int status = 200
    String reply
    if (key != 'sk-it-test') {
        status = 401
        reply = '{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}'
    } else if (body.contains('docs/api.md')) {
        reply = answer(false, 'It only wrote the API documentation.', -1)
    } else {
        reply = answer(true, 'Paged by 50 because the client renders 50 rows.', 4)
    }
    byte[] bytes = reply.getBytes('UTF-8')
    exchange.sendResponseHeaders(status, bytes.length)
    exchange.responseBody.withStream { it.write(bytes) }
} as HttpHandler)
server.start()
System.properties.put('termsprawl.it.ask-goal.server', server) // verify.groovy stops it
String url = "http://127.0.0.1:${server.address.port}"
write('ask.properties', "termsprawl.baseUrl=${url}\ntermsprawl.question=Why is /orders paged?\n")
write('server.url', url)
true
