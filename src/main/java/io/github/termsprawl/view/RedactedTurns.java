package io.github.termsprawl.view;

import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.util.ArrayList;
import java.util.List;

/**
 * The context's turns with their secrets replaced, redacted before the cut to 2000 code units: a secret
 * that straddles the cut is found whole, so no head of it is printed (docs/redaction.md, "Where it
 * applies").
 */
final class RedactedTurns {
    /**
     * How much more of each text than prints is read when redacting: enough for a token that starts before
     * the cut to end inside what was read (tokens are at most a few hundred characters; a PEM key, up to
     * about 3,300, is redacted from its BEGIN line even when cut before its END line, docs/redaction.md).
     * More would read and scan more of every long turn on the context command's hot path.
     */
    static final int MARGIN = 1024;

    /** The limits the readers are given when redacting: the view's turns, each with the margin. */
    static final TurnLimits READ_LIMITS =
            new TurnLimits(LinkedContextFormat.LIMITS.maxTurns(), LinkedContextFormat.LIMITS.maxChars() + MARGIN);

    private RedactedTurns() {}

    /** Each turn redacted, then cut to the view's limit. */
    static List<Turn> of(List<Turn> turns) {
        List<Turn> out = new ArrayList<>(turns.size());
        for (Turn t : turns) {
            out.add(LinkedContextFormat.LIMITS.cut(new Turn(t.role(), Redactor.redact(t.text()))));
        }
        return out;
    }
}
