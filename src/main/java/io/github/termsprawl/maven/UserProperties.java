package io.github.termsprawl.maven;

/** Every user property of the plugin, in one place (so messages and parameters cannot drift apart). */
public final class UserProperties {
    public static final String SKIP = "termsprawl.skip";
    public static final String CLAUDE_HOOK = "termsprawl.claudeHook";
    /** discover: the guard before a Claude Code edit, warn, ask, deny or off (docs/touches.md). */
    public static final String GUARD = "termsprawl.guard";

    public static final String A = "termsprawl.a";
    public static final String B = "termsprawl.b";
    public static final String NODE = "termsprawl.node";
    public static final String TRANSCRIPT = "termsprawl.transcript";
    public static final String SELF = "termsprawl.self";
    public static final String OUTPUT = "termsprawl.output";
    public static final String STATS = "termsprawl.stats";
    public static final String VIEW = "termsprawl.view";
    public static final String PROJECT_DIR = "termsprawl.projectDir";
    public static final String REDACT = "termsprawl.redact";
    public static final String QUESTION = "termsprawl.question";
    public static final String SESSION = "termsprawl.session";
    public static final String SCOPE = "termsprawl.scope";
    public static final String LIMIT = "termsprawl.limit";
    public static final String MODEL = "termsprawl.model";
    public static final String BASE_URL = "termsprawl.baseUrl";
    public static final String TIMEOUT = "termsprawl.timeout";
    public static final String PARALLEL = "termsprawl.parallel";
    public static final String CONTEXT_TOKENS = "termsprawl.contextTokens";
    public static final String DRY_RUN = "termsprawl.dryRun";
    public static final String ATTACHMENTS = "termsprawl.attachments";
    public static final String FORMAT = "termsprawl.format";
    public static final String ALL = "termsprawl.all";
    public static final String USER = "termsprawl.user";
    public static final String REMOTE = "termsprawl.remote";
    public static final String CONFIRM = "termsprawl.confirm";
    public static final String SHARE_CAP = "termsprawl.shareCap";

    public static final String DISCOVER_SKIP = "termsprawl.discover.skip";
    public static final String CHECK_SKIP = "termsprawl.check.skip";
    public static final String LINK_SKIP = "termsprawl.link.skip";
    public static final String UNLINK_SKIP = "termsprawl.unlink.skip";
    public static final String LINKS_SKIP = "termsprawl.links.skip";
    public static final String RECORD_SKIP = "termsprawl.record.skip";
    public static final String CONTEXT_SKIP = "termsprawl.context.skip";
    public static final String STATUS_SKIP = "termsprawl.status.skip";
    public static final String TOUCHES_SKIP = "termsprawl.touches.skip";
    /** touches: only this file (docs/touches.md). */
    public static final String FILE = "termsprawl.file";

    public static final String HISTORY_SKIP = "termsprawl.history.skip";
    public static final String ASK_SKIP = "termsprawl.ask.skip";
    public static final String REMOVE_SKIP = "termsprawl.remove.skip";
    public static final String SHARE_SKIP = "termsprawl.share.skip";
    public static final String RECEIVE_SKIP = "termsprawl.receive.skip";
    public static final String UNSHARE_SKIP = "termsprawl.unshare.skip";

    private UserProperties() {}

    /** Every property above, by reflection over this class: a new constant is known without a second list. */
    static java.util.List<String> known() {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (java.lang.reflect.Field f : UserProperties.class.getDeclaredFields()) {
            int m = f.getModifiers();
            if (java.lang.reflect.Modifier.isStatic(m)
                    && java.lang.reflect.Modifier.isFinal(m)
                    && f.getType() == String.class) {
                try {
                    names.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return names;
    }

    /**
     * A warning for each {@code termsprawl.*} property given that no goal knows, naming the closest known one:
     * Maven ignores such a property in silence, so {@code -Dtermsprawl.dryrun=true} made a real {@code ask}.
     */
    static java.util.List<String> unknown(java.util.Set<String> given) {
        java.util.List<String> known = known();
        java.util.List<String> warnings = new java.util.ArrayList<>();
        for (String name : new java.util.TreeSet<>(given)) {
            if (!name.startsWith("termsprawl.") || known.contains(name)) {
                continue;
            }
            String closest = null;
            int best = Integer.MAX_VALUE;
            for (String k : known) {
                int d = distance(name.toLowerCase(java.util.Locale.ROOT), k.toLowerCase(java.util.Locale.ROOT));
                if (d < best) {
                    best = d;
                    closest = k;
                }
            }
            String suffix = name.substring("termsprawl.".length());
            boolean close = best <= Math.max(2, suffix.length() / 3);
            warnings.add("termsprawl: unknown property " + name + ", ignored by every goal; "
                    + (close
                            ? "did you mean " + closest + "?"
                            : "see 'mvn termsprawl:help -Ddetail' for the properties"));
        }
        return warnings;
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
