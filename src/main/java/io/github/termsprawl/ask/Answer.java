package io.github.termsprawl.ask;

import java.util.List;

/**
 * What a backend answered: whether the conversation held the answer, the answer, the turns it cites, what
 * it cost, and notes (an answer cut short, one that was not the structure asked for).
 *
 * @param backend {@code api <model>} or {@code claude cli}
 */
public record Answer(
        boolean hasContext, String answer, List<Integer> citations, Usage usage, List<String> notes, String backend) {
    public Answer {
        citations = List.copyOf(citations);
        notes = List.copyOf(notes);
    }

    /** The same answer with this text and these notes. */
    Answer with(String text, List<String> notes) {
        return new Answer(hasContext, text, citations, usage, notes, backend);
    }
}
