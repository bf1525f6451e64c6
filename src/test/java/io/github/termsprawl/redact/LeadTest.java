package io.github.termsprawl.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertFalse(airtable.rejects("patABCDEFGHIJKLMN.0123", 0));
        Lead twilio = Lead.of("\\bSK[0-9a-fA-F]{32}(?!\\w)");
        assertTrue(twilio.rejects("SKILL.md", 0));
        assertFalse(twilio.rejects("SK0123456789abcdef0123456789abcdef", 0));
        assertTrue(Lead.of("\\bya29\\.[A-Za-z0-9_-]{30,2048}").rejects("ya29.short", 0));
        assertTrue(Lead.of("\\bAIza[\\w-]{35}(?![\\w-])").rejects("AIza \u00e9", 0), "a character past ASCII");
    }

    @Test
    void noLeadForAnyOtherShape() {
        assertNull(Lead.of("\\b(?:ghp|gho)_[0-9a-zA-Z]{36}"), "a group first");
        assertNull(Lead.of("\\bsk-(?!ant-)[A-Za-z0-9_-]{20,400}+"), "a lookahead after the literal");
        assertNull(Lead.of("\\bpat[A-Z]{14}|foo"), "a top-level alternation");
        assertNull(Lead.of("\\bxoxb?[0-9]{10}"), "a quantified literal");
        assertNull(Lead.of("\\bab[^x]{5}"), "a negated class");
        assertNull(Lead.of("\\bab[\\s]{5}"), "an escape it does not know");
        assertNull(Lead.of("\\bab[a-z]*"), "no least count");
        assertNull(Lead.of("(?i:CLOJARS_)[A-Za-z0-9]{60}"));
        assertEquals(null, Lead.of("-"));
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
            if (rule.detector != null || rule.back != 0) {
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
                    StringBuilder text = new StringBuilder(keyword);
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
                    if (m.lookingAt()) {
                        matched++;
                        assertFalse(lead.rejects(text.toString(), 0), rule.kind + ": " + text);
                    }
                }
            }
        }
        assertTrue(withLead >= 40, "rules with a lead: " + withLead);
        assertTrue(matched > 100, "texts the regexes matched: " + matched);
    }
}
