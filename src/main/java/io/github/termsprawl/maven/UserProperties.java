package io.github.termsprawl.maven;

/** Every user property of the plugin, in one place (so messages and parameters cannot drift apart). */
public final class UserProperties {
    public static final String SKIP = "termsprawl.skip";
    public static final String CLAUDE_HOOK = "termsprawl.claudeHook";
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
    public static final String FORMAT = "termsprawl.format";
    public static final String ALL = "termsprawl.all";

    public static final String DISCOVER_SKIP = "termsprawl.discover.skip";
    public static final String CHECK_SKIP = "termsprawl.check.skip";
    public static final String LINK_SKIP = "termsprawl.link.skip";
    public static final String UNLINK_SKIP = "termsprawl.unlink.skip";
    public static final String LINKS_SKIP = "termsprawl.links.skip";
    public static final String RECORD_SKIP = "termsprawl.record.skip";
    public static final String CONTEXT_SKIP = "termsprawl.context.skip";
    public static final String STATUS_SKIP = "termsprawl.status.skip";
    public static final String HISTORY_SKIP = "termsprawl.history.skip";
    public static final String ASK_SKIP = "termsprawl.ask.skip";
    public static final String REMOVE_SKIP = "termsprawl.remove.skip";

    private UserProperties() {}
}
