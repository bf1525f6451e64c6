package io.github.termsprawl.redact;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Generated positives and look-alikes per family for the redaction benchmark (bench/REDACTION.md says where
 * each family's facts come from). Secrets are random in the vendors' documented shapes; look-alikes are the
 * scanners' false-positive classes (sample keys, placeholders, code, hashes, paths).
 */
final class SecretCases {
    private SecretCases() {}

    /** One case: {@code text} holds {@code secret} (a positive) or nothing to redact (a look-alike). */
    record Case(String family, String text, String secret) {}

    static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    static final String LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
    static final String UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static final String HEX = "0123456789abcdef";
    static final String B64 = ALNUM + "+/";
    static final String B64URL = ALNUM + "-_";
    static final String LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    static final String PASSWORD = ALNUM + "!#%^*-_+.~";

    static String r(Random rnd, String alphabet, int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            b.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    static int between(Random rnd, int lo, int hi) {
        return lo + rnd.nextInt(hi - lo + 1);
    }

    static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    static String b64url(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    /** JSON string escaping, as a tool call's arguments are stored. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** Contexts for a token that has a shape of its own: no secret word around it. */
    private static final String[] TOKEN_CONTEXTS = {
        "%s",
        "export SERVICE_VALUE=%s\n",
        "here it is: %s (do not share)",
        "{\"value\": \"%s\", \"region\": \"eu-west-1\"}",
        "value: '%s'",
        "client = Client(\"%s\")",
        "<value>%s</value>",
        "run with `%s` then",
        "Bearer-less header X-Value: %s;",
        "line one\n%s\nline three",
    };

    private static final String[] FAMILIES = {
        "aws",
        "github",
        "gitlab",
        "slack",
        "openai",
        "anthropic",
        "google",
        "stripe",
        "azure",
        "jwt",
        "private-key",
        "url-credentials",
        "auth-headers",
        "generic-assignment",
        "encoded",
        "other-vendors"
    };

    static String[] families() {
        return FAMILIES.clone();
    }

    static List<Case> positives(long seed, int perFormat) {
        Random rnd = new Random(seed);
        List<Case> out = new ArrayList<>();
        for (int k = 0; k < perFormat; k++) {
            tokens(rnd, out);
            for (int s = 0; s < 5; s++) {
                structured(rnd, out);
            }
        }
        return out;
    }

    private static void token(List<Case> out, Random rnd, String family, String secret) {
        String context = TOKEN_CONTEXTS[rnd.nextInt(TOKEN_CONTEXTS.length)];
        out.add(new Case(family, String.format(context, secret), secret));
    }

    private static void tokens(Random rnd, List<Case> out) {
        // AWS: access key ids (AKIA/ASIA/ABIA/ACCA, base32 body), Bedrock long-lived keys (ABSK + base64)
        for (String p : new String[] {"AKIA", "ASIA", "ABIA", "ACCA"}) {
            token(out, rnd, "aws", p + r(rnd, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16));
        }
        token(
                out,
                rnd,
                "aws",
                "ABSK"
                        + b64("BedrockAPIKey-" + r(rnd, LOWER_ALNUM, 4) + "-at-" + r(rnd, "0123456789", 12) + ":"
                                        + r(rnd, B64, 60))
                                .replace("=", ""));
        // GitHub
        for (String p : new String[] {"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}) {
            token(out, rnd, "github", p + r(rnd, ALNUM, 36));
        }
        token(out, rnd, "github", "github_pat_" + r(rnd, UPPER_ALNUM, 22) + "_" + r(rnd, ALNUM, 59));
        // GitLab: every gl*- prefix with its documented body
        String w = ALNUM + "_-";
        token(out, rnd, "gitlab", "glpat-" + r(rnd, w, 20));
        token(out, rnd, "gitlab", "glpat-" + r(rnd, w, 27) + "." + r(rnd, LOWER_ALNUM, 2) + r(rnd, LOWER_ALNUM, 7));
        token(out, rnd, "gitlab", "gldt-" + r(rnd, w, 20));
        token(out, rnd, "gitlab", "glft-" + r(rnd, w, 20));
        token(out, rnd, "gitlab", "glsoat-" + r(rnd, w, 20));
        token(out, rnd, "gitlab", "glrt-" + r(rnd, w, 20));
        token(out, rnd, "gitlab", "glrt-t1_" + r(rnd, w, 27) + "." + r(rnd, LOWER_ALNUM, 9));
        token(out, rnd, "gitlab", "glcbt-" + r(rnd, HEX, 2) + "_" + r(rnd, w, 20));
        token(out, rnd, "gitlab", "glimt-" + r(rnd, w, 25));
        token(out, rnd, "gitlab", "glptt-" + r(rnd, HEX, 40));
        token(out, rnd, "gitlab", "glagent-" + r(rnd, w, 50));
        token(out, rnd, "gitlab", "gloas-" + r(rnd, w, 64));
        token(out, rnd, "gitlab", "glffct-" + r(rnd, w, 20));
        token(out, rnd, "gitlab", "GR1348941" + r(rnd, w, 20));
        // Slack
        token(
                out,
                rnd,
                "slack",
                "xoxb-" + r(rnd, "0123456789", 12) + "-" + r(rnd, "0123456789", 13) + "-" + r(rnd, ALNUM, 24));
        token(
                out,
                rnd,
                "slack",
                "xoxp-" + r(rnd, "0123456789", 12) + "-" + r(rnd, "0123456789", 12) + "-" + r(rnd, "0123456789", 13)
                        + "-" + r(rnd, HEX, 32));
        token(
                out,
                rnd,
                "slack",
                "xapp-1-A" + r(rnd, UPPER_ALNUM, 10) + "-" + r(rnd, "0123456789", 13) + "-" + r(rnd, HEX, 64));
        token(
                out,
                rnd,
                "slack",
                "https://hooks.slack.com/services/T" + r(rnd, UPPER_ALNUM, 8) + "/B" + r(rnd, UPPER_ALNUM, 8) + "/"
                        + r(rnd, ALNUM, 24));
        // OpenAI
        token(out, rnd, "openai", "sk-proj-" + r(rnd, w, 74) + "T3BlbkFJ" + r(rnd, w, 74));
        token(out, rnd, "openai", "sk-svcacct-" + r(rnd, w, 58) + "T3BlbkFJ" + r(rnd, w, 58));
        token(out, rnd, "openai", "sk-" + r(rnd, ALNUM, 20) + "T3BlbkFJ" + r(rnd, ALNUM, 20));
        token(out, rnd, "openai", "sk-admin-" + r(rnd, w, 58) + "T3BlbkFJ" + r(rnd, w, 58));
        // Anthropic
        token(out, rnd, "anthropic", "sk-ant-api03-" + r(rnd, w, 93) + "AA");
        token(out, rnd, "anthropic", "sk-ant-admin01-" + r(rnd, w, 93) + "AA");
        token(out, rnd, "anthropic", "sk-ant-oat01-" + r(rnd, w, 93) + "AA");
        // Google
        token(out, rnd, "google", "AIza" + r(rnd, ALNUM + "_-", 35));
        token(out, rnd, "google", "GOCSPX-" + r(rnd, ALNUM + "_-", 28));
        token(out, rnd, "google", "ya29." + r(rnd, ALNUM + "_-", 150));
        // Stripe
        token(out, rnd, "stripe", "sk_live_" + r(rnd, ALNUM, between(rnd, 24, 99)));
        token(out, rnd, "stripe", "rk_live_" + r(rnd, ALNUM, between(rnd, 24, 99)));
        token(out, rnd, "stripe", "sk_test_" + r(rnd, ALNUM, between(rnd, 24, 99)));
        token(out, rnd, "stripe", "whsec_" + r(rnd, ALNUM, 32));
        // Azure
        token(
                out,
                rnd,
                "azure",
                r(rnd, ALNUM + "_~.", 3) + rnd.nextInt(10) + "Q~"
                        + r(rnd, ALNUM + "_~.-", between(rnd, 31, 34)).replaceAll("[~.-]$", "x"));
        token(out, rnd, "azure", r(rnd, B64, 76) + "+ASt" + r(rnd, B64, 5) + "AQgw".charAt(rnd.nextInt(4)) + "==");
        token(
                out,
                rnd,
                "azure",
                r(rnd, B64URL, 44) + "AzFu" + r(rnd, B64URL, 5) + "AQgw".charAt(rnd.nextInt(4)) + "==");
        // JWT
        String[] algs = {"HS256", "RS256", "ES256", "PS512", "none", "EdDSA"};
        String header = "{\"alg\":\"" + algs[rnd.nextInt(algs.length)] + "\",\"typ\":\"JWT\"}";
        String payload = "{\"sub\":\"" + r(rnd, ALNUM, 10) + "\",\"iat\":" + between(rnd, 1500000000, 1800000000) + "}";
        token(out, rnd, "jwt", b64url(header) + "." + b64url(payload) + "." + r(rnd, B64URL, 43));
        token(
                out,
                rnd,
                "jwt",
                b64url("{\"typ\":\"JWT\",\"alg\":\"RS256\",\"kid\":\"" + r(rnd, ALNUM, 20) + "\"}") + "."
                        + b64url(payload + r(rnd, ALNUM, 100)) + "." + r(rnd, B64URL, 342));
        // other vendors: a token of each documented prefix format
        otherVendors(rnd, out);
    }

    private static void otherVendors(Random rnd, List<Case> out) {
        String w = ALNUM + "_-";
        String[] formats = {
            "A3-" + r(rnd, UPPER_ALNUM, 6) + "-" + r(rnd, UPPER_ALNUM, 11) + "-" + r(rnd, UPPER_ALNUM, 5) + "-"
                    + r(rnd, UPPER_ALNUM, 5) + "-" + r(rnd, UPPER_ALNUM, 5),
            "p8e-" + r(rnd, ALNUM, 32),
            "AGE-SECRET-KEY-1" + r(rnd, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
            "pat" + r(rnd, ALNUM, 14) + "." + r(rnd, HEX, 64),
            "LTAI" + r(rnd, ALNUM, 20),
            "AKCp" + r(rnd, ALNUM, 69),
            "cmVmd" + r(rnd, ALNUM, 59),
            "ATATT3" + r(rnd, ALNUM + "_-", 186),
            "4b1d" + r(rnd, ALNUM, 38),
            "CLOJARS_" + r(rnd, LOWER_ALNUM, 60),
            "v1.0-" + r(rnd, HEX, 24) + "-" + r(rnd, HEX, 146),
            "dapi" + r(rnd, HEX, 32),
            "dop_v1_" + r(rnd, HEX, 64),
            "doo_v1_" + r(rnd, HEX, 64),
            "dp.pt." + r(rnd, ALNUM, 43),
            "dt0c01." + r(rnd, UPPER_ALNUM, 24) + "." + r(rnd, ALNUM, 64),
            "EZAK" + r(rnd, ALNUM, 54),
            "EAAC" + r(rnd, ALNUM, 120),
            "FLWSECK_TEST-" + r(rnd, "abcdefgh0123456789", 32) + "-X",
            "fo1_" + r(rnd, w, 43),
            "fio-u-" + r(rnd, w, 64),
            "glc_" + r(rnd, ALNUM, 60),
            "glsa_" + r(rnd, ALNUM, 32) + "_" + r(rnd, HEX, 8),
            "gsk_" + r(rnd, ALNUM, 52),
            r(rnd, ALNUM, 14) + ".atlasv1." + r(rnd, ALNUM, 65),
            "HRKU-AA" + r(rnd, w, 58),
            "hf_" + r(rnd, LETTERS, 34),
            "api_org_" + r(rnd, LETTERS, 34),
            "ico-" + r(rnd, ALNUM, 32),
            "lin_api_" + r(rnd, ALNUM, 40),
            r(rnd, HEX, 32) + "-us" + between(rnd, 1, 21),
            "key-" + r(rnd, HEX, 32),
            "pk.eyJ1Ijoi" + r(rnd, ALNUM, 60) + "." + r(rnd, w, 22),
            r(rnd, ALNUM, 6) + "_" + r(rnd, ALNUM, 29) + "_mmk",
            "NRAK-" + r(rnd, UPPER_ALNUM, 27),
            "ntn_" + r(rnd, "0123456789", 11) + r(rnd, ALNUM, 35),
            "npm_" + r(rnd, ALNUM, 36),
            "API-" + r(rnd, UPPER_ALNUM, 26),
            "sha256~" + r(rnd, w, 43),
            "pplx-" + r(rnd, ALNUM, 48),
            "pscale_tkn_" + r(rnd, ALNUM, 43),
            "PMAK-" + r(rnd, HEX, 24) + "-" + r(rnd, HEX, 34),
            "pnu_" + r(rnd, ALNUM, 36),
            "pul-" + r(rnd, HEX, 40),
            "pypi-AgEIcHlwaS5vcmc" + r(rnd, w, 70),
            "rdme_" + r(rnd, LOWER_ALNUM, 70),
            "r8_" + r(rnd, ALNUM, 37),
            "rubygems_" + r(rnd, HEX, 48),
            "SG." + r(rnd, w, 22) + "." + r(rnd, w, 43),
            "xkeysib-" + r(rnd, HEX, 64) + "-" + r(rnd, ALNUM, 16),
            "sntryu_" + r(rnd, HEX, 64),
            "shippo_live_" + r(rnd, HEX, 40),
            "shpat_" + r(rnd, HEX, 32),
            "shpss_" + r(rnd, HEX, 32),
            "sq0csp-" + r(rnd, w, 43),
            "EAAA" + r(rnd, w, 60),
            between(rnd, 100000000, 999999999) + ":AA" + r(rnd, w, 33),
            "SK" + r(rnd, HEX, 32),
            "hvs." + r(rnd, w, 95),
            "s." + r(rnd, "0123456789", 4) + r(rnd, "ABCDEFGHIJ", 4) + r(rnd, ALNUM, 16),
            "xai-" + r(rnd, ALNUM, 80),
            "AQVN" + r(rnd, w, 36),
            "sk-or-v1-" + r(rnd, HEX, 64),
            "sm_pat_" + r(rnd, ALNUM, 16),
            "tk-us-" + r(rnd, w, 48),
            "https://discord.com/api/webhooks/" + r(rnd, "0123456789", 18) + "/" + r(rnd, w, 68),
            "https://acme.webhook.office.com/webhookb2/" + uuid(rnd) + "@" + uuid(rnd) + "/IncomingWebhook/"
                    + r(rnd, HEX, 32) + "/" + uuid(rnd),
        };
        for (String f : formats) {
            token(out, rnd, "other-vendors", f);
        }
        // vendors whose keys have no prefix: named as gitleaks' samples name them
        String[][] named = {
            {"twitter", r(rnd, ALNUM, 50)},
            {"adobe", r(rnd, HEX, 32)},
            {"asana", r(rnd, "0123456789", 16)},
            {"heroku", uuid(rnd)},
            {"datadog", r(rnd, LOWER_ALNUM, 40)},
            {"cloudflare", r(rnd, LOWER_ALNUM, 40)},
            {"sentry", r(rnd, HEX, 64)},
            {"okta", "00" + r(rnd, w, 40)},
            {"zendesk", r(rnd, LOWER_ALNUM, 40)},
            {"bitbucket", r(rnd, LOWER_ALNUM, 32)},
            {"mailgun", r(rnd, HEX, 32) + "-" + r(rnd, HEX, 8) + "-" + r(rnd, HEX, 8)},
            {"discord", r(rnd, HEX, 64)},
            {"dropbox", r(rnd, LOWER_ALNUM, 15)},
            {"fastly", r(rnd, w, 32)},
            {"hubspot", uuid(rnd).toUpperCase()},
            {"linkedin", r(rnd, LOWER_ALNUM, 16)},
            {"plaid", r(rnd, LOWER_ALNUM, 30)},
            {"travis", r(rnd, LOWER_ALNUM, 22)},
            {"twitch", r(rnd, LOWER_ALNUM, 30)},
            {"netlify", r(rnd, w, 43)},
        };
        String[] shapes = {"%sToken = \"%s\"", "%s_api_token: %s", "%S_TOKEN=%s", "\"%s_token\": \"%s\""};
        for (String[] v : named) {
            String shape = shapes[rnd.nextInt(shapes.length)];
            out.add(new Case("other-vendors", String.format(shape, v[0], v[1]), v[1]));
        }
    }

    static String uuid(Random rnd) {
        return r(rnd, HEX, 8) + "-" + r(rnd, HEX, 4) + "-" + r(rnd, HEX, 4) + "-" + r(rnd, HEX, 4) + "-"
                + r(rnd, HEX, 12);
    }

    private static String password(Random rnd) {
        String p;
        do {
            p = r(rnd, PASSWORD, between(rnd, 10, 24));
        } while (!(p.matches(".*[0-9].*") && p.matches(".*[A-Za-z].*"))
                || p.startsWith(".")
                || p.startsWith("~")
                || p.startsWith("#"));
        return p;
    }

    private static final String[] NAMES = {
        "password",
        "DB_PASSWORD",
        "db_pass",
        "passwd",
        "secret",
        "client_secret",
        "api_key",
        "apiKey",
        "ACCESS_TOKEN",
        "auth_token",
        "authToken",
        "private_key",
        "secret_key",
        "credentials",
        "creds",
        "mySecretString",
        "SMTP_PASSWORD",
        "PGPASSWORD",
        "app_secret",
        "JWT_SECRET",
        "refresh_token",
        "MYSQL_ROOT_PASSWORD",
        "encryption_key",
        "webhook_secret",
        "access_key",
        "session_secret",
        "adminPassword",
        "user_pwd"
    };

    private static final String[] SHAPES = {
        "%s=%s",
        "%s = \"%s\"",
        "%s: %s",
        "%s: \"%s\"",
        "%s: '%s'",
        "{\"%s\": \"%s\"}",
        "%s := \"%s\"",
        "<%1$s>%2$s</%1$s>",
        "%s ?= %s",
        "$%s = '%s';",
        "export %s=\"%s\"",
        "\"%s\" => \"%s\"",
        "System.setProperty(\"%s\", \"%s\")",
        "%s = '%s'",
        "var %s string = \"%s\"",
        "%s: str = \"%s\"",
        "  %s: %s\n",
        "<%1$s>\n    %2$s\n</%1$s>",
        "%s ::= %s",
        "if (%s == \"%s\") {",
        "%s=%s\nNEXT=1",
        "String %s = \"%s\";",
        "%s => '%s',"
    };

    private static final String[] PROTOCOLS = {
        "postgres", "postgresql", "mysql", "mongodb+srv", "redis", "amqp", "https", "ftp", "mssql", "rediss", "smtp"
    };

    private static void structured(Random rnd, List<Case> out) {
        // AWS secret access keys, named
        String aws = r(rnd, B64, 40);
        String[] awsShapes = {
            "aws_secret_access_key = %s",
            "AWS_SECRET_ACCESS_KEY=%s",
            "\"SecretAccessKey\": \"%s\"",
            "secret_access_key: %s"
        };
        out.add(new Case("aws", String.format(awsShapes[rnd.nextInt(awsShapes.length)], aws), aws));
        // private keys in every layout
        out.add(pem(rnd));
        // URLs with credentials: only the password goes
        String pw = password(rnd).replaceAll("[%+~]", "x");
        String user = r(rnd, LOWER_ALNUM, between(rnd, 3, 10));
        String proto = PROTOCOLS[rnd.nextInt(PROTOCOLS.length)];
        String host = r(rnd, "abcdefghijklmnopqrstuvwxyz", 6) + ".example.com";
        String[] urlShapes = {
            "DATABASE_URL=%s://%s:%s@%s:5432/app",
            "conn = connect(\"%s://%s:%s@%s/db\")",
            "git clone %s://%s:%s@%s/o/r.git",
            "url: %s://%s:%s@%s",
            "{\"dsn\": \"%s://%s:%s@%s/0\"}"
        };
        out.add(new Case(
                "url-credentials", String.format(urlShapes[rnd.nextInt(urlShapes.length)], proto, user, pw, host), pw));
        // headers
        String basic = b64(user + ":" + pw);
        String opaque = r(rnd, ALNUM, between(rnd, 24, 48));
        String hexToken = r(rnd, HEX, 40);
        String[][] headers = {
            {"curl -H \"Authorization: Basic %s\" https://api.example.com", basic},
            {"Authorization: Bearer %s", opaque},
            {"curl -H 'Authorization: token %s' https://api.github.com/user", hexToken},
            {"{\"headers\": {\"Authorization\": \"Bearer %s\"}}", opaque},
            {"curl -H \"X-API-Key: %s\" https://api.example.com", opaque},
            {"X-Auth-Token: %s", opaque},
            {"headers = {'x-api-key': '%s'}", opaque},
            {"api-key: %s", opaque},
            {"Proxy-Authorization: Basic %s", basic},
            {"curl -u " + user + ":%s https://api.example.com", pw},
            {"curl --user '" + user + ":%s' -X POST https://x.example.com", pw},
            {"Private-Token: %s", opaque},
            {"authorization: Bearer %s", r(rnd, B64URL, 60)},
        };
        String[] h = headers[rnd.nextInt(headers.length)];
        out.add(new Case("auth-headers", String.format(h[0], h[1]), h[1]));
        // generic assignments
        String name = NAMES[rnd.nextInt(NAMES.length)];
        String shape = SHAPES[rnd.nextInt(SHAPES.length)];
        String value = password(rnd);
        out.add(new Case("generic-assignment", String.format(shape, name, value), value));
        String[] cli = {
            "mysql -u root -p%s mydb",
            "sshpass -p %s ssh user@host",
            "app --password %s --verbose",
            "tool --api-key=%s run",
            "login --token %s"
        };
        String cliValue = password(rnd).replaceAll("[!#%^*+~]", "x");
        out.add(new Case("generic-assignment", String.format(cli[rnd.nextInt(cli.length)], cliValue), cliValue));
        // encoded secrets
        String gh = "ghp_" + r(rnd, ALNUM, 36);
        String[] encodedPlain = {
            "GITHUB_TOKEN=" + gh,
            gh,
            "password=" + password(rnd),
            "{\"api_key\": \"" + password(rnd) + "\"}",
            "AKIA" + r(rnd, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16),
            "Bearer " + opaque
        };
        String plain = encodedPlain[rnd.nextInt(encodedPlain.length)];
        String enc = b64(plain);
        String[] encShapes = {"echo %s | base64 -d", "data:\n  config: %s\n", "{\"blob\": \"%s\"}"};
        out.add(new Case("encoded", String.format(encShapes[rnd.nextInt(encShapes.length)], enc), enc));
        String urlEnc = java.net.URLEncoder.encode("{\"password\": \"" + password(rnd) + "\"}", StandardCharsets.UTF_8);
        out.add(new Case("encoded", "GET /login?state=" + urlEnc + "&x=1", urlEnc));
        String urlEnc2 = java.net.URLEncoder.encode(
                "aws_secret_access_key=" + r(rnd, B64, 18) + "/" + r(rnd, B64, 21), StandardCharsets.UTF_8);
        out.add(new Case("encoded", "redirect=" + urlEnc2, urlEnc2.substring(urlEnc2.indexOf("%3D") + 3)));
    }

    private static Case pem(Random rnd) {
        String[] types = {"RSA ", "EC ", "OPENSSH ", "ENCRYPTED ", "", "DSA "};
        String type = types[rnd.nextInt(types.length)];
        boolean pgp = rnd.nextInt(8) == 0;
        String begin = pgp ? "-----BEGIN PGP PRIVATE KEY BLOCK-----" : "-----BEGIN " + type + "PRIVATE KEY-----";
        String end = pgp ? "-----END PGP PRIVATE KEY BLOCK-----" : "-----END " + type + "PRIVATE KEY-----";
        String body = r(rnd, B64, between(rnd, 200, 1600));
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < body.length(); i += 64) {
            lines.add(body.substring(i, Math.min(body.length(), i + 64)));
        }
        int layout = rnd.nextInt(4);
        String secretLine = lines.get(lines.size() / 2);
        String text;
        switch (layout) {
            case 0 -> text = begin + "\n" + String.join("\n", lines) + "\n" + end + "\n";
            case 1 -> text = begin + " " + String.join(" ", lines) + " " + end;
            case 2 ->
                text = "$ cat id\n" + begin + "\n" + String.join("\n", lines.subList(0, Math.max(1, lines.size() - 1)))
                        + "\n[output truncated]";
            default -> text = "key = \"" + begin + "\\n" + String.join("\\n", lines) + "\\n" + end + "\\n\"";
        }
        if (layout == 2 && lines.size() > 1) {
            secretLine = lines.get(0);
        }
        return new Case("private-key", text, secretLine);
    }

    /** Look-alikes: what the scanners' false-positive lists hold and what transcripts are full of. */
    static List<Case> negatives(long seed, int random) {
        Random rnd = new Random(seed);
        List<Case> out = new ArrayList<>();
        String[] fixed = {
            "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "key = AKIAXXXXXXXXXXXXXXXX",
            "TODAYINASIAASACKOFRICEFELLOVER",
            "ABSKQmVkcm9ja0FQSUtleS1EXAMPLE",
            "apiKey: \"AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
            "AIZASYCO2CXRMC9ELSKLHLHRMBSWDEVEDZTLO2O",
            "AIzaSyabcdefghijklmnopqrstuvwxyz1234567",
            "const firebaseConfig = { apiKey: \"AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs\" };",
            "AIzaSyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM",
            "HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "PERPLEXITY_API_KEY=pplx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "oc login --token=sha256~XXX_PUT_YOUR_TOKEN_HERE_XXX",
            "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "glpat-xxxxxxxxxxxxxxxxxxxx",
            "OPENAI_API_KEY=sk-...",
            "ANTHROPIC_API_KEY=sk-ant-...",
            "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
            "client_secret=bP88Q~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
            "-----BEGIN PRIVATE KEY-----\n<your private key here>\n-----END PRIVATE KEY-----",
            "-----BEGIN OPENSSH PRIVATE KEY-----\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n-----END OPENSSH PRIVATE KEY-----",
            "-----BEGIN PRIVATE KEY-----\nYOUR_PRIVATE_KEY\n-----END PRIVATE KEY-----",
            "private_key: \"-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n\"",
            "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----",
            "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----",
            "password = getPassword()",
            "token: ${{ secrets.GITHUB_TOKEN }}",
            "api_key = os.environ[\"OPENAI_API_KEY\"]",
            "const token = await getToken();",
            "if (password == null) { return; }",
            "self.secret = secret",
            "password: <your-password>",
            "ADMIN_PASSWORD=changeme",
            "API_KEY=xxxx",
            "TOKEN=${TOKEN}",
            "secret: example",
            "PASSWORD=aaaaaaaaaa",
            "api_key: your_api_key_here",
            "password: '****'",
            "max_tokens: 4096",
            "\"input_tokens\": 1234, \"output_tokens\": 567",
            "token_type: bearer",
            "password_hint: \"the name of your first pet\"",
            "Authorization: Bearer ${TOKEN}",
            "Authorization: Bearer <token>",
            "Authorization: Bearer YOUR_ACCESS_TOKEN",
            "curl -u \"$USER:$PASS\" https://example.com",
            "curl -u user:password https://example.com",
            "curl --user \"{{ $.Values.username }}:{{ $.Values.password }}\"",
            "curl -u \"myusername\" http://localhost:15130/api/check_user/",
            "curl -u <user:password> https://test.com/endpoint",
            "postgres://user:password@localhost:5432/db",
            "postgres://localhost:5432/db",
            "redis://:${REDIS_PASSWORD}@redis:6379/0",
            "mysql -u root -p mydb",
            "the ghp_ prefix marks a classic GitHub token; xoxb- a Slack bot token; AIza a Google key",
            "set the password in the settings page; the token expires after an hour",
            "eyJhbGciOieeeiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.abc",
            "AKIAAAAAAAAAAAAAAAAA",
            "\"accessor\":\"rA1wk0Y45YCufyfq\",",
            "credentialsId: 'ff083f76-7804-4ef1-80e4-fe975bb9141b'",
            "LLM_SECRET_NAME = \"NEXUS-GPT4-API-KEY\"",
            "secret_length = X25519.secret_length",
            "access_token_url='https://github.com/login/oauth/access_token',",
            "clientId = \"73082700-1f09-405b-80d0-3131bfd6272d\"",
            "GITHUB_API_KEY=\nDYNATRACE_API_KEY=",
            "primaryKey=Xk29fj3nD0slq8vLp2Wm5zR7tY",
            "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~",
            "'url': 'http://www.2doc.nl/speel~VARA_101375237~mh17-het-verdriet-van-nederland~.html',",
            "withCredentials([usernamePassword(credentialsId: 'x', usernameVariable: 'USERNAME', passwordVariable: 'PASSWORD')])",
            "PWD=/home/dev/project OLDPWD=/home/dev",
            "token = tokens[0]",
            "password_file: /run/secrets/db_password",
            "SECRET_KEY_PATH=~/.config/app/secret.key",
            "Authorization: Basic YnJvd3Nlcjo=",
            "the token-bucket rate limiter and the pass-through proxy",
            "--- PASS: TestSecretRotation (0.01s)",
            "litellmApiKey: isLiteLLM ? env.KEY : undefined,",
            "ref, entries, err := s.getSessionsBranchEntries()",
            "git log --format=%H -n1",
            "npm install --save lodash@4.17.21",
            "\"integrity\": \"sha512-" + r(rnd, B64, 86) + "==\"",
        };
        for (String f : fixed) {
            out.add(new Case("fixed", f, null));
        }
        for (int i = 0; i < random; i++) {
            String sha = r(rnd, HEX, 40);
            String[] gen = {
                "commit " + sha + "\nAuthor: Dev <dev@example.com>",
                "session " + uuid(rnd) + " at commit " + sha.substring(0, 12),
                "\"integrity\": \"sha512-" + r(rnd, B64, 86) + "==\"",
                "{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"iVBORw0KGgo"
                        + r(rnd, B64, 3000) + "\"}}",
                "<img src=\"data:image/png;base64,iVBORw0KGgo" + r(rnd, B64, 1200) + "\">",
                "/home/" + r(rnd, "abcdefghij", 5) + "/.ssh/id_rsa and src/main/java/io/x/TokenService.java",
                "C:\\Users\\dev\\secrets\\token.txt",
                "\"requestId\": \"" + uuid(rnd) + "\", \"traceId\": \"" + r(rnd, HEX, 32) + "\"",
                "checksum: sha256:" + r(rnd, HEX, 64),
                "\"toolUseID\": \"toolu_" + r(rnd, ALNUM, 24) + "\"",
                "resolved \"https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz#" + sha + "\"",
                "max_tokens=" + rnd.nextInt(100000) + " budget_tokens=" + rnd.nextInt(10000),
                "git checkout " + sha.substring(0, 7) + " && git diff " + sha + "..HEAD",
                "const password = req.body.password; const token = jwt.sign(payload, secretKey);",
                "export PATH=/usr/local/bin:$PATH KEY_FILE=/etc/ssl/private/server.key",
            };
            out.add(new Case("generated", gen[rnd.nextInt(gen.length)], null));
        }
        return out;
    }

    /** Cases as plain text and as the JSON-escaped text of a tool call's arguments. */
    static Case escaped(Case c) {
        String text = "{\"command\":\"" + escape(c.text()) + "\",\"timeout\":120000}";
        return new Case(c.family(), text, c.secret() == null ? null : escape(c.secret()));
    }

    static Function<Case, Boolean> redacted = c -> !Redactor.redact(c.text()).contains(c.secret());
}
