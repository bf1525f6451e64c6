package io.github.termsprawl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The conversation the stand-ins script for Gemini CLI, OpenCode and pi, in two prompts of one session:
 * {@link #FIRST} answered {@link #HELLO}, then {@link #SECOND}, whose reply edits A (a field {@code size}), runs
 * {@code ls A.java} and ends with {@link #DONE}. {@link SessionProof#assertConversation} checks what termsprawl
 * reads of it.
 */
final class Conversation {
    static final String FIRST = "say hello";
    static final String HELLO = "Hello from the stand-in.";
    static final String SECOND = "add a field to A and list it";
    static final String DONE = "Added the field size to A; the folder holds A.java.";

    /** A: what the edit changes. */
    static final String A = "class A {\n}\n";

    private Conversation() {}

    /** One prompt to the agent, with its flags ({@code --continue}, …). */
    @FunctionalInterface
    interface Agent {
        AgentRun.Result prompt(String prompt, String... extra) throws IOException, InterruptedException;
    }

    /**
     * The stand-in's turns: {@link #HELLO}; then the agent's own {@code edit} of A and {@code shell} call,
     * {@link #DONE}; then {@code after}.
     */
    static AnthropicStandIn.Turn[] script(
            AnthropicStandIn.Turn edit, AnthropicStandIn.Turn shell, AnthropicStandIn.Turn... after) {
        List<AnthropicStandIn.Turn> turns =
                new ArrayList<>(List.of(AnthropicStandIn.text(HELLO), edit, shell, AnthropicStandIn.text(DONE)));
        turns.addAll(List.of(after));
        return turns.toArray(AnthropicStandIn.Turn[]::new);
    }

    /**
     * The two prompts through {@code agent}, the second with {@code goOn} (the agent's flags to go on in the same
     * session): each exits 0, the first prints {@link #HELLO}, and after the second A has its field.
     *
     * @return what the second printed
     */
    static AgentRun.Result have(Agent agent, Path a, String... goOn) throws IOException, InterruptedException {
        AgentRun.Result r = agent.prompt(FIRST);
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.stdout().contains(HELLO), r.describe());
        r = agent.prompt(SECOND, goOn);
        assertEquals(0, r.exit(), r.describe());
        assertEquals("class A {\n    int size;\n}\n", Files.readString(a), r.describe());
        return r;
    }
}
