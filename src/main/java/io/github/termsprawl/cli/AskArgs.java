package io.github.termsprawl.cli;

import io.github.termsprawl.core.NodeId;

/**
 * The argv of {@code termsprawl-ask --cwd <dir> --self <id> (--node <id> | --peers) [--json] [--no-redact]
 * [--dry-run] [--attachments] [--model <id>] [--timeout <seconds>] [--context-tokens <n>] [--parallel <n>] "question"}:
 * the words that are no flag are the question (joined with spaces, so an unquoted one works too).
 * {@code --help} where a flag may stand asks for {@link #HELP}.
 */
public record AskArgs(
        String cwd,
        String self,
        String node,
        boolean peers,
        boolean json,
        boolean redact,
        boolean dryRun,
        String model,
        Integer timeout,
        Integer contextTokens,
        Integer parallel,
        String question,
        boolean help,
        String error,
        boolean attachments) {
    public static final String USAGE = "termsprawl-ask --cwd <dir> --self <id> (--node <id> | --peers) [--json]"
            + " [--no-redact] [--dry-run] [--attachments] [--model <id>] [--timeout <seconds>] [--context-tokens <n>]"
            + " [--parallel <n>] \"question\"";

    /** What {@code --help} prints on stdout (exit 0; docs/ask.md). */
    public static final String HELP = "usage: " + USAGE + "\n"
            + "\n"
            + "Puts a question to a node's whole session (--node) or to each peer's (--peers) and prints the\n"
            + "answer, which cites the turns it rests on. The words that are no option are the question.\n"
            + "\n"
            + "  --cwd <dir>             the project folder, or a folder inside it (required)\n"
            + "  --self <id>             the asking node, \"$TERMSPRAWL_NODE_ID\" (required)\n"
            + "  --node <id> | --peers   whom to ask: one node, or every peer of --self\n"
            + "  --json                  the answers as JSON\n"
            + "  --no-redact             send secrets as the session holds them (redacted by default)\n"
            + "  --dry-run               print what would be sent, send nothing\n"
            + "  --attachments           send the harness's attachments too (left out by default)\n"
            + "  --model <id>            the model to ask\n"
            + "  --timeout <seconds>     how long to wait for each answer\n"
            + "  --context-tokens <n>    the model's context size, for what fits in one request\n"
            + "  --parallel <n>          how many targets are asked at once\n"
            + "  --                      what follows is the question, even words that start with --\n"
            + "  --help                  print this and exit\n"
            + "\n"
            + "Exit 2 for a usage error, 1 when a target could not be asked, else 0. More: docs/ask.md.\n";

    public static AskArgs parse(String... argv) {
        String cwd = null;
        String self = null;
        String node = null;
        boolean peers = false;
        boolean json = false;
        boolean redact = true;
        boolean dryRun = false;
        boolean attachments = false;
        String model = null;
        Integer[] numbers = new Integer[3]; // timeout, context tokens, parallel
        StringBuilder question = new StringBuilder();
        boolean flags = true;
        for (int i = 0; i < argv.length; i++) {
            String arg = argv[i];
            if (flags && arg.equals("--")) {
                flags = false;
            } else if (flags
                    && (arg.equals("--cwd")
                            || arg.equals("--self")
                            || arg.equals("--node")
                            || arg.equals("--model")
                            || arg.equals("--timeout")
                            || arg.equals("--context-tokens")
                            || arg.equals("--parallel"))) {
                if (i + 1 >= argv.length) {
                    return failure("missing value for " + arg);
                }
                String value = argv[++i];
                switch (arg) {
                    case "--cwd" -> cwd = value;
                    case "--self" -> self = value;
                    case "--node" -> node = value;
                    case "--model" -> model = value;
                    default -> {
                        int slot = arg.equals("--timeout") ? 0 : arg.equals("--context-tokens") ? 1 : 2;
                        Integer n = positive(value);
                        if (n == null) {
                            return failure(arg + " takes a positive whole number, not '" + value + "'");
                        }
                        numbers[slot] = n;
                    }
                }
            } else if (flags && arg.equals("--peers")) {
                peers = true;
            } else if (flags && arg.equals("--json")) {
                json = true;
            } else if (flags && arg.equals("--no-redact")) {
                redact = false;
            } else if (flags && arg.equals("--dry-run")) {
                dryRun = true;
            } else if (flags && arg.equals("--attachments")) {
                attachments = true;
            } else if (flags && arg.equals("--help")) {
                return new AskArgs(
                        null, null, null, false, false, true, false, null, null, null, null, null, true, null, false);
            } else if (flags && arg.startsWith("--")) {
                return failure("unexpected argument: " + arg);
            } else {
                question.append(question.length() == 0 ? "" : " ").append(arg);
            }
        }
        if (cwd == null || self == null) {
            return failure("expected --cwd and --self");
        }
        if (!NodeId.isSafe(self) || (node != null && !NodeId.isSafe(node))) {
            return failure("invalid node id '" + (NodeId.isSafe(self) ? node : self)
                    + "': 1-128 letters, digits, '_' or '-', starting with a letter or digit");
        }
        if ((node == null) == !peers) {
            return failure(peers ? "give --node <id> or --peers, not both" : "expected --node <id> or --peers");
        }
        if (question.toString().isBlank()) {
            return failure("missing the question (the last argument)");
        }
        return new AskArgs(
                cwd,
                self,
                node,
                peers,
                json,
                redact,
                dryRun,
                model,
                numbers[0],
                numbers[1],
                numbers[2],
                question.toString(),
                false,
                null,
                attachments);
    }

    private static Integer positive(String value) {
        try {
            int n = Integer.parseInt(value.strip());
            return n > 0 ? n : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static AskArgs failure(String error) {
        return new AskArgs(
                null, null, null, false, false, true, false, null, null, null, null, null, false, error, false);
    }

    public boolean ok() {
        return error == null;
    }
}
