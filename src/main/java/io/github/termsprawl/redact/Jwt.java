package io.github.termsprawl.redact;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;

/**
 * JSON Web Tokens (and JWE): three to five base64url parts whose first decodes to a JSON header with
 * {@code "alg"} (docs/redaction.md, "jwt"). The header test keeps look-alikes such as {@code eyJ…} data out.
 */
final class Jwt {
    private Jwt() {}

    private static final java.util.regex.Pattern ALG =
            java.util.regex.Pattern.compile("\"alg\"\\s*:\\s*\"[A-Za-z0-9+_-]{2,20}\"");

    static int detect(Scan scan, int at, Rule rule) {
        Matcher m = scan.matcher(rule);
        m.region(at, Math.min(scan.text.length(), at + rule.span));
        if (!m.lookingAt()) {
            return -1;
        }
        String token = m.group();
        int dot = token.indexOf('.');
        if (!header(token.substring(0, dot)) || Entropy.bits(token) < rule.minEntropy) {
            return m.end();
        }
        scan.add(m.start(), m.end(), rule.kind, rule.index);
        return m.end();
    }

    /** Whether the part decodes to a JSON object naming an {@code alg}. */
    static boolean header(String part) {
        String p = part;
        while (p.endsWith("=")) {
            p = p.substring(0, p.length() - 1);
        }
        try {
            String json = new String(Base64.getUrlDecoder().decode(p), StandardCharsets.UTF_8);
            return json.startsWith("{")
                    && json.trim().endsWith("}")
                    && ALG.matcher(json).find();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
