package io.feedline.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.cli.FeedlineCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code feedline bench media} at toy sizes: every section is there and every bomb is refused. No timing is checked. */
class MediaCommandTest {

    @Test
    void aSmallMediaBenchmarkReportsEverySectionAndRefusesEveryBomb() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = FeedlineCli.commandLine(Map.of());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));

        int code = cli.execute("bench", "media", "--runs", "1", "--photo", "320x240", "--uploads", "2", "--puts", "3",
                "--warmup", "1", "--concurrency", "1,2", "--feed-posts", "20", "--photos-per-post", "1", "--feed-photo", "32x24",
                "--reads", "10", "--bombs", "5");

        String report = out.toString();
        assertThat(code).as(err.toString()).isZero();
        assertThat(report).startsWith("machine: ")
                .contains("- photo: 320 x 240 JPEG from the JDK encoder")
                .contains("Upload against the store's own PUT of the same bytes")
                .containsPattern("(?m)^\\| filesystem \\| 1 \\|")
                .containsPattern("(?m)^\\| filesystem \\| 2 \\|")
                .containsPattern("(?m)^\\| s3 \\| 1 \\|")
                .containsPattern("(?m)^\\| s3 \\| 2 \\|")
                .contains("Home feed, first page of 20")
                .containsPattern("(?m)^\\| photo posts \\| 20 \\|")
                .containsPattern("(?m)^\\| text posts \\| 0 \\|")
                .contains("DynamoDB requests per warm page: 0 in every run (target 0: met).")
                .contains("declares 40,000 x 40,000 pixels")
                .containsPattern("(?m)^\\| RSS \\(VmRSS\\) \\|")
                .containsPattern("(?m)^\\| heap used \\|")
                .contains("Bombs refused as too many pixels: 5 of 5 (every one)");
    }

    @Test
    void theBombIsAFewKilobytesThatClaimsFortyThousandPixelsASide() {
        byte[] bomb = MediaFixtures.pngBomb(40_000, 40_000, 100);

        assertThat(bomb.length).isBetween(1_000, 16_000);
        assertThat(new String(bomb, 12, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("IHDR");
        assertThat(java.nio.ByteBuffer.wrap(bomb, 16, 8).getInt()).isEqualTo(40_000);
    }

    @Test
    void thePhotoIsTheSameBytesForTheSameSeedAndCarriesNoExif() {
        byte[] one = MediaFixtures.photo(64, 48, 85, 7);

        assertThat(MediaFixtures.photo(64, 48, 85, 7)).isEqualTo(one);
        assertThat(one[0] & 0xff).isEqualTo(0xff);
        assertThat(one[1] & 0xff).isEqualTo(0xd8);
        assertThat(new String(one, java.nio.charset.StandardCharsets.ISO_8859_1)).doesNotContain("Exif");
    }
}
