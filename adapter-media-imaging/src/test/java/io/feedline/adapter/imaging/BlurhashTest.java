package io.feedline.adapter.imaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The blurhash, checked against the format's published definition with a decoder of the test's
 * own: the size character, the average colour (the DC component) and where the detail lies.
 */
class BlurhashTest {
    private static final String BASE83 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~";

    private static int decode83(String s) {
        int value = 0;
        for (char c : s.toCharArray()) {
            value = value * 83 + BASE83.indexOf(c);
        }
        return value;
    }

    /** The largest AC value the hash allows, as its second character encodes it. */
    private static double maxAc(String hash) {
        return (decode83(hash.substring(1, 2)) + 1) / 166.0;
    }

    /** Component (i, j)'s red, green and blue, each -1 to 1 times {@link #maxAc}. */
    private static double[] ac(String hash, int i, int j) {
        int index = j * 4 + i - 1;
        int value = decode83(hash.substring(6 + index * 2, 8 + index * 2));
        double max = maxAc(hash);
        return new double[] {
            signedSquare((value / (19 * 19)) / 9.0 - 1) * max,
            signedSquare(((value / 19) % 19) / 9.0 - 1) * max,
            signedSquare((value % 19) / 9.0 - 1) * max
        };
    }

    private static double signedSquare(double v) {
        return Math.copySign(v * v, v);
    }

    @ParameterizedTest(name = "a solid {0},{1},{2} averages to itself")
    @CsvSource({"255, 0, 0", "0, 128, 255", "30, 30, 30", "250, 240, 10"})
    void theAverageColourOfASolidImageIsItsColour(int r, int g, int b) {
        String hash = Previews.blurhash(TestImages.solid(120, 80, new Color(r, g, b)));

        int dc = decode83(hash.substring(2, 6));
        assertThat(dc >> 16).isEqualTo(r);
        assertThat((dc >> 8) & 0xFF).isEqualTo(g);
        assertThat(dc & 0xFF).isEqualTo(b);
        // The definition samples its cosines at pixel corners (cos(pi i x / w), x from 0), so a flat
        // image still sums to 2/w (2/h) on the first components: small, never the image's detail.
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                if (i + j > 0) {
                    for (double channel : ac(hash, i, j)) {
                        assertThat(Math.abs(channel)).as("component %d,%d of a flat image", i, j).isLessThan(0.06);
                    }
                }
            }
        }
    }

    @Test
    void fourByFourComponentsMakeThirtySixCharactersStartingWithTheirSize() {
        String hash = Previews.blurhash(TestImages.halves(64, 64, Color.WHITE, Color.BLACK));

        assertThat(hash).hasSize(4 + 2 * 16);
        assertThat(decode83(hash.substring(0, 1))).as("(x - 1) + (y - 1) * 9").isEqualTo(3 + 3 * 9);
        assertThat(hash.chars()).allMatch(c -> BASE83.indexOf(c) >= 0);
    }

    @Test
    void leftWhiteRightBlackLivesInTheFirstHorizontalComponentOnly() {
        String hash = Previews.blurhash(TestImages.halves(64, 64, Color.WHITE, Color.BLACK));

        double[] horizontal = ac(hash, 1, 0);
        double[] vertical = ac(hash, 0, 1);
        for (int c = 0; c < 3; c++) {
            assertThat(horizontal[c]).as("white on the left: cos(pi x) weighs it positive").isGreaterThan(0.3);
            assertThat(Math.abs(vertical[c])).isLessThan(horizontal[c] / 4);
        }
        int dc = decode83(hash.substring(2, 6));
        assertThat(dc >> 16).as("the average of white and black, in linear light, back to sRGB").isBetween(180, 195);
    }

    @Test
    void theHashDescribesTheImageNotItsSize() {
        String big = Previews.blurhash(TestImages.halves(640, 480, Color.RED, Color.BLUE));
        String small = Previews.blurhash(TestImages.halves(64, 48, Color.RED, Color.BLUE));

        assertThat(big.substring(0, 6)).isEqualTo(small.substring(0, 6));
    }
}
