package io.github.termsprawl.store;

/**
 * How much of a conversation a view shows: the last {@code maxTurns} turns, each cut to
 * {@code maxChars} UTF-16 code units. Chosen by the view; the readers stop reading once they have it.
 */
public record TurnLimits(int maxTurns, int maxChars) {
    /** The turn with its text cut to {@link #maxChars}; a high surrogate left alone by the cut is dropped too. */
    public Turn cut(Turn turn) {
        String text = turn.text();
        if (text.length() <= maxChars) {
            return turn;
        }
        int end = maxChars > 0 && Character.isHighSurrogate(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
        return new Turn(turn.role(), text.substring(0, end));
    }

    /** The last {@link #maxTurns} of the turns, each cut: what a reader that reads the whole session keeps. */
    public java.util.List<Turn> last(java.util.List<Turn> turns) {
        java.util.List<Turn> last = new java.util.ArrayList<>();
        for (Turn t : turns.subList(Math.max(0, turns.size() - Math.max(0, maxTurns)), turns.size())) {
            last.add(cut(t));
        }
        return last;
    }

    /**
     * How many chars of each string a reader must keep to cut turns right: one more than shown, so the
     * surrogate check at the cut sees the char after it.
     */
    public int stringCap() {
        return maxChars + 1;
    }
}
