package io.github.termsprawl.ask;

import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Messages API over {@code java.net.http}: one POST per target, retried on 429 and 529 as the server's
 * {@code retry-after} says (a bounded number of times, each wait bounded), every failure turned into a
 * message naming the cause and the fix.
 */
final class AnthropicClient {
    /** Waits between tries; a seam so that tests do not sleep. */
    interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    static final String API_VERSION = "2023-06-01";
    static final int MAX_RETRIES = 3;
    static final long MAX_WAIT_MILLIS = 60_000;
    private static final Pattern TOO_LONG = Pattern.compile("(\\d+)\\s*tokens\\s*>\\s*(\\d+)");

    private final HttpClient http;
    private final URI endpoint;
    private final AskSettings settings;
    private final int maxRetries;
    private final long maxWaitMillis;
    private final Sleeper sleeper;
    /** The most of a response body kept ({@link CappedBytes#CAP}; less in tests). */
    int bodyCap = CappedBytes.CAP;

    AnthropicClient(AskSettings settings) {
        this(settings, MAX_RETRIES, MAX_WAIT_MILLIS, Thread::sleep);
    }

    AnthropicClient(AskSettings settings, int maxRetries, long maxWaitMillis, Sleeper sleeper) {
        this.settings = settings;
        this.endpoint = endpoint(settings.baseUrl());
        this.maxRetries = maxRetries;
        this.maxWaitMillis = maxWaitMillis;
        this.sleeper = sleeper;
        Duration connect =
                settings.timeout().compareTo(Duration.ofSeconds(10)) < 0 ? settings.timeout() : Duration.ofSeconds(10);
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connect)
                .build();
    }

    /** {@code <base>/v1/messages}; a base with a path (a proxy's prefix) keeps it. */
    static URI endpoint(String baseUrl) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        return URI.create(base + "/v1/messages");
    }

    Answer send(byte[] body, long estimatedTokens) throws AskException {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(settings.timeout())
                .header("x-api-key", settings.apiKey())
                .header("anthropic-version", API_VERSION)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        for (int attempt = 0; ; attempt++) {
            HttpResponse<byte[]> response = exchange(request);
            int status = response.statusCode();
            if (status == 200) {
                return answer(response.body());
            }
            String[] error = error(response.body());
            if (status != 429 && status != 529) {
                throw failure(status, error, body.length, estimatedTokens);
            }
            String what =
                    (status == 429 ? "Rate limited" : "The API is overloaded") + " (" + describe(status, error) + ")";
            if (attempt >= maxRetries) {
                throw new AskException(what + " after " + (attempt + 1) + " tries. Try again later, or ask fewer"
                        + " targets at once (" + settings.names().parallel() + ").");
            }
            long wait = retryAfter(response.headers());
            if (wait > maxWaitMillis) {
                throw new AskException(what + ": the server asks to wait " + (wait + 999) / 1000 + " s, longer than"
                        + " ask waits (" + maxWaitMillis / 1000 + " s). Try again later.");
            }
            try {
                sleeper.sleep(wait >= 0 ? wait : 1000L << attempt);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AskException("Interrupted while waiting to ask again.");
            }
        }
    }

    private HttpResponse<byte[]> exchange(HttpRequest request) throws AskException {
        CompletableFuture<HttpResponse<byte[]>> call = http.sendAsync(request, info -> new CappedBody(bodyCap));
        try {
            // the request's own timeout ends with the headers: a body that trickles in is bounded here
            return call.get(settings.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            call.cancel(true);
            throw noAnswer();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            if (cause instanceof HttpTimeoutException) {
                throw noAnswer();
            }
            if (cause instanceof CappedBody.TooLarge) {
                throw new AskException("The response from " + endpoint + " was larger than "
                        + CappedBytes.describe(bodyCap) + " (an answer is a few kilobytes), so it was not read. Check"
                        + " ANTHROPIC_BASE_URL if it names another server, or try again later.");
            }
            String reason = cause.getMessage() == null || cause.getMessage().isEmpty()
                    ? cause.getClass().getSimpleName()
                    : cause.getMessage();
            throw new AskException("Cannot reach " + endpoint + ": " + reason + ". Check the network connection, or"
                    + " ANTHROPIC_BASE_URL if it names another server.");
        } catch (InterruptedException e) {
            call.cancel(true);
            Thread.currentThread().interrupt();
            throw new AskException("Interrupted while waiting for " + endpoint + ".");
        }
    }

    private AskException noAnswer() {
        return new AskException(
                "No answer from " + endpoint + " within " + settings.timeout().toSeconds() + " s. Allow more time ("
                        + settings.names().timeout() + "), or try again later.");
    }

    /** The wait {@code retry-after} asks for in milliseconds (seconds, or an HTTP date), or -1 when it says none. */
    static long retryAfter(HttpHeaders headers) {
        String value = headers.firstValue("retry-after").orElse(null);
        if (value == null || value.isBlank()) {
            return -1;
        }
        try {
            double seconds = Double.parseDouble(value.strip());
            if (Double.isNaN(seconds) || seconds < 0) {
                return -1;
            }
            // Infinity, 1e400: longer than any wait, without overflowing the message's arithmetic
            return seconds >= 1e12 ? (long) 1e15 : (long) Math.ceil(seconds * 1000);
        } catch (NumberFormatException e) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME);
                return Math.max(0, at.toInstant().toEpochMilli() - System.currentTimeMillis());
            } catch (RuntimeException notADate) {
                return -1;
            }
        }
    }

    /** The error body's {@code {type, message}}, or the start of a body that is no such thing. */
    static String[] error(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        try {
            Map<String, Object> e =
                    Json.asObject(Json.asObject(Json.parse(text)).get("error"));
            if (e != null) {
                return new String[] {
                    e.get("type") instanceof String t ? t : null, e.get("message") instanceof String m ? m : null
                };
            }
        } catch (IOException | RuntimeException e) {
            // not the API's error shape
        }
        String start = text.strip();
        return new String[] {null, start.length() > 200 ? start.substring(0, 200) + "…" : start};
    }

    private static String describe(int status, String[] error) {
        StringBuilder out = new StringBuilder().append(status);
        if (error[0] != null) {
            out.append(' ').append(error[0]);
        }
        if (error[1] != null && !error[1].isEmpty()) {
            out.append(": ").append(error[1]);
        }
        return out.toString();
    }

    private AskException failure(int status, String[] error, long bytes, long estimatedTokens) {
        String why = "(" + describe(status, error) + ")";
        String message = error[1] == null ? "" : error[1];
        if (status == 401) {
            return new AskException("The API key in ANTHROPIC_API_KEY was refused " + why + ". Set ANTHROPIC_API_KEY"
                    + " to a valid key, or unset it to ask Claude Code sessions through the claude command.");
        }
        if (status == 403) {
            return new AskException(
                    "The API key may not do this " + why + ". Use a key that may use " + settings.model()
                            + ", or another model (" + settings.names().model() + " or TERMSPRAWL_MODEL).");
        }
        if (status == 404) {
            return new AskException("Not found at " + endpoint + " " + why + ": the model '" + settings.model()
                    + "' may not exist. Name a current model with "
                    + settings.names().model() + " or TERMSPRAWL_MODEL (the"
                    + " default is " + Models.DEFAULT + "), or check ANTHROPIC_BASE_URL.");
        }
        String lower = message.toLowerCase(java.util.Locale.ROOT);
        if (status == 413
                || (status == 400
                        && (lower.contains("too long")
                                || lower.contains("too large")
                                || lower.contains("context window")
                                || lower.contains("context length")))) {
            long counted = 0;
            long maximum = 0;
            Matcher m = TOO_LONG.matcher(message);
            if (m.find()) {
                counted = Long.parseLong(m.group(1));
                maximum = Long.parseLong(m.group(2));
            }
            return new AskException.TooLarge(
                    "The request is too large for " + settings.model() + " even after cutting it to "
                            + Sizes.describe(bytes) + ", ~" + estimatedTokens + " tokens " + why
                            + ". Cut more with a smaller budget ("
                            + settings.names().contextTokens() + ").",
                    counted,
                    maximum);
        }
        if (status >= 500) {
            return new AskException("The API failed " + why + ". Try again later.");
        }
        return new AskException("The API refused the request " + why + ".");
    }

    private Answer answer(byte[] body) throws AskException {
        Map<String, Object> root;
        try {
            root = Json.asObject(Json.parse(new String(body, StandardCharsets.UTF_8)));
        } catch (IOException | RuntimeException e) {
            root = null;
        }
        if (root == null || !(root.get("content") instanceof List<?> content)) {
            String[] start = error(body);
            throw new AskException("The answer from " + endpoint + " is not a Messages API response (" + start[1]
                    + "). Check ANTHROPIC_BASE_URL.");
        }
        StringBuilder text = new StringBuilder();
        for (Object block : content) {
            Map<String, Object> b = Json.asObject(block);
            if (b != null && "text".equals(b.get("type")) && b.get("text") instanceof String t) {
                text.append(t);
            }
        }
        List<String> notes = new ArrayList<>();
        Object stop = root.get("stop_reason");
        if ("max_tokens".equals(stop)) {
            notes.add("the answer was cut at " + RequestBuilder.MAX_OUTPUT_TOKENS + " output tokens");
        } else if ("refusal".equals(stop)) {
            notes.add("the model declined to answer");
        }
        AnswerText.Parsed parsed = AnswerText.parse(text.toString());
        if (parsed.note() != null) {
            notes.add(parsed.note());
        }
        String model = root.get("model") instanceof String m ? m : settings.model();
        return new Answer(
                parsed.hasContext(),
                parsed.answer(),
                parsed.citations(),
                usage(root.get("usage")),
                notes,
                "api " + model);
    }

    static Usage usage(Object value) {
        Map<String, Object> u = Json.asObject(value);
        if (u == null) {
            return Usage.NONE;
        }
        return new Usage(
                count(u.get("input_tokens")),
                count(u.get("cache_read_input_tokens")),
                count(u.get("cache_creation_input_tokens")),
                count(u.get("output_tokens")));
    }

    /** A count as the server wrote it; none (or no number, or a negative one) is 0. */
    private static java.math.BigDecimal count(Object value) {
        if (value instanceof Json.JsonNumber n) {
            try {
                java.math.BigDecimal d = new java.math.BigDecimal(n.text());
                return d.signum() < 0 ? java.math.BigDecimal.ZERO : d;
            } catch (NumberFormatException e) {
                return java.math.BigDecimal.ZERO;
            }
        }
        return java.math.BigDecimal.ZERO;
    }
}
