package io.github.termsprawl.plant;

/**
 * What the hook launchers answer without starting Java (docs/touches.md, "Without Java"): the record hook does
 * nothing without a node id; the edit hook says nothing without a node id, without a link, or when every linked peer
 * is wired (its own hooks keep its edits list, {@code transcripts/<node>.edits}) and none listed a file the call is
 * about to change. Anything it cannot tell for sure (an escaped path, a shell command that may write, a peer
 * without a list) goes to Java, which reads the transcripts: the prefilter may only ever send more to Java, never
 * leave a warning out.
 */
final class Prefilter {
    private Prefilter() {}

    /** The record hook: no node, nothing to record (its {@code --help} still answers). */
    static final String RECORD_SH = "# no node id: nothing to record, and no Java started (docs/planted.md)\n"
            + "[ -n \"${TERMSPRAWL_NODE_ID:-}\" ] || [ \"${1:-}\" = --help ] || exit 0\n";

    static final String RECORD_CMD = "if not defined TERMSPRAWL_NODE_ID if not \"%~1\"==\"--help\" exit /b 0\n";

    /** The edit hook's Windows twin tells only the first case: no node id. */
    static final String TOUCHES_CMD = "if not defined TERMSPRAWL_NODE_ID if \"%~1\"==\"--hook\" exit /b 0\n";

    /**
     * The edit hook, before Java: {@code exit 0} when there is nothing to say; else it goes on to Java with
     * {@code fed=1} and the payload it read in {@code $payload}. Kept as a shell file, read as it is planted.
     */
    static final String TOUCHES_SH = resource("touches-prefilter.sh");

    /** The context launcher's note at each prompt: {@code exit 0} when nothing changed since the node's last note. */
    static final String CONTEXT_SH = resource("context-prefilter.sh");

    static final String CONTEXT_CMD = "if not defined TERMSPRAWL_NODE_ID if \"%~1\"==\"--hook\" exit /b 0\n";

    private static String resource(String name) {
        try (java.io.InputStream in = Prefilter.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException | NullPointerException e) {
            throw new IllegalStateException("missing resource " + name, e); // a broken build
        }
    }
}
