package io.github.termsprawl.ask;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.termsprawl.core.Fixtures;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** A local stand-in for the Messages API: records each request, answers as the test says. */
final class LocalApi implements AutoCloseable {
    record Request(String path, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    record Reply(int status, Map<String, String> headers, String body, long delayMillis) {}

    final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger mostInFlight = new AtomicInteger();
    /**
     * Each reply is held until this many requests have been in flight at once (or {@link #OVERLAP_GUARD} passed):
     * a test of overlap then waits for it instead of hoping a delay is long enough on a loaded machine.
     */
    volatile int overlapWanted;

    static final long OVERLAP_GUARD = 20_000;
    private final HttpServer server;
    private volatile Function<Request, Reply> handler = r -> answer(true, "ok");

    LocalApi() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::handle);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    LocalApi answering(Function<Request, Reply> handler) {
        this.handler = handler;
        return this;
    }

    /** A 200 with a Messages response whose text is the structured answer. */
    static Reply answer(boolean hasContext, String answer, int... citations) {
        StringBuilder cites = new StringBuilder();
        for (int c : citations) {
            cites.append(cites.length() == 0 ? "" : ",").append(c);
        }
        String text = "{\"has_context\":" + hasContext + ",\"answer\":" + Fixtures.jsonString(answer)
                + ",\"citations\":[" + cites + "]}";
        return new Reply(
                200,
                Map.of("content-type", "application/json"),
                "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-test\","
                        + "\"content\":[{\"type\":\"text\",\"text\":" + Fixtures.jsonString(text) + "}],"
                        + "\"stop_reason\":\"end_turn\",\"usage\":{\"input_tokens\":12,"
                        + "\"cache_creation_input_tokens\":3400,\"cache_read_input_tokens\":0,\"output_tokens\":56}}",
                0);
    }

    static Reply error(int status, String type, String message, Map<String, String> headers) {
        return new Reply(
                status,
                headers,
                "{\"type\":\"error\",\"error\":{\"type\":\"" + type + "\",\"message\":" + Fixtures.jsonString(message)
                        + "}}",
                0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        int now = inFlight.incrementAndGet();
        mostInFlight.accumulateAndGet(now, Math::max);
        try {
            Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
            Request request = new Request(
                    exchange.getRequestURI().getPath(),
                    headers,
                    exchange.getRequestBody().readAllBytes());
            requests.add(request);
            Reply reply = handler.apply(request);
            long guard = System.currentTimeMillis() + OVERLAP_GUARD;
            while (mostInFlight.get() < overlapWanted && System.currentTimeMillis() < guard) {
                Thread.sleep(5);
            }
            if (reply.delayMillis() > 0) {
                Thread.sleep(reply.delayMillis());
            }
            byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
            reply.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client gave up (a timeout test)
        } finally {
            inFlight.decrementAndGet();
            exchange.close();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
