package io.github.termsprawl.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every family of docs/redaction.md with positives (the secret is gone, what is around it stays) and
 * look-alikes (nothing changes), each as plain text and as the JSON-escaped text of a tool call's
 * arguments. Fake keys in the real shapes, cut in two so that no scanner flags this file.
 */
class RedactionFamiliesTest {
    private static final String B64_40 = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzK8Qv3Lw9t";
    private static final String BODY = "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjMQ2kP+u/9sLmN8xYz4AbCdEfGhIjKlMnOpQr"
            + "StUvWxYz0a1B2c3D4e5F6g7H8i9J0kL1mN2oP3qR4sT5uV6wX7yZ8";

    /** family, text, the secret that must be gone (only it: the rest of the text stays). */
    static Stream<Arguments> positives() {
        List<Arguments> a = new ArrayList<>();
        // AWS
        add(a, "aws", "aws_access_key_id = %s", "AKIA" + "Z7Q3RW2LX5KPMN4T");
        add(a, "aws", "creds: ASIA%s", "" + "ASIA".substring(4) + "Y6T2KQ7MZ3XW4LPN", "ASIA");
        add(
                a,
                "aws",
                "AWS_BEARER_TOKEN_BEDROCK=%s",
                "ABSK" + "QmVkcm9ja0FQSUtleS1hYmNkLWF0LTEyMzQ1Njc4OTAxMjp"
                        + "rUzJ4Tk1xYlJ0VnBXeVo4SGQzTGY3Sm01UWc5VGMxWWI0TjZWeEs4c0E0ZEY2aEo4a0wwbVAycVIzc1Q");
        add(a, "aws", "[default]\naws_secret_access_key = %s\n", B64_40);
        // GitHub, GitLab
        add(a, "github", "git clone https://%s@github.com/o/r.git", "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8");
        add(
                a,
                "github",
                "GH=%s",
                "github_pat_"
                        + "11ABCDEFG0aB3dE5gH7jK9_mN1pQ3sT5vX7zB9dF1hJ3lN5pR7tV9xZ1bD3fH5jL7nP9rT1vX3zB5dF7hJ9lN1");
        add(a, "gitlab", "PRIVATE-TOKEN: %s", "glpat-" + "Zq8xW3vR7tY2uP5sK1mN");
        add(a, "gitlab", "runner token %s registered", "glrt-" + "t1_Ab3dEf5gH7jK9mN1pQ3sT5vX7zB.01abc23de");
        add(a, "gitlab", "deploy %s", "gldt-" + "Hq3Lm8Xv2Rt7Yp4Zs9Wk");
        add(a, "gitlab", "trigger %s", "glptt-" + "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567");
        // Slack
        add(a, "slack", "SLACK_BOT=%s # bot", "xoxb-" + "2718281828-3141592653589-Qw3Er5Ty7Ui9Op1As3Df5Gh7");
        add(
                a,
                "slack",
                "curl -X POST %s -d @m.json",
                "https://hooks.slack.com/services/" + "T0A1B2C3D/B0E1F2G3H/Xy7Zq9Wm2Lk4Jh6Gf8Ds1Ap3");
        // OpenAI, Anthropic, Google, Stripe
        add(a, "openai", "key %s, done", "sk-" + "Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv12Wx34");
        add(
                a,
                "anthropic",
                "export ANTHROPIC_API_KEY=%s\n",
                "sk-ant-" + "api03-Xq7LmN2pR8sT4vW9yZ1bC3dF5gH6jK0mP2qS4uV6xY8zA1cE3fG5hJ7kL9nO1pQ3rTAA");
        add(
                a,
                "google",
                "fetch(`https://maps.googleapis.com/maps/api/js?key=%s`)",
                "AIza" + "SyD8x2Kq9LmN3pR7tV0wY5zB1cE4fG6hJ8k");
        add(a, "google", "client_secret %s", "GOCSPX-" + "Ab3dE5gH7jK9mN1pQ3sT5vX7zB9d");
        add(a, "stripe", "Stripe.apiKey = \"%s\";", "sk_" + "live_4eC39HqLyjWDarjtT1zdp7dc");
        add(a, "stripe", "webhook %s", "whsec_" + "Ab3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ");
        // Azure
        add(a, "azure", "AZURE_CLIENT_SECRET=%s", "bP88" + "Q~rcBcYjzzOhg1Hnn76Wm3jGgakZiZ.8vMgR");
        add(
                a,
                "azure",
                "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=%s;EndpointSuffix=core.windows.net",
                "Zm9vYmFyYmF6cXV4cXV1eHF1dXpx"
                        + "Y29ycmVjdGhvcnNlYmF0dGVyeXN0YXBsZWJhdHRlcnlob3JzZWNvcnJlY3Q0MjQyNA==");
        // JWT
        add(
                a,
                "jwt",
                "token=%s",
                "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ"
                        + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c");
        add(a, "jwt", "unsigned %s here", "eyJhbGciOiJub25lIn0." + "eyJzdWIiOiJ0ZXN0LXVzZXIifQ.");
        // private keys: multi-line, \n-escaped, one line with spaces, cut before END
        add(
                a,
                "private-key",
                "$ cat id\n%s\n$ ls",
                "-----BEGIN RSA PRIVATE KEY-----\n" + BODY + "\n" + BODY + "\n-----END RSA PRIVATE KEY-----");
        add(
                a,
                "private-key",
                "key: \"%s\"",
                "-----BEGIN PRIVATE KEY-----\\n" + BODY + "\\n" + BODY + "\\n-----END PRIVATE KEY-----\\n");
        add(
                a,
                "private-key",
                "pasted: %s",
                "-----BEGIN EC PRIVATE KEY----- " + BODY + " " + BODY + " -----END EC PRIVATE KEY-----");
        add(
                a,
                "private-key",
                "pasted: %s (truncated) and more",
                "-----BEGIN RSA PRIVATE KEY----- " + BODY + " " + BODY + " Zz==");
        add(a, "private-key", "%s [output truncated]", "-----BEGIN OPENSSH PRIVATE KEY-----\n" + BODY + "\n" + BODY);
        // credentials with a place: URLs, headers, curl
        add(a, "url-credentials", "DATABASE_URL=postgres://app:%s@db.internal:5432/app", "Tr0ub4dor-x9Q");
        add(a, "url-credentials", "redis://:%s@cache:6379/0", "s3cr3tRedisPw7");
        add(
                a,
                "auth-headers",
                "curl -H \"Authorization: Basic %s\" https://api.example.com",
                SecretCases.b64("admin:Zq8xW3vR7tY2"));
        add(a, "auth-headers", "Authorization: Bearer %s", "7f3a9c2e1b8d4f6a0c5e9d1b");
        add(
                a,
                "auth-headers",
                "curl -H 'Authorization: token %s' https://api.github.com",
                "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567");
        add(a, "auth-headers", "curl -H \"X-API-Key: %s\" https://api.example.com", "Ab3dE5gH7jK9mN1pQ3sT5vX7");
        add(a, "auth-headers", "curl -u deploy:%s https://x.example.com", "Zq8xW3vR7tY2");
        add(a, "auth-headers", "curl --user 'j.smith:%s' https://x.example.com", "dB2yF6qL9vZm1P4J");
        // generic assignments in every shape
        String v = "Hq3Lm8Xv2Rt7Yp4Z";
        for (String shape : new String[] {
            "DB_PASSWORD=%s",
            "password = \"%s\"",
            "api_key: %s",
            "{\"client_secret\": \"%s\"}",
            "mysql -u root -p%s mydb",
            "app --password %s --verbose",
            "token := \"%s\"",
            "<password>%s</password>",
            "apiKey: '%s'",
            "String authToken = \"%s\";",
            "System.setProperty(\"JWT_SECRET\", \"%s\")",
            "$db_pass .= \"%s\";",
            "PGPASSWORD='%s' psql",
            "if (password == \"%s\") {",
            "secret: str = \"%s\"",
            "<private_key>\n  %s\n</private_key>",
            "sshpass -p %s ssh host",
            "tool --api-key=%s run",
            "access_token: %s"
        }) {
            add(a, "generic-assignment", shape, v);
        }
        // encoded secrets
        String encoded = SecretCases.b64("GITHUB_TOKEN=ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8");
        add(a, "encoded", "echo %s | base64 -d", encoded);
        add(a, "encoded", "GET /cb?state=%s&x=1", "%7B%22password%22%3A%22Hq3Lm8Xv2Rt7Yp4Z%22%7D");
        // other vendors
        add(a, "other-vendors", "NPM_TOKEN=%s", "npm_" + "Ab3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ3lN5");
        add(a, "other-vendors", "%s", "dop_v1_" + "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9");
        add(a, "other-vendors", "HF_TOKEN=%s", "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGhQw");
        add(a, "other-vendors", "twilio %s", "SK" + "0a1b2c3d4e5f60718293a4b5c6d7e8f9");
        add(a, "other-vendors", "twitterToken = \"%s\"", "q3lm8xv2rt7yp4zs9wk1bd5fh6jn0c");
        add(
                a,
                "other-vendors",
                "vault %s",
                "hvs."
                        + "CAESIAb3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ3lN5pR7tV9xZ1bD3fH5jL7nP9rT1vX3zB5dF7hJ9lN1pR3tV5xZ7bD9fH1jL3nP5");
        return a.stream();
    }

    private static void add(List<Arguments> a, String family, String shape, String secret) {
        a.add(Arguments.of(family, String.format(shape, secret), secret));
    }

    private static void add(List<Arguments> a, String family, String shape, String tail, String prefix) {
        a.add(Arguments.of(family, String.format(shape, tail), prefix + tail));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("positives")
    void theSecretGoesAndTheRestStays(String family, String text, String secret) {
        check(text, secret);
        String escaped = "{\"command\":\"" + SecretCases.escape(text) + "\"}";
        check(escaped, SecretCases.escape(secret));
    }

    private static void check(String text, String secret) {
        String once = Redactor.redact(text);
        assertFalse(once.contains(secret), once);
        assertTrue(once.contains("[redacted:"), once);
        int at = text.indexOf(secret);
        assertTrue(once.startsWith(text.substring(0, at)), "what comes before the secret stays: " + once);
        assertTrue(once.endsWith(text.substring(at + secret.length())), "what comes after the secret stays: " + once);
        assertEquals(once, Redactor.redact(once), "redacting twice changes nothing more");
    }

    static Stream<String> lookAlikes() {
        return Stream.of(
                "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
                "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                "key = AKIAXXXXXXXXXXXXXXXX",
                "const firebaseConfig = { apiKey: \"AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs\" };",
                "apiKey: \"AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
                "HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                "PERPLEXITY_API_KEY=pplx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                "oc login --token=sha256~XXX_PUT_YOUR_TOKEN_HERE_XXX",
                "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                "glpat-xxxxxxxxxxxxxxxxxxxx",
                "glptt-hellOworld380_testin",
                "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
                "-----BEGIN PRIVATE KEY-----\n<your private key here>\n-----END PRIVATE KEY-----",
                "-----BEGIN PRIVATE KEY-----\nYOUR_PRIVATE_KEY\n-----END PRIVATE KEY-----",
                "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----",
                "eyJhbGciOieeeiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc",
                "password = getPassword()",
                "token: ${{ secrets.GITHUB_TOKEN }}",
                "api_key = os.environ[\"OPENAI_API_KEY\"]",
                "const token = await getToken();",
                "self.secret = secret",
                "password: <your-password>",
                "ADMIN_PASSWORD=changeme",
                "API_KEY=xxxx",
                "TOKEN=${TOKEN}",
                "secret: example",
                "PASSWORD=aaaaaaaaaa",
                "max_tokens: 4096",
                "token_type: bearer",
                "password_file: /run/secrets/db_password",
                "litellmApiKey: isLiteLLM ? env.KEY : undefined,",
                "token_summary = \"Token usage \" + total",
                "Authorization: Bearer ${TOKEN}",
                "Authorization: Bearer <token>",
                "Authorization: Basic YnJvd3Nlcjo=",
                "headers = {\"Authorization\": f\"Bearer {token}\"}",
                "curl -u \"$USER:$PASS\" https://example.com",
                "curl -u user:password https://example.com",
                "postgres://user:password@localhost:5432/db",
                "postgres://localhost:5432/db",
                "mysql -u root -p mydb",
                "--- PASS: TestSecretRotation (0.01s)",
                "commit 7fe4b3f1c2a9d8e6b5f4a3c2d1e0f9a8b7c6d5e4 session 5c0375b4-57a5-4f26-b12d-d022ee4e51b7",
                "\"integrity\": \"sha512-Xq7LmN2pR8sT4vW9yZ1bC3dF5gH6jK0mP2qS4uV6xY8zA1cE3fG5hJ7kL9nO1pQ3rT5vW7yZ9bD1fH3jL5nP7rT9vX1zB3dF5hJ7lN9pA==\"",
                "{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\"}",
                "/home/dev/.ssh/id_rsa and src/main/java/io/x/TokenService.java",
                "the ghp_ prefix marks a classic GitHub token; xoxb- a Slack bot token; AIza a Google key");
    }

    @ParameterizedTest
    @MethodSource("lookAlikes")
    void lookAlikesStayAsTheyAre(String text) {
        assertSame(text, Redactor.redact(text));
        String escaped = "{\"command\":\"" + SecretCases.escape(text) + "\"}";
        assertSame(escaped, Redactor.redact(escaped));
    }
}
