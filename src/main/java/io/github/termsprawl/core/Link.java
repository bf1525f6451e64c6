package io.github.termsprawl.core;

/** An undirected pair of node ids, stored under its canonical file name {@code <lo>--<hi>.json}. */
public record Link(String a, String b) {
    public static Link canonical(String x, String y) {
        return x.compareTo(y) < 0 ? new Link(x, y) : new Link(y, x);
    }

    public String fileName() {
        Link c = canonical(a, b);
        return c.a + "--" + c.b + ".json";
    }

    /** The other end of this link as seen from {@code id}, or null when {@code id} is not on it. */
    public String opposite(String id) {
        return a.equals(id) ? b : b.equals(id) ? a : null;
    }
}
