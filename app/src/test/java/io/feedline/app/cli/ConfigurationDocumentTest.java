package io.feedline.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.ConfigurationReference;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ConfigurationDocumentTest {
    // Surefire runs in the module's directory; the page sits at the repository root's docs/.
    private static final Path DOCUMENT = Path.of("..", "docs", "CONFIGURATION.md");
    private static final Path EXPECTED = Path.of("target", "CONFIGURATION.md");

    private static String printedReference() {
        StringWriter out = new StringWriter();
        CommandLine cli = FeedlineCli.commandLine(Map.of());
        cli.setOut(new PrintWriter(out));
        assertThat(cli.execute("config", "reference")).isZero();
        return out.toString();
    }

    @Test
    void theConfigurationPageIsWhatTheReferenceCommandPrints() throws IOException {
        String printed = printedReference();
        Files.writeString(EXPECTED, printed, StandardCharsets.UTF_8);
        String committed = Files.exists(DOCUMENT) ? Files.readString(DOCUMENT, StandardCharsets.UTF_8) : "";

        assertThat(committed)
                .as("docs/CONFIGURATION.md differs from reference.conf. Regenerate it from the repository root with%n"
                        + "  %s%n(or copy app/%s, which this test just wrote)", ConfigurationReference.REGENERATE_COMMAND, EXPECTED)
                .isEqualTo(printed);
    }

    @Test
    void theReferenceListsEveryKeyWithItsDefault() {
        String printed = printedReference();

        assertThat(printed)
                .contains("| `fanout.mode` | `hybrid` |")
                .contains("| `http.rate-limit.failed-logins.period` | `15m` |")
                .contains("| `token.secret` | `\"\"` |")
                .contains("FEEDLINE_FANOUT_CELEBRITY_THRESHOLD");
    }

    @Test
    void theReferenceCanBeWrittenToAFile(@TempDir Path folder) throws IOException {
        Path page = folder.resolve("CONFIGURATION.md");

        assertThat(FeedlineCli.commandLine(Map.of()).execute("config", "reference", "-o", page.toString())).isZero();

        assertThat(Files.readString(page, StandardCharsets.UTF_8)).isEqualTo(printedReference());
    }
}
