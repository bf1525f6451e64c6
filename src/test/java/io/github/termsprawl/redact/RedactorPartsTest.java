package io.github.termsprawl.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The parts of the redactor one by one: the rule table, the keyword scan, names, placeholders, encodings. */
class RedactorPartsTest {
    @Test
    void everyRuleCompilesHasAStableKindAndIsWokenByAKeyword() {
        Set<String> kinds = new HashSet<>();
        for (Rule rule : RuleTable.RULES) {
            assertTrue(rule.kind.matches("[a-z0-9]+(-[a-z0-9]+)*"), rule.kind);
            assertTrue(rule.keywords.length > 0, rule.kind + " has keywords");
            for (String k : rule.keywords) {
                assertTrue(k.length() >= 2, rule.kind + ": a keyword of two characters or more: " + k);
            }
            if (rule.detector == null || rule.detector.equals("openai") || rule.detector.equals("jwt")) {
                rule.pattern(); // throws on a bad regex
            }
            kinds.add(rule.kind);
        }
        assertTrue(kinds.size() > 80, "kinds: " + kinds.size());
    }

    /** A vendor's own prefix (option p) decides a named value, so no other rule's keyword may start with it. */
    @Test
    void aVendorsOwnPrefixIsNoOtherRulesKeyword() {
        int prefixes = 0;
        for (Rule own : RuleTable.RULES) {
            if (!own.ownPrefix) {
                continue;
            }
            assertTrue(own.detector == null && own.back == 0, own.kind + ": a regex that starts at its keyword");
            for (String prefix : own.keywords) {
                prefixes++;
                assertTrue(prefix.length() >= 3, own.kind + ": " + prefix);
                assertTrue(RuleTable.ownPrefix(prefix + "Zx9Qw3Er7Ty1Ui5Op2As8Df4Gh6Jk0"), prefix);
                for (Rule other : RuleTable.RULES) {
                    for (String k : other.keywords) {
                        assertTrue(
                                other.kind.equals(own.kind) || !k.startsWith(prefix),
                                other.kind + "'s keyword " + k + " starts with " + own.kind + "'s own prefix");
                    }
                }
            }
        }
        assertTrue(prefixes > 50, "own prefixes: " + prefixes);
        assertFalse(RuleTable.ownPrefix("sk-Zx9Qw3Er7Ty1Ui5Op2As8Df4Gh6Jk0"), "sk- is other vendors' too");
        assertFalse(RuleTable.ownPrefix("xoxoZx9Qw3Er7Ty1"), "a word that starts like Slack's prefix");
    }

    @Test
    void theBase64KeywordsAreThoseThePrefixesGive() {
        assertEquals(List.of(base64Keywords()), List.of(Encoded.BASE64_KEYWORDS));
    }

    /** Prefixes and names whose base64 encodings wake the base64 rule. */
    private static final String[] PREFIXES = {
        "ghp_",
        "gho_",
        "ghs_",
        "github_pat_",
        "glpat-",
        "sk-ant-",
        "sk-proj-",
        "xoxb-",
        "xoxp-",
        "AKIA",
        "ASIA",
        "AIza",
        "sk_live_",
        "-----BEGIN",
        "PRIVATE KEY",
        "password",
        "Password",
        "PASSWORD",
        "passwd",
        "secret",
        "Secret",
        "SECRET",
        "token",
        "Token",
        "TOKEN",
        "api_key",
        "apiKey",
        "API_KEY",
        "eyJhbGci",
        "hf_",
        "npm_",
        "Bearer ",
        "AccountKey=",
        "://",
        "pypi-",
        "xai-",
        "gsk_",
        "SG."
    };

    /** The characters of each prefix's base64, at each of three byte offsets, whose six bits all come from it. */
    private static String[] base64Keywords() {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (String p : PREFIXES) {
            byte[] bytes = p.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            for (int offset = 0; offset < 3; offset++) {
                byte[] shifted = new byte[offset + bytes.length];
                System.arraycopy(bytes, 0, shifted, offset, bytes.length);
                String enc = java.util.Base64.getEncoder().withoutPadding().encodeToString(shifted);
                // the characters whose six bits all come from the prefix
                int first = (8 * offset + 5) / 6;
                int last = (8 * (offset + bytes.length)) / 6; // exclusive
                if (last - first >= 4) {
                    out.add(enc.substring(first, last));
                }
            }
        }
        return out.toArray(new String[0]);
    }

    @Test
    void textWithoutAKeywordCostsOnePassAndNothingElse() {
        String text = "plain prose about builds, tests and the weather, repeated. ".repeat(2000);
        assertNull(KeywordScan.scan(text, 0, false), "no keyword, no rule tried");
        assertSame(text, Redactor.redact(text));
    }

    @Test
    void aTokenAfterAnEscapedLineEndStartsAWordButTheEscapeStays() {
        String text = "{\"out\":\"line\\nAKIA" + "Z7Q3RW2LX5KPMN4T\\nnext\"}";
        assertEquals("{\"out\":\"line\\n[redacted:aws-access-key]\\nnext\"}", Redactor.redact(text));
        assertTrue(RuleTable.escapeAware("\\bAB").startsWith("(?:\\b|(?<=\\\\[nrt])|"));
    }

    @Test
    void namesSayWhetherAndWhichSecretTheyHold() {
        assertEquals("twilio-token", SecretNames.kind("TWILIO_AUTH_TOKEN"));
        assertEquals("secret-assignment", SecretNames.kind("DB_PASSWORD"));
        assertEquals("openai-api-key", SecretNames.kind("OPENAI_API_KEY"));
        assertEquals("api-key-header", SecretNames.kind("X-API-Key"));
        assertEquals("secret-assignment", SecretNames.kind("bot_token4"));
        for (String name : new String[] {
            "max_tokens",
            "token_type",
            "password_file",
            "secret_length",
            "credentialsId",
            "use_token",
            "authenticity_token",
            "key",
            "primaryKey",
            "PASS",
            "author",
            "tokenizer",
            "nonMatchingToken"
        }) {
            assertNull(SecretNames.kind(name), name);
        }
    }

    @Test
    void placeholdersAndSampleKeysAreNotSecrets() {
        for (String v : new String[] {
            "",
            "${VAR}",
            "%APP_SECRET%",
            "<your-token>",
            "{{ secrets.X }}",
            "changeme",
            "xxxxxxxx",
            "****",
            "YOUR_API_KEY",
            "sk-...",
            "example-key",
            "[redacted:jwt]",
            "AIzaSyabcdefghijklmnopqrstuvwxyz1234567"
        }) {
            assertTrue(Placeholders.placeholder(v), v);
        }
        assertTrue(Placeholders.maskedToken("hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"));
        assertTrue(Placeholders.maskedToken("sha256~XXX_PUT_YOUR_TOKEN_HERE_XXX"));
        assertTrue(Placeholders.maskedToken("sk-ant-api03-abc123xyz-klmnopqrstuvwx"));
        assertFalse(Placeholders.maskedToken("ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"));
    }

    @Test
    void valuesAreJudgedByTheirShape() {
        for (String v :
                new String[] {"hunter2-Blue", "Zk81x", "Hq3Lm8Xv2Rt7Yp4Z", "zozjqictfsykuvrj", "8074272240832472"}) {
            assertTrue(ValueShape.secretLike(v, true), v);
        }
        for (String v : new String[] {
            "settings.SECRET_KEY",
            "my-app-secret",
            "SecretName",
            "/run/secrets/x",
            "1.2.3",
            "https://example.com",
            "sha512-abc",
            "4096",
            "required",
            "!Ref"
        }) {
            assertFalse(ValueShape.secretLike(v, false), v);
        }
    }

    @Test
    void aSecretInsideBase64OrUrlEncodingGoesWhole() {
        String basic = SecretCases.b64("deploy:Zq8xW3vR7tY2");
        assertEquals("Authorization: Basic [redacted:basic-auth]", Redactor.redact("Authorization: Basic " + basic));
        String blob = SecretCases.b64("export GITHUB_TOKEN=ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8");
        assertEquals("data: [redacted:encoded-secret]", Redactor.redact("data: " + blob));
        assertEquals("?s=[redacted:encoded-secret]&x=1", Redactor.redact("?s=password%3DHq3Lm8Xv2Rt7Yp4Z&x=1"));
    }

    @Test
    void longBase64RunsAreDataAndAreNeverDecoded() {
        Random rnd = new Random(1);
        String data = SecretCases.r(rnd, SecretCases.B64, 6000)
                + SecretCases.b64("ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8")
                + SecretCases.r(rnd, SecretCases.B64, 6000);
        String text = "{\"data\":\"" + data + "\"}";
        assertSame(text, Redactor.redact(text));
    }

    /** Texts made of keywords, quotes, escapes and pieces of secrets: no exception, and a second redaction changes nothing. */
    @Test
    void anyMixOfKeywordsAndEscapesIsRedactedWithoutErrorAndOnceForAll() {
        String[] pieces = {
            "password",
            "=",
            "\"",
            "\\\"",
            ":",
            " ",
            "\\n",
            "\n",
            "token",
            "key",
            "api_",
            "-----BEGIN RSA PRIVATE KEY-----",
            "-----END RSA PRIVATE KEY-----",
            "eyJ",
            "eyJhbGciOiJIUzI1NiJ9",
            ".",
            "://",
            "@",
            "%3D",
            "%2F",
            "Authorization: ",
            "Bearer ",
            "Basic ",
            "curl -u ",
            "mysql -p",
            "ghp_",
            "AKIA",
            "sk-ant-",
            "Q~",
            "AIza",
            "abc123XYZ",
            "Zq8xW3vR7tY2",
            "$",
            "{",
            "}",
            "<",
            ">",
            "<password>",
            "</password>",
            "'",
            "`",
            "-",
            "AAAAAAAAAAAAAAAAAAAAAA",
            "Z2hwX",
            "c2VjcmV0",
            "+ASt",
            "AzFu",
            "sig=",
            "dGVzdA==",
            "x",
            "0",
            "\\\\"
        };
        Random rnd = new Random(22);
        for (int i = 0; i < 3000; i++) {
            StringBuilder b = new StringBuilder();
            for (int j = rnd.nextInt(40); j > 0; j--) {
                b.append(pieces[rnd.nextInt(pieces.length)]);
            }
            String text = b.toString();
            String once = Redactor.redact(text);
            assertEquals(once, Redactor.redact(once), text);
        }
    }
}
