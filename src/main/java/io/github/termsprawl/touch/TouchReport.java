package io.github.termsprawl.touch;

import io.github.termsprawl.jsonl.JsonWriter;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The output of {@code termsprawl-touches} (docs/touches.md, "Output"): text for people and agents, or JSON. */
public final class TouchReport {
    public static final int JSON_VERSION = 1;

    private TouchReport() {}

    /**
     * One block per peer: a header line, then one line per file (the newest touch of each; every touch of the one
     * file with {@code --file}), newest first. Empty when no peer changed anything.
     */
    public static String text(List<PeerTouches.Peer> peers, boolean oneFile) {
        StringBuilder out = new StringBuilder();
        for (PeerTouches.Peer p : peers) {
            List<TouchEvent> shown = oneFile ? p.touches() : PeerTouches.latestPerFile(p.touches());
            out.append(oneFile ? "changed by " : "files changed by ")
                    .append(p.node())
                    .append(" (")
                    .append(p.store().id())
                    .append("), newest first:\n");
            for (TouchEvent e : shown) {
                out.append("  ").append(line(e)).append('\n');
            }
        }
        return out.toString();
    }

    /** {@code <time> <kind> turn <n> <path>[ (failed)][ (rewound)][: <command>]}, escaped, on one line. */
    public static String line(TouchEvent e) {
        StringBuilder out = new StringBuilder();
        out.append(time(e.time())).append("  ").append(e.kind().id());
        out.append("  turn ").append(e.turn() == null ? "-" : e.turn().toString());
        out.append("  ").append(TouchEvent.escaped(e.path()));
        if (!e.success()) {
            out.append(" (no success)");
        }
        if (e.rewound()) {
            out.append(" (rewound)");
        }
        if (e.command() != null) {
            String c = TouchEvent.escaped(e.command());
            out.append(": ").append(c.length() > 200 ? c.substring(0, 200) + "…" : c);
        }
        return out.toString();
    }

    /**
     * To the second, as {@code Instant.toString} writes it ({@code 2026-01-01T00:03:03Z}), without its formatter:
     * java.time's formatting classes cost the hook before every edit more than the rest of its answer.
     */
    public static String time(Instant t) {
        if (t == null) {
            return "-";
        }
        // the civil date by arithmetic (days since 1970 to year, month, day in the proleptic Gregorian calendar),
        // not LocalDateTime: ZoneOffset's class sets up var handles, which cost the hook more than its answer
        long seconds = t.getEpochSecond();
        long days = Math.floorDiv(seconds, 86400L);
        long secondOfDay = Math.floorMod(seconds, 86400L);
        long z = days + 719468;
        long era = Math.floorDiv(z, 146097);
        long dayOfEra = z - era * 146097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 0 || year > 9999) {
            return t.truncatedTo(ChronoUnit.SECONDS).toString();
        }
        char[] out = "0000-00-00T00:00:00Z".toCharArray();
        digits(out, 0, 4, (int) year);
        digits(out, 5, 2, month);
        digits(out, 8, 2, day);
        digits(out, 11, 2, (int) (secondOfDay / 3600));
        digits(out, 14, 2, (int) (secondOfDay / 60 % 60));
        digits(out, 17, 2, (int) (secondOfDay % 60));
        return new String(out);
    }

    private static void digits(char[] out, int at, int width, int value) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    /** {@code {"version":1,"peers":[{"node","store","touches":[…]}]}} on one line (docs/touches.md, "JSON"). */
    public static String json(List<PeerTouches.Peer> peers) {
        List<Object> ps = new ArrayList<>();
        for (PeerTouches.Peer p : peers) {
            List<Object> ts = new ArrayList<>();
            for (TouchEvent e : p.touches()) {
                ts.add(json(e));
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("node", p.node());
            m.put("store", p.store().id());
            m.put("touches", ts);
            ps.add(m);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", (long) JSON_VERSION);
        root.put("peers", ps);
        return JsonWriter.compact(root) + "\n";
    }

    /** One touch as {@code termsprawl-touches --json} gives it: {@code path kind time turn success rewound command}. */
    static Map<String, Object> json(TouchEvent e) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("path", e.path());
        t.put("kind", e.kind().id());
        t.put("time", e.time() == null ? null : e.time().toString());
        t.put("turn", e.turn() == null ? null : (Object) e.turn().longValue());
        t.put("success", e.success());
        t.put("rewound", e.rewound());
        t.put("command", e.command());
        return t;
    }
}
