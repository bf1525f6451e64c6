package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Messages API client against a local server: the request, retries, and every failure's message. */
class AnthropicClientTest {
    static final byte[] BODY = "{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8);

    LocalApi api;
    final List<Long> slept = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        api = new LocalApi();
    }

    @AfterEach
    void stop() {
        api.close();
    }

    static AskSettings settings(String baseUrl, int timeoutSeconds) {
        return RequestChecks.settings(
                new AskEnvironment(Map.of("ANTHROPIC_API_KEY", "sk-test", "ANTHROPIC_BASE_URL", baseUrl)),
                "why?",
                "claude-test-1",
                timeoutSeconds,
                null,
                true,
                false,
                null,
                AskSettings.FLAGS);
    }

    AnthropicClient client() {
        return client(api.baseUrl(), 5);
    }

    AnthropicClient client(String baseUrl, int timeoutSeconds) {
        return new AnthropicClient(settings(baseUrl, timeoutSeconds), 2, 30_000, slept::add);
    }

    String failure(LocalApi.Reply reply) {
        api.answering(r -> reply);
        return assertThrows(AskException.class, () -> client().send(BODY, 1000)).getMessage();
    }

    @Test
    void postsTheBodyWithTheKeyAndVersionAndReadsTheStructuredAnswer() throws Exception {
        api.answering(r -> LocalApi.answer(true, "Because the client pages.", 3, 7, 3));
        Answer a = client().send(BODY, 1000);
        assertEquals(1, api.requests.size());
        LocalApi.Request r = api.requests.get(0);
        assertEquals("/v1/messages", r.path());
        assertEquals("sk-test", r.headers().get("x-api-key"));
        assertEquals("2023-06-01", r.headers().get("anthropic-version"));
        assertEquals("application/json", r.headers().get("content-type"));
        assertEquals("{\"model\":\"m\"}", r.text());
        assertTrue(a.hasContext());
        assertEquals("Because the client pages.", a.answer());
        assertEquals(List.of(3, 7), a.citations(), "each turn once, in order");
        assertEquals(new Usage(12, 0, 3400, 56), a.usage());
        assertEquals("api claude-test", a.backend());
        assertEquals(List.of(), a.notes());
    }

    @Test
    void aBaseUrlWithAPathKeepsIt() {
        assertEquals(
                "http://proxy:8080/anthropic/v1/messages",
                AnthropicClient.endpoint("http://proxy:8080/anthropic/").toString());
        assertEquals(
                "https://api.anthropic.com/v1/messages",
                AnthropicClient.endpoint(AskSettings.DEFAULT_BASE_URL).toString());
    }

    @Test
    void retriesA429AsRetryAfterSaysThenAnswers() throws Exception {
        int[] calls = {0};
        api.answering(r -> ++calls[0] < 3
                ? LocalApi.error(429, "rate_limit_error", "slow down", Map.of("retry-after", "2"))
                : LocalApi.answer(true, "fine"));
        assertEquals("fine", client().send(BODY, 1000).answer());
        assertEquals(3, api.requests.size());
        assertEquals(List.of(2000L, 2000L), slept);
    }

    @Test
    void withoutRetryAfterItBacksOffAndGivesUpAfterTheBound() {
        String message = failure(LocalApi.error(529, "overloaded_error", "Overloaded", Map.of()));
        assertEquals(3, api.requests.size(), "the first try and two more");
        assertEquals(List.of(1000L, 2000L), slept);
        assertEquals(
                "The API is overloaded (529 overloaded_error: Overloaded) after 3 tries. Try again later, or ask"
                        + " fewer targets at once (--parallel <n>).",
                message);
    }

    @Test
    void aWaitLongerThanTheBoundIsNotWaited() {
        String message = failure(LocalApi.error(429, "rate_limit_error", "limit", Map.of("retry-after", "600")));
        assertEquals(1, api.requests.size());
        assertEquals(List.of(), slept);
        assertEquals(
                "Rate limited (429 rate_limit_error: limit): the server asks to wait 600 s, longer than ask"
                        + " waits (30 s). Try again later.",
                message);
    }

    @Test
    void retryAfterIsSecondsOrAnHttpDate() {
        assertEquals(1500, AnthropicClient.retryAfter(headers("1.5")));
        assertEquals(-1, AnthropicClient.retryAfter(headers("soon")));
        long inAMinute =
                AnthropicClient.retryAfter(headers(java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
                        java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(60))));
        assertTrue(inAMinute > 50_000 && inAMinute <= 60_000, String.valueOf(inAMinute));
    }

    private static java.net.http.HttpHeaders headers(String retryAfter) {
        return java.net.http.HttpHeaders.of(Map.of("retry-after", List.of(retryAfter)), (a, b) -> true);
    }

    @Test
    void a401NamesTheKeyAndBothWaysOut() {
        assertEquals(
                "The API key in ANTHROPIC_API_KEY was refused (401 authentication_error: invalid x-api-key). Set"
                        + " ANTHROPIC_API_KEY to a valid key, or unset it to ask Claude Code sessions through the"
                        + " claude command.",
                failure(LocalApi.error(401, "authentication_error", "invalid x-api-key", Map.of())));
        assertEquals(1, api.requests.size(), "no retry");
    }

    @Test
    void a404NamesTheModelAndHowToChooseAnother() {
        assertEquals(
                "Not found at " + api.baseUrl() + "/v1/messages (404 not_found_error: model: claude-test-1): the"
                        + " model 'claude-test-1' may not exist. Name a current model with --model <id> or"
                        + " TERMSPRAWL_MODEL (the default is " + Models.DEFAULT + "), or check ANTHROPIC_BASE_URL.",
                failure(LocalApi.error(404, "not_found_error", "model: claude-test-1", Map.of())));
    }

    @Test
    void tooLargeIs413Or400PromptTooLongWithTheCounts() {
        api.answering(r -> LocalApi.error(413, "request_too_large", "Request exceeds the maximum size", Map.of()));
        AskException e = assertThrows(AskException.class, () -> client().send(BODY, 1000));
        assertInstanceOf(AskException.TooLarge.class, e);
        assertEquals(
                "The request is too large for claude-test-1 even after cutting it to 13 bytes, ~1000 tokens (413"
                        + " request_too_large: Request exceeds the maximum size). Cut more with a smaller budget"
                        + " (--context-tokens <n>).",
                e.getMessage());
        api.answering(r -> LocalApi.error(
                400, "invalid_request_error", "prompt is too long: 250123 tokens > 200000 maximum", Map.of()));
        AskException.TooLarge t =
                (AskException.TooLarge) assertThrows(AskException.class, () -> client().send(BODY, 1));
        assertEquals(250123, t.counted);
        assertEquals(200000, t.maximum);
    }

    @Test
    void otherRefusalsAndServerErrorsSayWhatTheServerSaid() {
        assertEquals(
                "The API refused the request (400 invalid_request_error: messages: roles must alternate).",
                failure(LocalApi.error(400, "invalid_request_error", "messages: roles must alternate", Map.of())));
        assertEquals(
                "The API failed (500 api_error: Internal server error). Try again later.",
                failure(LocalApi.error(500, "api_error", "Internal server error", Map.of())));
        assertEquals(
                "The answer from " + api.baseUrl() + "/v1/messages is not a Messages API response (<html>hello</html>)."
                        + " Check ANTHROPIC_BASE_URL.",
                failure(new LocalApi.Reply(200, Map.of(), "<html>hello</html>", 0)));
    }

    @Test
    void aServerThatDoesNotAnswerInTimeIsATimeoutNamingTheSetting() {
        // the answer would come after 3 s and be no Messages API response: the message names the timeout
        api.answering(r -> new LocalApi.Reply(200, Map.of(), "{}", 3000));
        AskException e =
                assertThrows(AskException.class, () -> client(api.baseUrl(), 1).send(BODY, 1000));
        assertEquals(
                "No answer from " + api.baseUrl() + "/v1/messages within 1 s. Allow more time (--timeout"
                        + " <seconds>), or try again later.",
                e.getMessage());
    }

    @Test
    void aBodyThatTricklesInIsBoundedByTheTimeoutToo() throws Exception {
        // the headers come at once, then a byte every 300 ms: the request's own timeout ends at the headers,
        // so the read went on for as long as the server kept sending
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            int body = 100;
            java.util.concurrent.atomic.AtomicInteger sent = new java.util.concurrent.atomic.AtomicInteger();
            Thread trickle = new Thread(() -> {
                try (java.net.Socket s = server.accept()) {
                    s.getInputStream().read(new byte[65536]);
                    java.io.OutputStream out = s.getOutputStream();
                    out.write(("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: " + body
                                    + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    for (int i = 0; i < body; i++) {
                        out.write(' ');
                        out.flush();
                        sent.incrementAndGet();
                        Thread.sleep(300);
                    }
                } catch (Exception e) {
                    // the client gave up and closed: done
                }
            });
            trickle.setDaemon(true);
            trickle.start();
            String base = "http://127.0.0.1:" + server.getLocalPort();
            AskException e =
                    assertThrows(AskException.class, () -> client(base, 1).send(BODY, 1000));
            // counted, not timed: the client gave up before the 30 s body was in (without the bound it read all of it)
            assertTrue(sent.get() < body, sent.get() + " of " + body + " bytes sent");
            assertEquals(
                    "No answer from " + base + "/v1/messages within 1 s. Allow more time (--timeout <seconds>), or try"
                            + " again later.",
                    e.getMessage());
        }
    }

    @Test
    void retryAfterThatIsNoNumberOfSecondsIsNoWaitOrAnEndlessOne() {
        assertEquals(-1, AnthropicClient.retryAfter(headers("NaN")));
        assertEquals(-1, AnthropicClient.retryAfter(headers("-3")));
        // read as 0 before: four tries in a second; and Infinity overflowed to a negative wait in the message
        assertTrue(AnthropicClient.retryAfter(headers("Infinity")) > 1_000_000_000L);
        assertTrue(AnthropicClient.retryAfter(headers("1e400")) > 1_000_000_000L);
        api.answering(r -> new LocalApi.Reply(429, Map.of("retry-after", "Infinity"), "{}", 0));
        AskException e =
                assertThrows(AskException.class, () -> client(api.baseUrl(), 5).send(BODY, 1000));
        assertTrue(
                e.getMessage().contains(": the server asks to wait 1000000000000 s, longer than ask waits (30 s)."),
                e.getMessage());
    }

    @Test
    void aServerThatIsNotThereIsANetworkFailure() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            port = s.getLocalPort();
        }
        String base = "http://127.0.0.1:" + port;
        AskException e = assertThrows(AskException.class, () -> client(base, 5).send(BODY, 1000));
        assertTrue(e.getMessage().startsWith("Cannot reach " + base + "/v1/messages: "), e.getMessage());
        assertTrue(
                e.getMessage()
                        .endsWith(". Check the network connection, or ANTHROPIC_BASE_URL if it names another"
                                + " server."),
                e.getMessage());
    }

    @Test
    void anAnswerThatIsNotTheStructureIsShownAsWrittenWithANote() throws Exception {
        api.answering(r -> new LocalApi.Reply(
                200,
                Map.of(),
                "{\"content\":[{\"type\":\"thinking\",\"thinking\":\"hm\"},{\"type\":\"text\",\"text\":\"Plain words.\"}],"
                        + "\"stop_reason\":\"max_tokens\",\"usage\":{\"input_tokens\":1,\"output_tokens\":2}}",
                0));
        Answer a = client().send(BODY, 1000);
        assertEquals("Plain words.", a.answer());
        assertTrue(a.hasContext());
        assertEquals(List.of("the answer was cut at 8192 output tokens", AnswerText.NOT_STRUCTURED), a.notes());
        assertEquals("api claude-test-1", a.backend(), "the model asked when the response names none");
    }

    /** A body past the cap is not read into memory: the exchange stops with a message naming the size. */
    @Test
    void aHugeResponseIsRefusedAtTheCap() {
        api.answering(r -> new LocalApi.Reply(200, Map.of(), "x".repeat(200_000), 0));
        AnthropicClient client = client();
        client.bodyCap = 10_000;
        AskException e = assertThrows(AskException.class, () -> client.send(BODY, 1000));
        assertTrue(
                e.getMessage()
                        .startsWith(
                                "The response from " + api.baseUrl() + "/v1/messages was larger than" + " 10000 bytes"),
                e.getMessage());
    }
}
