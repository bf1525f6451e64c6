package io.github.termsprawl.redact;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Secrets inside base64 or URL-encoding (docs/redaction.md, "encoded-secret"): where the encoding of a
 * secret's prefix or name occurs, the encoded run around it is decoded and searched with every rule, and if
 * a secret is found there the whole run goes. Long runs (images, archives) are never decoded.
 */
final class Encoded {
    private Encoded() {}

    private static final int MAX_RUN = 4096;

    /**
     * The keywords of the base64 rule: the base64 of vendors' prefixes and of secret names at each byte offset,
     * written out so that no command encodes them at its start (RedactorPartsTest derives them again).
     */
    static final String[] BASE64_KEYWORDS =
            ("Z2hwX docF naHBf Z2hvX dob1 naG9f Z2hzX doc1 naHNf Z2l0aHViX3BhdF dpdGh1Yl9wYXRf"
                            + " naXRodWJfcGF0X Z2xwYXQt dscGF0L nbHBhdC c2stYW50L NrLWFudC zay1hbnQt c2stcHJvai"
                            + " NrLXByb2ot zay1wcm9qL eG94Yi hveGIt 4b3hiL eG94cC hveHAt 4b3hwL QUtJQ FLSU BS0lB QVNJQ"
                            + " FTSU BU0lB QUl6Y FJem BSXph c2tfbGl2ZV NrX2xpdmVf za19saXZlX LS0tLS1CRUdJT 0tLS0tQkVHSU"
                            + " tLS0tLUJFR0lO UFJJVkFURSBLRV BSSVZBVEUgS0VZ QUklWQVRFIEtFW cGFzc3dvcm Bhc3N3b3Jk"
                            + " wYXNzd29yZ UGFzc3dvcm QYXNzd29yZ UEFTU1dPUk BBU1NXT1JE QQVNTV09SR cGFzc3dk Bhc3N3Z"
                            + " wYXNzd2 c2VjcmV0 NlY3Jld zZWNyZX U2VjcmV0 TZWNyZX U0VDUkVU NFQ1JFV TRUNSRV dG9rZW"
                            + " Rva2Vu 0b2tlb VG9rZW Ub2tlb VE9LRU RPS0VO UT0tFT YXBpX2tle FwaV9rZX hcGlfa2V5 YXBpS2V5"
                            + " FwaUtle hcGlLZX QVBJX0tFW FQSV9LRV BUElfS0VZ ZXlKaGJHY2 V5SmhiR2Np leUpoYkdja aGZf"
                            + " bnBtX 5wbV ucG1f QmVhcmVyI JlYXJlci CZWFyZXIg QWNjb3VudEtleT FjY291bnRLZXk9"
                            + " BY2NvdW50S2V5P Oi8v cHlwaS B5cGkt weXBpL eGFpL hhaS 4YWkt Z3NrX dza1 nc2tf U0cu")
                    .split(" ");

    /**
     * The base64 run, or else the URL-encoded one ({@code password%3Dhunter2}, {@code %7B%22token%22%3A…}), around
     * {@code at}: decoded and searched; how far the text is done, or -1.
     */
    static int run(Scan scan, int at, Rule rule, boolean base64) {
        if (scan.depth > 0) {
            return -1;
        }
        String text = scan.text;
        int start = at;
        int floor = Math.max(0, at - MAX_RUN);
        while (start > floor && runChar(text.charAt(start - 1), base64)) {
            start--;
        }
        int end = at;
        int ceiling = Math.min(text.length(), at + MAX_RUN);
        while (end < ceiling && runChar(text.charAt(end), base64)) {
            end++;
        }
        if (base64
                && ((start == floor && floor > 0)
                        || (end == ceiling && ceiling < text.length())
                        || end - start < 16
                        || text.startsWith("base64,", start - 7))) {
            return end; // a long run: data, not a credential
        }
        String decoded = base64 ? decode64(text.substring(start, end)) : percentDecode(text, start, end);
        if (decoded != null && !Redactor.find(decoded, 1).isEmpty()) {
            scan.add(start, end, rule.kind, rule.index);
        }
        return end;
    }

    private static boolean runChar(char c, boolean base64) {
        return (c >= 'A' && c <= 'Z')
                || (c >= 'a' && c <= 'z')
                || (c >= '0' && c <= '9')
                || (base64 ? "+/=-_" : "%._~+-*!").indexOf(c) >= 0;
    }

    /** The text a base64 (or base64url) run decodes to, or null when it is not mostly printable text. */
    private static String decode64(String run) {
        String r = run.replace('-', '+').replace('_', '/');
        int eq = r.indexOf('=');
        if (eq >= 0) {
            r = r.substring(0, eq);
        }
        r = r.substring(0, r.length() - (r.length() % 4 == 1 ? 1 : 0));
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(r);
        } catch (IllegalArgumentException e) {
            return null;
        }
        int printable = 0;
        for (byte b : bytes) {
            if ((b >= 32 && b < 127) || b == '\n' || b == '\r' || b == '\t') {
                printable++;
            }
        }
        return printable * 10 >= bytes.length * 9 ? new String(bytes, StandardCharsets.UTF_8) : null;
    }

    private static String percentDecode(String text, int from, int to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < to + 0 && i + 2 < text.length()) {
                int hi = Character.digit(text.charAt(i + 1), 16);
                int lo = Character.digit(text.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    return null;
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else if (c == '+') {
                out.write(' ');
            } else {
                out.write(c);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
