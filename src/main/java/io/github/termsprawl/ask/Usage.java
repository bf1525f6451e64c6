package io.github.termsprawl.ask;

import java.math.BigDecimal;

/**
 * The tokens one answer cost, as the API's {@code usage} counts them: kept as the numbers were written, so a
 * server's {@code 1e308} prints as that, not clamped to a {@code long} (docs/ask.md, "Output").
 */
public record Usage(BigDecimal input, BigDecimal cacheRead, BigDecimal cacheWrite, BigDecimal output) {
    public static final Usage NONE = new Usage(0, 0, 0, 0);

    public Usage(long input, long cacheRead, long cacheWrite, long output) {
        this(
                BigDecimal.valueOf(input),
                BigDecimal.valueOf(cacheRead),
                BigDecimal.valueOf(cacheWrite),
                BigDecimal.valueOf(output));
    }

    public Usage plus(Usage other) {
        return new Usage(
                input.add(other.input),
                cacheRead.add(other.cacheRead),
                cacheWrite.add(other.cacheWrite),
                output.add(other.output));
    }

    /** {@code input 12, cache read 0, cache write 3400, output 56 tokens}. */
    public String describe() {
        return "input " + text(input) + ", cache read " + text(cacheRead) + ", cache write " + text(cacheWrite)
                + ", output " + text(output) + " tokens";
    }

    /** A count as JSON writes it: digits for a whole number of up to 20 digits, else Java's {@code 1E+308}. */
    static String text(BigDecimal n) {
        BigDecimal whole = n.stripTrailingZeros();
        return whole.scale() <= 0 && whole.precision() - whole.scale() <= 20 ? whole.toPlainString() : n.toString();
    }
}
