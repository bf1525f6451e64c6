package io.github.termsprawl.share;

import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.UserErrorException;
import java.io.IOException;
import java.util.Locale;

/**
 * Who shares, and the id a received node goes by (docs/sharing.md, "Ids"). A user id is
 * {@code [a-z0-9]+(-[a-z0-9]+)*}, at most 32 characters: no {@code _}, no {@code --}. A shared node's id is
 * {@code <user>__<node>}: a safe node id (docs/files.md, "Node ids") whose first {@code __} ends the user
 * (a user id holds no {@code _}), and that holds no {@code --} the user brought, which separates the two
 * ends of a link file name.
 */
public final class SharedIds {
    public static final String SEPARATOR = "__";
    static final int MAX_USER = 32;

    private SharedIds() {}

    /** Whether {@code user} is a user id as above. */
    public static boolean isUser(String user) {
        if (user == null || user.isEmpty() || user.length() > MAX_USER) {
            return false;
        }
        char prev = '-';
        for (int i = 0; i < user.length(); i++) {
            char c = user.charAt(i);
            boolean alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            if (!alnum && (c != '-' || prev == '-')) {
                return false;
            }
            prev = c;
        }
        return prev != '-';
    }

    /** The local part of an e-mail address made a user id: lower case, other characters become one '-'. */
    static String fromEmail(String email) {
        String local = email.contains("@") ? email.substring(0, email.indexOf('@')) : email;
        StringBuilder out = new StringBuilder();
        for (char c : local.toLowerCase(Locale.ROOT).toCharArray()) {
            boolean alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            if (alnum) {
                out.append(c);
            } else if (out.length() > 0 && out.charAt(out.length() - 1) != '-') {
                out.append('-');
            }
        }
        String id = out.length() > MAX_USER ? out.substring(0, MAX_USER) : out.toString();
        while (id.endsWith("-")) {
            id = id.substring(0, id.length() - 1);
        }
        return id;
    }

    /** The user id: {@code given} when set (checked), else the local part of git's {@code user.email}. */
    public static String user(String given, GitRepo repo) throws IOException, UserErrorException {
        if (given != null && !given.isEmpty()) {
            if (!isUser(given)) {
                throw new UserErrorException(
                        "Invalid user id '" + given + "'",
                        "A user id is 1-32 lower-case letters and digits, single '-' between them, such as alice"
                                + " or jean-luc");
            }
            return given;
        }
        String email = repo.config("user.email");
        String id = email == null ? "" : fromEmail(email);
        if (!isUser(id)) {
            throw new UserErrorException(
                    "No user id to share under: git's user.email is "
                            + (email == null ? "not set" : "without letters or digits before '@'"),
                    "Set it (git config user.email you@example.com), or give the user id");
        }
        return id;
    }

    /** {@code <user>__<node>}, checked to be a safe node id. */
    public static String sharedId(String user, String node) throws UserErrorException {
        String id = user + SEPARATOR + node;
        if (!NodeId.isSafe(id)) {
            throw new UserErrorException(
                    "The shared id " + id + " is longer than a node id may be (128 characters)",
                    "Share the node under a shorter user id");
        }
        return id;
    }

    /** The ref a node is shared on. */
    public static String ref(String user, String node) {
        return GitRepo.REFS + user + "/" + node;
    }
}
