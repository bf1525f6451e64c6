package io.github.termsprawl.maven;

import java.util.List;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;

/**
 * A goal that plants sqlite-jdbc ({@code discover}) or may read an OpenCode database with it ({@code record},
 * {@code status}, {@code context}, {@code history}, {@code ask}): it is resolved and added to the plugin's
 * class path first ({@link SqliteJdbc}). {@code check} is none: it compares the planted jar by its
 * fingerprint, and is spared even the resolver's injection.
 */
abstract class AbstractSqliteMojo extends AbstractTermsprawlMojo {
    @Inject // JSR-330: Maven's container injects it as it did with the deprecated @Component
    private RepositorySystem repositorySystem;

    @Override
    final void prepare() throws MojoExecutionException {
        MavenProject project = project();
        SqliteJdbc.ensure(
                repositorySystem,
                session().getRepositorySession(),
                project != null ? project.getRemotePluginRepositories() : List.of());
    }
}
