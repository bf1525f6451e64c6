package io.github.termsprawl.core;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Random;

/**
 * A small property-test runner: a property is checked on {@link #TRIES} generated inputs, each from a
 * {@link Random} seeded with {@link #SEED} plus the try's number, so every run of the build checks the same
 * inputs and a failure names the seed that rebuilds its input. {@code verify} runs a bounded number of
 * tries; {@code -Pproperties-long} (or {@code -Dtermsprawl.properties.tries=N}) runs more, and
 * {@code -Dtermsprawl.properties.seed=S} other inputs. Each try must end within {@link #PER_TRY}: a
 * property that blocks fails instead of hanging the build.
 */
public final class PropertyRuns {
    public static final int TRIES = Integer.getInteger("termsprawl.properties.tries", 200);
    public static final long SEED = Long.getLong("termsprawl.properties.seed", 20261130L);
    static final Duration PER_TRY = Fixtures.HANG_GUARD; // a hang guard, not a speed limit

    /** One check of the property on the input that {@code random} generates. */
    public interface Property {
        void check(Random random) throws Exception;
    }

    private PropertyRuns() {}

    /** Checks the property on {@code tries} inputs (scaled like {@link #TRIES} for costly properties). */
    public static void forAll(String name, int tries, Property property) {
        for (int i = 0; i < tries; i++) {
            long seed = SEED + i;
            try {
                assertTimeoutPreemptively(PER_TRY, () -> property.check(new Random(seed)));
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(
                        name + " failed on try " + i + " (rerun it alone with -Dtermsprawl.properties.seed=" + seed
                                + " -Dtermsprawl.properties.tries=1): " + e.getMessage(),
                        e);
            }
        }
    }

    public static void forAll(String name, Property property) {
        forAll(name, TRIES, property);
    }

    /** A share of {@link #TRIES} for properties that cost more per input, at least one try. */
    public static int tries(int divisor) {
        return Math.max(1, TRIES / divisor);
    }

    public static <T> T pick(Random r, T[] values) {
        return values[r.nextInt(values.length)];
    }
}
