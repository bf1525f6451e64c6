package io.github.termsprawl.history;

import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * For the benchmarks (bench/bounds.sh): the floor under a first write of many turn files, what this machine's file
 * system takes to create that many files of that size in one new folder by a bare loop (open, write, close; no temp
 * file, no rename, nothing else), so that the history's time reads as a ratio to it.
 * usage: CreateFilesForBench DIR COUNT BYTES
 */
public final class CreateFilesForBench {
    private CreateFilesForBench() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int count = Integer.parseInt(args[1]);
        byte[] bytes = new byte[Integer.parseInt(args[2])];
        Arrays.fill(bytes, (byte) 'x');
        Files.createDirectory(dir);
        for (int i = 0; i < count; i++) {
            Path file = dir.resolve("turn-" + i + "-user.md");
            try (SeekableByteChannel out = Files.newByteChannel(
                    file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                out.write(ByteBuffer.wrap(bytes));
            }
        }
    }
}
