package io.github.termsprawl.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The keyword pass finds exactly the keywords a comparison at every place finds, wherever they stand. */
class KeywordScanTest {
    /** 8,192: where the scan copies the next chunk of the text. */
    private static final int CHUNK = 1 << 13;

    @Test
    void everyKeywordInEveryCaseItTakesAtEveryPlace() {
        int[] places = {0, 1, 100, CHUNK - 4, CHUNK - 3, CHUNK - 2, CHUNK - 1, CHUNK, CHUNK + 1};
        int checked = 0;
        for (Rule rule : RuleTable.RULES) {
            for (String keyword : rule.keywords) {
                String[] spellings = rule.ignoreCase
                        ? new String[] {keyword, keyword.toUpperCase(Locale.ROOT), keyword.toLowerCase(Locale.ROOT)}
                        : new String[] {keyword};
                for (String spelling : spellings) {
                    for (int place : places) {
                        for (boolean atEnd : new boolean[] {false, true}) {
                            String text = " ".repeat(place) + spelling + (atEnd ? "" : " tail");
                            assertNotNull(
                                    KeywordScan.scan(text, 0, false), rule.kind + ": " + spelling + " at " + place);
                            checked++;
                        }
                    }
                }
            }
        }
        assertEquals(true, checked > 5000, "cases: " + checked);
    }

    /** Random texts of keyword pieces and other characters: a keyword is found if and only if one is there. */
    @Test
    void findsAKeywordExactlyWhenOneOccurs() {
        Random random = new Random(7);
        String other = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.:/=\\\"'\n\u00e9\u65e5";
        int found = 0;
        for (int k = 0; k < 20_000; k++) {
            StringBuilder text = new StringBuilder();
            int parts = 1 + random.nextInt(6);
            for (int p = 0; p < parts; p++) {
                if (random.nextInt(3) == 0) {
                    Rule rule = RuleTable.RULES[random.nextInt(RuleTable.RULES.length)];
                    String keyword = rule.keywords[random.nextInt(rule.keywords.length)];
                    // a keyword, or its head: three or four characters of one are what the tables look at
                    text.append(keyword, 0, Math.max(1, keyword.length() - random.nextInt(3)));
                } else {
                    for (int i = random.nextInt(4); i >= 0; i--) {
                        text.append(other.charAt(random.nextInt(other.length())));
                    }
                }
            }
            String t = text.toString();
            boolean expected = occurs(t);
            assertEquals(expected, KeywordScan.scan(t, 0, false) != null, t);
            found += expected ? 1 : 0;
        }
        assertEquals(true, found > 2000 && found < 18_000, "texts with a keyword: " + found);
    }

    /** The rule of a keyword's place, compared at every index: what the scan must agree with. */
    private static boolean occurs(String text) {
        for (int i = 0; i < text.length(); i++) {
            for (Rule rule : RuleTable.RULES) {
                for (String keyword : rule.keywords) {
                    if (rule.wordStart && !KeywordScan.keywordStart(text, i)) {
                        continue;
                    }
                    if (text.regionMatches(rule.ignoreCase, i, keyword, 0, keyword.length())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
