package io.github.termsprawl.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UserPropertiesTest {
    @Test
    void aPropertyInTheWrongCaseOrWithATypoNamesTheKnownOne() {
        assertEquals(
                List.of(
                        "termsprawl: unknown property termsprawl.dryrun, ignored by every goal; did you mean"
                                + " termsprawl.dryRun?",
                        "termsprawl: unknown property termsprawl.nod, ignored by every goal; did you mean"
                                + " termsprawl.node?",
                        "termsprawl: unknown property termsprawl.redcat, ignored by every goal; did you mean"
                                + " termsprawl.redact?"),
                UserProperties.unknown(Set.of(
                        "termsprawl.dryrun",
                        "termsprawl.redcat",
                        "termsprawl.nod",
                        "termsprawl.self",
                        "maven.repo.local")));
    }

    @Test
    void aNameFarFromEveryKnownOnePointsToHelp() {
        assertEquals(
                List.of("termsprawl: unknown property termsprawl.frobnicate, ignored by every goal; see 'mvn"
                        + " termsprawl:help -Ddetail' for the properties"),
                UserProperties.unknown(Set.of("termsprawl.frobnicate")));
    }

    @Test
    void everyConstantIsKnownIncludingEachGoalsSkip() {
        List<String> known = UserProperties.known();
        assertTrue(known.contains("termsprawl.all") && known.contains("termsprawl.remove.skip"), known.toString());
        assertEquals(List.of(), UserProperties.unknown(Set.copyOf(known)));
    }
}
