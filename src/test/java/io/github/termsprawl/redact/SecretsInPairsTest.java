package io.github.termsprawl.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Secrets that are known by what stands beside them (docs/redaction.md, "Secrets in pairs and commands"): an
 * AWS secret key near its access key id, a value after {@code configure set <name>} or a flag named like a
 * secret, a token split by a zero-width character, a token inside a path; and identifiers that are not
 * secrets although a secret word names them. Each as plain text and as the JSON-escaped text of a tool
 * call. Fake keys in the real shapes, cut in two so that no scanner flags this file.
 */
class SecretsInPairsTest {
    private static final String ID = "AKIA" + "Z7Q3RW2LX5KPMN4T";
    private static final String SECRET = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzK8Qv3Lw9t";
    private static final String GITHUB = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    private static final String NPM = "npm_" + "Ab3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ3lN5";
    private static final String VALUE = "Hq3Lm8Xv2Rt7Yp4Z";

    /** text, what it becomes. */
    static Stream<Arguments> redacted() {
        return Stream.of(
                // the AWS pair: a 40-character secret within a few lines of its access key id, either side
                Arguments.of(
                        "my keys: " + ID + " / " + SECRET,
                        "my keys: [redacted:aws-access-key] / [redacted:aws-secret-key]"),
                Arguments.of(
                        "the secret is " + SECRET + " for " + ID,
                        "the secret is [redacted:aws-secret-key] for [redacted:aws-access-key]"),
                Arguments.of(
                        "id " + ID + "\nregion eu-west-1\nsecret " + SECRET + "\n",
                        "id [redacted:aws-access-key]\nregion eu-west-1\nsecret [redacted:aws-secret-key]\n"),
                Arguments.of(SECRET + "\n\n" + ID, "[redacted:aws-secret-key]\n\n[redacted:aws-access-key]"),
                // commands
                Arguments.of(
                        "aws configure set aws_secret_access_key " + SECRET,
                        "aws configure set aws_secret_access_key [redacted:aws-secret-key]"),
                Arguments.of(
                        "aws configure set aws_secret_access_key " + SECRET + " --profile prod",
                        "aws configure set aws_secret_access_key [redacted:aws-secret-key] --profile prod"),
                Arguments.of(
                        "aws configure set aws_session_token " + VALUE + VALUE,
                        "aws configure set aws_session_token [redacted:aws-token]"),
                Arguments.of(
                        "npm config set _authToken " + VALUE, "npm config set _authToken [redacted:secret-assignment]"),
                Arguments.of(
                        "pnpm config set //registry.npmjs.org/:_authToken " + VALUE + " && pnpm i",
                        "pnpm config set //registry.npmjs.org/:_authToken [redacted:secret-assignment] && pnpm i"),
                Arguments.of(
                        "git config --global credential.token " + VALUE,
                        "git config --global credential.token [redacted:secret-assignment]"),
                Arguments.of(
                        "aws iam x --secret-access-key " + SECRET,
                        "aws iam x --secret-access-key [redacted:aws-secret-key]"),
                Arguments.of(
                        "az login --service-principal --client-secret " + VALUE + " --tenant t",
                        "az login --service-principal --client-secret [redacted:secret-assignment] --tenant t"),
                Arguments.of("tool --api-key " + VALUE + " run", "tool --api-key [redacted:secret-assignment] run"),
                Arguments.of("cli --password " + VALUE, "cli --password [redacted:secret-assignment]"),
                // a token split by a zero-width character: the whole token goes, the character with it
                Arguments.of(
                        "token " + GITHUB.substring(0, 20) + "\u200B" + GITHUB.substring(20) + " ok",
                        "token [redacted:github-token] ok"),
                Arguments.of("token gh\u200Cp_" + GITHUB.substring(4), "token [redacted:github-token]"),
                Arguments.of(
                        "a\u200Db " + GITHUB.substring(0, 9) + "\u2060" + GITHUB.substring(9),
                        "a\u200Db [redacted:github-token]"),
                Arguments.of(
                        "\uFEFF" + ID.substring(0, 4) + "\uFEFF" + ID.substring(4), "\uFEFF[redacted:aws-access-key]"),
                // a token inside a path, even glued to a word of its segment
                Arguments.of("cat /tmp/token_" + GITHUB + "/x", "cat /tmp/token_[redacted:github-token]/x"),
                Arguments.of("ls /tmp/key-" + NPM + "/x", "ls /tmp/key-[redacted:npm-token]/x"),
                Arguments.of("ls C:\\keys\\my_" + ID + "\\x", "ls C:\\keys\\my_[redacted:aws-access-key]\\x"),
                Arguments.of("open /srv/" + GITHUB + ".txt", "open /srv/[redacted:github-token].txt"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("redacted")
    void theSecretBesideItsPairGoes(String text, String expected) {
        assertEquals(expected, Redactor.redact(text));
        assertEquals(expected, Redactor.redact(expected), "redacting twice changes nothing more");
        String escaped = "{\"command\":\"" + SecretCases.escape(text) + "\"}";
        String expectedEscaped = "{\"command\":\"" + SecretCases.escape(expected) + "\"}";
        assertEquals(expectedEscaped, Redactor.redact(escaped));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\\u200b", "\\u200B", "\\u200c", "\\u200d", "\\u2060", "\\ufeff"})
    void aZeroWidthCharacterWrittenAsAJsonEscapeSplitsNothingEither(String escape) {
        String text = "{\"text\":\"token " + GITHUB.substring(0, 12) + escape + GITHUB.substring(12) + "\"}";
        assertEquals("{\"text\":\"token [redacted:github-token]\"}", Redactor.redact(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                // an id alone, or beside what is not a secret: a git hash, a path, a sample key, a far line
                "commit 7fe4b3f1c2a9d8e6b5f4a3c2d1e0f9a8b7c6d5e4 by AKIAIOSFODNN7EXAMPLE",
                "AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                "checksum wJalrXUtnFEMI/K7MDENG/bPxRfiCYzK8Qv3Lw9t, no key id near it",
                "aws configure set region eu-west-1 && aws configure set output json",
                "aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE",
                "npm config set registry https://registry.npmjs.org/ && git config --global user.name Dev",
                "git config --global credential.helper store",
                "cli --password-file /run/secrets/db --api-key $API_KEY",
                // identifiers in code-like prose: names of tests, classes and methods are not values
                "auth: TestEnsureAuthForService_NoHelperIsNoOp",
                "ensureAuth: TestEnsureAuthForService_NoHelperIsNoOp passes now",
                "- token: refresh_access_token_v2 renamed",
                "tokenSource = newTokenSource_WithRetry",
                "password: PasswordResetController_handleReset",
                "secret: Secret_Manager_Client, auth: OAuth2_Client_Flow",
                "apiKey = \"ApiKeyProvider_FromEnv\"",
                "ensureAuth: rgbTo256 maps a colour, token: msgCount and dbConnPool",
                // a time-based UUID is made to be unique, not secret
                "_authToken=6ba7b810-9dad-11d1-80b4-00c04fd430c8",
            })
    void whatOnlyLooksLikeAPairStays(String text) {
        assertSame(text, Redactor.redact(text));
        String escaped = "{\"command\":\"" + SecretCases.escape(text) + "\"}";
        assertSame(escaped, Redactor.redact(escaped));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "DB_PASSWORD=hunter2-Blue",
                "api_key: Hq3Lm8Xv2Rt7Yp4Z",
                "_authToken=3f2b8c1e-7d4a-4b9e-a6c2-1e8f0d5b7a93",
                "password: Summer20245_Sale",
                "secret: xQ_ZI4aKUIPHSZG6ge",
                "token: Zk3Pq9_Lm2Xw7Rt",
                "password: rgbT0256",
                "secret: xkQz7Hq3Lm8Xv2Rt"
            })
    void valuesThatAreNotIdentifiersStillGo(String text) {
        assertFalse(Redactor.find(text).isEmpty(), text);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void anIdFarFromTheSecretLeavesIt(int lines) {
        String near = ID + "\n".repeat(lines) + SECRET;
        assertFalse(Redactor.redact(near).contains(SECRET));
        String far = ID + "\nline\n".repeat(6) + SECRET;
        assertEquals(true, Redactor.redact(far).contains(SECRET), "more than a few lines away: not a pair");
    }
}
