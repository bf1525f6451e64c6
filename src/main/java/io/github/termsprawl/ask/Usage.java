package io.github.termsprawl.ask;

/** The tokens one answer cost, as the API's {@code usage} counts them. */
public record Usage(long input, long cacheRead, long cacheWrite, long output) {
    public static final Usage NONE = new Usage(0, 0, 0, 0);

    public Usage plus(Usage other) {
        return new Usage(
                input + other.input, cacheRead + other.cacheRead, cacheWrite + other.cacheWrite, output + other.output);
    }

    /** {@code input 12, cache read 0, cache write 3400, output 56 tokens}. */
    public String describe() {
        return "input " + input + ", cache read " + cacheRead + ", cache write " + cacheWrite + ", output " + output
                + " tokens";
    }
}
