package io.github.termsprawl.share;

import io.github.termsprawl.core.Git;
import io.github.termsprawl.core.UserErrorException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a tree of files as one commit with git's plumbing only, never touching the work tree, the index
 * or a branch: the blobs the repository lacks go in one {@code git fast-import} (a pack, not a process per
 * file), each folder is a {@code git mktree} (which checks that every blob it names exists, so a blob id
 * computed here that git disagrees with fails), the commit a {@code git commit-tree} without parent (latest
 * only), and the ref a {@code git update-ref}.
 */
final class ObjectWriter {
    private final Git git;
    private final String algorithm;

    ObjectWriter(Git git) throws IOException, UserErrorException {
        this.git = git;
        Git.Result format = git.run(null, Git.LOCAL_MS, "rev-parse", "--show-object-format");
        this.algorithm = format.code() == 0 && format.text().equals("sha256") ? "SHA-256" : "SHA-1";
    }

    /** The blob id git gives {@code bytes}. */
    String blobId(byte[] bytes) {
        try {
            MessageDigest md = MessageDigest.getInstance(algorithm);
            md.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(md.digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the files ({@code /}-separated paths) as blobs and trees; returns the root tree's id. */
    String writeTree(Map<String, byte[]> files) throws IOException, UserErrorException {
        Map<String, String> ids = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            ids.put(e.getKey(), blobId(e.getValue()));
        }
        writeMissingBlobs(files, ids);
        return mktree(ids, "");
    }

    private void writeMissingBlobs(Map<String, byte[]> files, Map<String, String> ids)
            throws IOException, UserErrorException {
        StringBuilder query = new StringBuilder();
        List<String> order = new ArrayList<>();
        for (Map.Entry<String, String> e : ids.entrySet()) {
            query.append(e.getValue()).append('\n');
            order.add(e.getKey());
        }
        String[] answers = git.okWith(
                        query.toString().getBytes(StandardCharsets.US_ASCII), Git.LOCAL_MS, "cat-file", "--batch-check")
                .text()
                .split("\n");
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        int missing = 0;
        for (int i = 0; i < order.size(); i++) {
            if (i < answers.length && answers[i].endsWith(" missing")) {
                byte[] b = files.get(order.get(i));
                stream.writeBytes(("blob\ndata " + b.length + "\n").getBytes(StandardCharsets.US_ASCII));
                stream.writeBytes(b);
                stream.write('\n');
                missing++;
            }
        }
        if (missing > 0) {
            stream.writeBytes("done\n".getBytes(StandardCharsets.US_ASCII));
            git.okWith(stream.toByteArray(), Git.LOCAL_MS, "fast-import", "--quiet", "--done");
        }
    }

    /** The tree of the files under {@code prefix} (a folder's own entries, its subfolders made first). */
    private String mktree(Map<String, String> ids, String prefix) throws IOException, UserErrorException {
        Map<String, String> blobs = new TreeMap<>();
        Map<String, Boolean> folders = new TreeMap<>();
        for (String path : ids.keySet()) {
            if (!path.startsWith(prefix)) {
                continue;
            }
            String rest = path.substring(prefix.length());
            int slash = rest.indexOf('/');
            if (slash < 0) {
                blobs.put(rest, ids.get(path));
            } else {
                folders.put(rest.substring(0, slash), true);
            }
        }
        StringBuilder in = new StringBuilder();
        for (Map.Entry<String, String> b : blobs.entrySet()) {
            in.append("100644 blob ")
                    .append(b.getValue())
                    .append('\t')
                    .append(b.getKey())
                    .append('\n');
        }
        for (String folder : folders.keySet()) {
            in.append("040000 tree ")
                    .append(mktree(ids, prefix + folder + "/"))
                    .append('\t')
                    .append(folder)
                    .append('\n');
        }
        return git.okWith(in.toString().getBytes(StandardCharsets.UTF_8), Git.LOCAL_MS, "mktree")
                .text();
    }

    /**
     * A commit of {@code tree} with no parent, authored as {@code user} (the shared user id, not the user's
     * e-mail address), then the ref set to it.
     */
    String commit(String tree, String user, String message, String ref) throws IOException, UserErrorException {
        String commit = git.okWith(
                        null,
                        Git.LOCAL_MS,
                        "-c",
                        "user.name=" + user,
                        "-c",
                        "user.email=" + user + "@termsprawl.invalid",
                        "commit-tree",
                        tree,
                        "-m",
                        message)
                .text();
        git.ok("update-ref", ref, commit);
        return commit;
    }
}
