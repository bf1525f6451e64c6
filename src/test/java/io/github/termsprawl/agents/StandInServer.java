package io.github.termsprawl.agents;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * A model API on loopback for a real agent: bound to 127.0.0.1 on a free port, it records every request it
 * receives (so a test can assert what the model was shown, e.g. a hook's warning) and answers each with what
 * the subclass scripts for it ({@link #reply}). One subclass per API: {@link AnthropicStandIn} for the
 * Messages API; the others add theirs.
 */
public abstract class StandInServer implements AutoCloseable {
    /** One request as received. */
    public record Request(String method, String path, Map<String, String> headers, byte[] body) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The body as JSON (maps, lists, strings…), or null when it is none. */
        public Object json() {
            try {
                return Json.parse(text());
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }

        /** The body's top-level object, or an empty map. */
        public Map<String, Object> object() {
            Map<String, Object> o = Json.asObject(json());
            return o == null ? Map.of() : o;
        }

        /** A header, its name in lower case. */
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /**
     * What is sent back: a status, a content type, and the body in chunks, each written and flushed on its
     * own (an event stream's events arrive as a client sees them from a real server).
     */
    public record Reply(int status, String contentType, List<String> chunks) {
        public static Reply json(int status, String body) {
            return new Reply(status, "application/json", List.of(body));
        }

        public static Reply events(List<String> events) {
            return new Reply(200, "text/event-stream", events);
        }
    }

    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    private volatile Consumer<Request> onReceive = r -> {};
    /** The file whose text each request keeps ({@link #watch}), or null. */
    private volatile Path watched;
    /** Per request (by identity), the watched file's text when it came; absent: none watched, or no file. */
    private final Map<Request, String> seen = Collections.synchronizedMap(new IdentityHashMap<>());

    private final HttpServer server;
    private final ExecutorService pool;

    protected StandInServer() throws IOException {
        // loopback only: the stand-in is never reachable from another machine
        server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "stand-in-" + getClass().getSimpleName());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(pool);
        server.createContext("/", this::handle);
        server.start();
    }

    /** {@code http://127.0.0.1:<port>}, without a trailing slash. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Every request so far, in the order received. */
    public List<Request> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    /**
     * Runs {@code observer} on each request as it arrives, before it is answered: what the agent had done when it
     * sent it (a file it may have changed by then) can be looked at there.
     */
    public void onReceive(Consumer<Request> observer) {
        this.onReceive = observer;
    }

    /**
     * From now on each request keeps {@code file}'s text as it was when the request came, before it is answered
     * ({@link #fileAt}): what was on disk when the model was asked, e.g. whether an edit had happened yet.
     */
    public void watch(Path file) {
        watched = file;
    }

    /** The {@link #watch watched} file's text when {@code request} came, or null when there was no such file. */
    public String fileAt(Request request) {
        return seen.get(request);
    }

    /** The answer to one request; called on the server's threads. */
    protected abstract Reply reply(Request request) throws IOException;

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders()
                    .forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().toString();
            Request request = new Request(exchange.getRequestMethod(), path, headers, body);
            Path file = watched;
            if (file != null && Files.isRegularFile(file)) {
                seen.put(request, Files.readString(file, StandardCharsets.UTF_8));
            }
            requests.add(request);
            Reply reply;
            try {
                onReceive.accept(request);
                reply = reply(request);
            } catch (RuntimeException | IOException e) {
                reply = Reply.json(
                        500,
                        "{\"type\":\"error\",\"error\":{\"type\":\"api_error\",\"message\":\"stand-in: "
                                + e.toString().replace('"', '\'') + "\"}}");
            }
            exchange.getResponseHeaders().set("content-type", reply.contentType());
            exchange.sendResponseHeaders(reply.status(), 0);
            OutputStream out = exchange.getResponseBody();
            for (String chunk : reply.chunks()) {
                out.write(chunk.getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }

    /** {@code s} as a JSON string literal. */
    public static String str(String s) {
        return io.github.termsprawl.core.Fixtures.jsonString(s);
    }
}
