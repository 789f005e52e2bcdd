package io.feedline.adapter.imaging;

import static io.feedline.adapter.imaging.ImageProcessingTest.process;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FeedlineException.MediaRejected;
import io.feedline.ports.model.FeedlineException.MediaRejected.Reason;
import java.awt.Color;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every upload that is not an acceptable image is refused, naming why and the field {@code file}. */
class RefusalsTest {
    private final ImageProcessing processing = new ImageProcessing(ImagingSettings.DEFAULTS);

    private AbstractThrowableAssert<?, ? extends Throwable> refused(byte[] upload, Reason reason) {
        return assertThatThrownBy(() -> process(processing, upload))
                .isInstanceOfSatisfying(MediaRejected.class, e -> {
                    assertThat(e.reason()).isEqualTo(reason);
                    assertThat(e.field()).isEqualTo("file");
                });
    }

    @Test
    void anEmptyFileIsRefused() {
        refused(new byte[0], Reason.EMPTY).hasMessageContaining("empty");
    }

    @Test
    void aFileOverTheLimitIsRefusedHavingReadOneByteMore() {
        ImageProcessing small = new ImageProcessing(new ImagingSettings(1000, ImagingSettings.DEFAULT_MAX_PIXELS, 640, 0.85f));
        AtomicLong read = new AtomicLong();
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                read.incrementAndGet();
                return 0;
            }
        };

        assertThatThrownBy(() -> small.process(endless))
                .isInstanceOfSatisfying(MediaRejected.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.TOO_LARGE);
                    assertThat(e.limit()).hasValue(1000);
                });
        assertThat(read.get()).isEqualTo(1001);
    }

    @Test
    void anImageOfExactlyTheLimitIsAccepted() {
        byte[] png = TestImages.encode(TestImages.solid(8, 8, Color.RED), "png");
        ImageProcessing exact = new ImageProcessing(new ImagingSettings(png.length, ImagingSettings.DEFAULT_MAX_PIXELS, 640, 0.85f));

        assertThat(process(exact, png).original().meta().size()).isEqualTo("8x8");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"plain text, though a client may call it photo.jpg", "<html><body>hi</body></html>", "%PDF-1.7\n%..."})
    void bytesThatAreNoMediaAreOfUnknownType(String content) {
        refused(content.getBytes(StandardCharsets.UTF_8), Reason.UNKNOWN_TYPE).hasMessageContaining("not an image");
    }

    @Test
    void randomBytesAreOfUnknownType() {
        byte[] noise = new byte[4096];
        new java.util.SplittableRandom(7).nextBytes(noise);
        refused(noise, Reason.UNKNOWN_TYPE);
    }

    @Test
    void otherImageFormatsAreUnsupportedAndTheMessageSaysWhichAreAccepted() {
        refused(TestImages.encode(TestImages.solid(8, 8, Color.RED), "bmp"), Reason.UNSUPPORTED_TYPE)
                .hasMessageContaining("image/bmp").hasMessageContaining("JPEG, PNG, GIF or WebP");
        refused("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>".getBytes(StandardCharsets.UTF_8),
                Reason.UNSUPPORTED_TYPE).hasMessageContaining("svg");
    }

    @Test
    void videoIsRefusedSayingWhy() {
        // The start of an MP4 file: an ftyp box naming the brand.
        byte[] mp4 = new byte[64];
        byte[] box = {0, 0, 0, 0x18, 'f', 't', 'y', 'p', 'm', 'p', '4', '2', 0, 0, 0, 0, 'i', 's', 'o', 'm', 'm', 'p', '4', '2'};
        System.arraycopy(box, 0, mp4, 0, box.length);

        refused(mp4, Reason.UNSUPPORTED_TYPE).hasMessageContaining("video and audio are not accepted");
    }

    @Test
    void audioIsRefusedSayingWhy() {
        byte[] wav = "RIFF\u0024\0\0\0WAVEfmt \u0010\0\0\0\u0001\0\u0001\0\u0044\u00AC\0\0\u0088\u0058\u0001\0\u0002\0\u0010\0data\0\0\0\0"
                .getBytes(StandardCharsets.ISO_8859_1);

        refused(wav, Reason.UNSUPPORTED_TYPE).hasMessageContaining("audio");
    }

    /**
     * 40,000 x 40,000 is 4.8 GB of raster: a decoder would have allocated it and then found the data
     * short, so the reason proves the header was checked first.
     */
    @Test
    void aPngBombOfAFewBytesIsRefusedFromItsHeader() {
        byte[] bomb = TestImages.pngClaiming(40_000, 40_000);
        assertThat(bomb.length).as("the bomb's size").isLessThan(200);

        refused(bomb, Reason.TOO_MANY_PIXELS).hasMessageContaining("40000x40000")
                .satisfies(e -> assertThat(((MediaRejected) e).limit()).hasValue(ImagingSettings.DEFAULT_MAX_PIXELS));
    }

    @Test
    void aJpegClaimingHugeDimensionsIsRefusedFromItsHeader() {
        refused(TestImages.jpegClaiming(65_000, 65_000), Reason.TOO_MANY_PIXELS).hasMessageContaining("65000x65000");
    }

    @Test
    void aGifClaimingHugeDimensionsIsRefusedFromItsHeader() {
        refused(TestImages.gifClaiming(60_000, 60_000), Reason.TOO_MANY_PIXELS);
    }

    @Test
    void theBombBoundIsConfigurable() {
        ImageProcessing strict = new ImageProcessing(new ImagingSettings(ImagingSettings.DEFAULT_MAX_BYTES, 10_000, 640, 0.85f));

        assertThatThrownBy(() -> process(strict, TestImages.encode(TestImages.solid(101, 100, Color.RED), "png")))
                .isInstanceOfSatisfying(MediaRejected.class, e -> assertThat(e.reason()).isEqualTo(Reason.TOO_MANY_PIXELS));
        assertThat(process(strict, TestImages.encode(TestImages.solid(100, 100, Color.RED), "png")).original().meta().size())
                .isEqualTo("100x100");
    }

    @ParameterizedTest(name = "a {0} cut short is refused as truncated")
    @ValueSource(strings = {"png", "jpeg", "gif"})
    void aTruncatedImageIsRefused(String format) {
        byte[] whole = TestImages.encode(TestImages.halves(300, 200, Color.RED, Color.BLUE), format);

        refused(TestImages.firstBytes(whole, whole.length / 2), Reason.TRUNCATED).hasMessageContaining("truncated");
    }

    @Test
    void aWebpCutShortIsRefusedAsTruncated() {
        byte[] whole = TestImages.fixture("red-blue-48x32.webp");

        refused(TestImages.firstBytes(whole, whole.length - 30), Reason.TRUNCATED);
    }

    @Test
    void aHeaderAloneIsRefusedAsTruncated() {
        byte[] whole = TestImages.encode(TestImages.solid(300, 200, Color.RED), "png");

        refused(TestImages.firstBytes(whole, 40), Reason.TRUNCATED);
    }

    @Test
    void anUploadThatBreaksOffIsRefusedAsTruncated() {
        InputStream broken = new InputStream() {
            private int sent;

            @Override
            public int read() throws IOException {
                if (sent++ > 100) {
                    throw new IOException("connection reset");
                }
                return 0;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (sent > 100) {
                    throw new IOException("connection reset");
                }
                sent += len;
                return len;
            }
        };

        assertThatThrownBy(() -> processing.process(broken))
                .isInstanceOfSatisfying(MediaRejected.class, e -> assertThat(e.reason()).isEqualTo(Reason.TRUNCATED));
    }

    @Test
    void processingReadsFromTheStreamItIsGiven() {
        byte[] png = TestImages.encode(TestImages.solid(8, 8, Color.RED), "png");
        assertThat(processing.process(new ByteArrayInputStream(png)).original().contentType().value()).isEqualTo("image/png");
    }
}
