package io.github.termsprawl.share;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.termsprawl.core.UserErrorException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What a share publishes holds no secret of issue 38's forms (docs/redaction.md, "Secrets in pairs and
 * commands"): the AWS pair, a `configure set` command, a token split by a zero-width space; and the scan that
 * stops a share finds nothing left in what the redaction wrote. Fake keys, cut in two.
 */
class ShareableFormPairsTest {
    private static final String ID = "AKIA" + "Z7Q3RW2LX5KPMN4T";
    private static final String SECRET = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzK8Qv3Lw9t";
    private static final String GITHUB = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";

    @Test
    void theSecretsBesideTheirPairDoNotLeaveAndTheScanAgrees() throws UserErrorException {
        ShareableForm form = new ShareableForm();
        form.add(
                "context.md",
                "my keys: " + ID + " / " + SECRET + "\nthe secret is " + SECRET + " for " + ID + "\n"
                        + "$ aws configure set aws_secret_access_key " + SECRET + "\n"
                        + "token " + GITHUB.substring(0, 20) + "\u200B" + GITHUB.substring(20) + "\n");
        String shared = new String(form.files().get("context.md"), StandardCharsets.UTF_8);
        assertFalse(shared.contains(SECRET), shared);
        assertFalse(shared.contains(ID), shared);
        assertFalse(shared.contains(GITHUB.substring(20)), shared);
        assertEquals(6, form.redactions(), shared);
        form.scan(); // nothing left to find: the share goes on
    }
}
