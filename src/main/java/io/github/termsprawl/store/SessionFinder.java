package io.github.termsprawl.store;

import io.github.termsprawl.core.UserErrorException;
import java.io.IOException;
import java.nio.file.Path;

/** Finds a store's newest session for a project, and says where it looked when there is none. */
public interface SessionFinder {
    /** The newest session whose working folder is {@code project}; null when there is none. */
    Located latest(Path project) throws IOException, UserErrorException;

    /** Why nothing was found and how to fix it: where the store was searched, and the variable that moves it. */
    String notFound(Path project);
}
