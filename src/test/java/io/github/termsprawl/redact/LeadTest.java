package io.github.termsprawl.redact;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The lead turns away words that share a keyword, and never a text the rule's regex matches. */
class LeadTest {
    @Test
    void readsTheShapeLiteralClassCount() {
        Lead airtable = Lead.of("\\bpat[A-Za-z0-9]{14}\\.[a-f0-9]{64}\\b");
        assertNotNull(airtable);
        assertTrue(airtable.rejects("see path/to/file", 4));
        assertTrue(airtable.rejects("a pattern here", 2));
        assertTrue(airtable.rejects("pat", 0), "the text ends before the run");
        assertFalse(airtable.rejects("patABCDEFGHIJKLMN." + "0123456789abcdef".repeat(4), 0));
        assertTrue(airtable.rejects("patABCDEFGHIJKLMN.0123", 0), "the text ends before the second run");
        Lead twilio = Lead.of("\\bSK[0-9a-fA-F]{32}(?!\\w)");
        assertTrue(twilio.rejects("SKILL.md", 0));
        assertFalse(twilio.rejects("SK0123456789abcdef0123456789abcdef", 0));
        assertTrue(Lead.of("\\bya29\\.[A-Za-z0-9_-]{30,2048}").rejects("ya29.short", 0));
        assertTrue(Lead.of("\\bAIza[\\w-]{35}(?![\\w-])").rejects("AIza \u00e9", 0), "a character past ASCII");
    }

    @Test
    void noLeadWhereAWayInIsUnknown() {
        assertNull(Lead.of("(?i:CLOJARS_)[A-Za-z0-9]{60}"), "a flag group first");
        assertNull(Lead.of("(?<![\\w-])eyJ[A-Za-z0-9_-]{8,4000}"), "a lookbehind first");
        assertNull(Lead.of("pat[A-Z]{14}|(?i:foo)"), "one alternative of an unknown shape");
        assertNull(Lead.of("\\b(?:ab|(?=x)cd)"), "one alternative of a group starts unknown");
    }

    /** Alternatives, at the top or in a group, are ways in: a text is turned away only when every way is. */
    @Test
    void everyAlternativeIsAWayIn() {
        Lead github = Lead.of("\\b(?:(?:ghp|gho)_[0-9a-zA-Z]{36,255}+|github_pat_\\w{82,255}+)");
        assertNotNull(github);
        assertTrue(github.rejects("see ghp_short", 4));
        assertFalse(github.rejects("ghp_" + "a1B2c3D4e5".repeat(4), 0));
        assertFalse(github.rejects("gho_" + "a1B2c3D4e5".repeat(4), 0));
        assertTrue(github.rejects("ghx_" + "a1B2c3D4e5".repeat(4), 0));
        assertFalse(github.rejects("github_pat_" + "a1B2c3D4e5".repeat(9), 0));
        Lead top = Lead.of("\\bpat[A-Z]{14}|foo");
        assertFalse(top.rejects("foo", 0));
        assertTrue(top.rejects("path", 0));
        assertFalse(top.rejects("xfoo", 1), "the \\b is the first alternative's, not the second's");
        assertTrue(top.rejects("xpatABCDEFGHIJKLMN", 1), "the first alternative starts a word");
        Lead inner = Lead.of("(?:\\bfoo|bar)baz");
        assertTrue(inner.rejects("xfoobaz", 1));
        assertFalse(inner.rejects("xbarbaz", 1));
        Lead discord = Lead.of("\\b[MNO][A-Za-z0-9_-]{23,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}(?![\\w-])");
        assertTrue(discord.rejects("NOTE: the build", 0), "a word that shares the keyword");
        assertTrue(discord.rejects("aNOTE", 1), "inside a word");
        assertFalse(discord.rejects("MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs", 0));
    }

    /** OpenAI's shape: a negative lookahead and an optional group of class characters stand before the run. */
    @Test
    void looksPastALookaheadAndAnOptionalGroupOfClassCharacters() {
        Lead openai = Lead.of("\\bsk-(?!ant-)(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,400}+");
        assertNotNull(openai);
        assertTrue(openai.rejects("Masking strategy: sk-1234...abcd", 18), "fewer than 20 characters of the run");
        assertFalse(openai.rejects("sk-proj-AbCdEfGhIjKlMnOpQrStUvWx", 0));
        assertFalse(openai.rejects("sk-AbCdEfGhIjKlMnOpQrStUvWx", 0));
        assertTrue(openai.rejects("task-AbCdEfGhIjKlMnOpQrStUvWx", 2), "inside a word");
    }

    /** Past a leading {@code \b} the rest of the shape may be unknown: then only a start inside a word is refused. */
    @Test
    void aWordStartAloneRefusesOnlyInsideAWord() {
        for (String regex : new String[] {
            "\\bsk-(?=x)[A-Za-z0-9_-]{20,400}+", // a positive lookahead after the literal
            "\\bsk-(?:a.b)?[A-Za-z0-9_-]{20,400}+", // an optional group of another shape
            "\\bsk-(?:ab~)?[A-Za-z0-9_-]{20,400}+", // an optional group of characters outside the class
            "\\bskx?[0-9]{10}", // a quantified last character: "sk" holds
            "\\bsk-[^x]{5}", // a negated class
            "\\bsk-[\\s]{5}", // an escape it does not know
            "\\bsk-[a-z]*" // no least count
        }) {
            Lead lead = Lead.of(regex);
            assertNotNull(lead, regex);
            assertTrue(lead.rejects("task-0123456789", 2), regex);
            assertFalse(lead.rejects("sk-0123456789", 0), regex);
            assertFalse(lead.rejects("a sk-0123456789", 2), regex);
            assertFalse(lead.rejects("\\nsk-0123456789", 2), regex + ": after an escaped line end of JSON text");
        }
        assertTrue(Lead.of("\\bpat[A-Za-z0-9]{14}\\.[a-f0-9]{64}").rejects("compatABCDEFGHIJKLMN.0", 3));
    }

    /**
     * Every rule with a lead, on random texts built around its keyword from its own class and from other
     * characters: wherever the regex matches at the keyword, the lead lets it through.
     */
    @Test
    void neverRejectsWhatTheRegexMatches() {
        Random random = new Random(42);
        String alphabet = "abcdefABCDEF0123456789_-./+=~ xyzXYZ\"'\\";
        int withLead = 0;
        int matched = 0;
        for (Rule rule : RuleTable.RULES) {
            if ((rule.detector != null && !rule.detector.equals("openai")) || rule.back != 0) {
                continue;
            }
            String regex = rule.regex();
            Lead lead = Lead.of(regex);
            if (lead == null) {
                continue;
            }
            withLead++;
            Pattern pattern = rule.pattern();
            for (String keyword : rule.keywords) {
                for (int k = 0; k < 400; k++) {
                    // what stands before the keyword: nothing, a word character, a space, an escaped line end, a
                    // word of a path segment
                    String before = new String[] {"", "x", "_", " ", "-", "\\n", "/tmp/a_"}[random.nextInt(7)];
                    StringBuilder text = new StringBuilder(before).append(keyword);
                    int length = random.nextInt(120);
                    boolean mostlyClass = random.nextBoolean();
                    for (int i = 0; i < length; i++) {
                        char c = mostlyClass && random.nextInt(20) > 0
                                ? "abcdef0123456789ABCDEF".charAt(random.nextInt(22))
                                : alphabet.charAt(random.nextInt(alphabet.length()));
                        text.append(c);
                    }
                    Matcher m = pattern.matcher(text);
                    m.useTransparentBounds(true);
                    m.region(before.length(), text.length());
                    if (m.lookingAt()) {
                        matched++;
                        assertFalse(lead.rejects(text.toString(), before.length()), rule.kind + ": " + text);
                    }
                }
            }
        }
        assertTrue(withLead >= 75, "rules with a lead: " + withLead);
        assertTrue(matched > 100, "texts the regexes matched: " + matched);
    }
}
