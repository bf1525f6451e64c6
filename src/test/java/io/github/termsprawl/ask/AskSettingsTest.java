package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.termsprawl.core.UserErrorException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AskSettingsTest {
    static AskSettings of(String baseUrl, Integer contextTokens) throws UserErrorException {
        return AskSettings.of(
                new AskEnvironment(Map.of("ANTHROPIC_BASE_URL", baseUrl)),
                "q?",
                null,
                null,
                null,
                true,
                true,
                contextTokens,
                AskSettings.FLAGS,
                false);
    }

    @Test
    void anAddressThatIsNoHttpUrlIsTheUsersToFix() throws Exception {
        // the HTTP client failed on each with its own words ("invalid URI scheme localhost"), even in a dry run
        for (String bad : new String[] {"localhost:18777", "127.0.0.1:18777", " http://x", "http://[::1", "ftp://x"}) {
            UserErrorException e = assertThrows(UserErrorException.class, () -> of(bad, null), bad);
            assertEquals(
                    "Invalid API address '" + bad + "' in ANTHROPIC_BASE_URL. Give http:// or https:// and a host,"
                            + " such as https://api.anthropic.com.",
                    e.getMessage());
        }
        for (String good : new String[] {"http://127.0.0.1:1", "https://proxy.example/prefix/", "HTTPS://api.x"}) {
            assertEquals(good, of(good, null).baseUrl());
        }
    }

    @Test
    void aContextTooSmallForTheAnswerAndTheFramingIsTheUsersToFix() throws Exception {
        for (int tokens : new int[] {1, 10_240}) {
            UserErrorException e =
                    assertThrows(UserErrorException.class, () -> of("https://api.anthropic.com", tokens));
            assertEquals(
                    tokens + " tokens (--context-tokens <n>) leave no room for the conversation: the answer and the"
                            + " request's framing take 10240 of them. Give the model's input window, or leave it unset"
                            + " for the model's own.",
                    e.getMessage());
        }
        assertEquals(10_241, of("https://api.anthropic.com", 10_241).contextTokens());
    }
}
