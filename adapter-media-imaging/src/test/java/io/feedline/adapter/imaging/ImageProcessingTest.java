package io.feedline.adapter.imaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.MediaKind;
import io.feedline.ports.model.ProcessedMedia;
import io.feedline.ports.model.Rendition;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** What an accepted image becomes: its renditions, their types and shapes, in each format. */
class ImageProcessingTest {
    private final ImageProcessing processing = new ImageProcessing(ImagingSettings.DEFAULTS);

    static ProcessedMedia process(ImageProcessing processing, byte[] upload) {
        return processing.process(new ByteArrayInputStream(upload));
    }

    static BufferedImage decode(Rendition rendition) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(rendition.bytes()));
            assertThat(image).as("the rendition decodes").isNotNull();
            return image;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static void assertColourNear(int argb, Color expected) {
        Color actual = new Color(argb, true);
        assertThat(Math.abs(actual.getRed() - expected.getRed())).as("red of %s", actual).isLessThan(24);
        assertThat(Math.abs(actual.getGreen() - expected.getGreen())).as("green of %s", actual).isLessThan(24);
        assertThat(Math.abs(actual.getBlue() - expected.getBlue())).as("blue of %s", actual).isLessThan(24);
    }

    @Test
    void aLargeJpegIsKeptWholeAndGetsASmallPreviewOf640OnTheLongSide() {
        byte[] upload = TestImages.encode(TestImages.halves(2000, 1000, Color.RED, Color.BLUE), "jpeg");

        ProcessedMedia media = process(processing, upload);

        assertThat(media.kind()).isEqualTo(MediaKind.IMAGE);
        assertThat(media.detected().value()).isEqualTo("image/jpeg");
        assertThat(media.original().contentType().value()).isEqualTo("image/jpeg");
        assertThat(media.original().meta().size()).isEqualTo("2000x1000");
        assertThat(media.original().meta().aspect()).isEqualTo(2.0);
        assertThat(media.small().meta().size()).isEqualTo("640x320");
        assertThat(media.small().meta().length()).isEqualTo(media.small().bytes().length);
        BufferedImage small = decode(media.small());
        assertThat(small.getWidth()).isEqualTo(640);
        assertColourNear(small.getRGB(100, 160), Color.RED);
        assertColourNear(small.getRGB(540, 160), Color.BLUE);
    }

    @Test
    void aPortraitImageIsBoundedByItsHeight() {
        ProcessedMedia media = process(processing, TestImages.encode(TestImages.solid(900, 1800, Color.GREEN), "png"));

        assertThat(media.small().meta().size()).isEqualTo("320x640");
        assertThat(media.small().meta().aspect()).isEqualTo(0.5);
    }

    @Test
    void anImageAlreadySmallIsItsOwnPreview() {
        ProcessedMedia media = process(processing, TestImages.encode(TestImages.solid(300, 200, Color.ORANGE), "jpeg"));

        assertThat(media.small().meta().size()).isEqualTo("300x200");
        assertThat(media.small().bytes()).isEqualTo(media.original().bytes());
    }

    @Test
    void aPngStaysLosslessAndKeepsItsTransparency() {
        byte[] upload = TestImages.encode(TestImages.halfTransparent(64, 64, Color.MAGENTA), "png");

        ProcessedMedia media = process(processing, upload);

        assertThat(media.original().contentType().value()).isEqualTo("image/png");
        BufferedImage stored = decode(media.original());
        assertThat(stored.getRGB(10, 10)).isEqualTo(Color.MAGENTA.getRGB());
        assertThat(stored.getRGB(10, 50) >>> 24).as("alpha of the transparent half").isZero();
    }

    @Test
    void aGifIsStoredAsPngPixelForPixel() {
        ProcessedMedia media = process(processing, TestImages.encode(TestImages.halves(40, 20, Color.BLACK, Color.WHITE), "gif"));

        assertThat(media.detected().value()).isEqualTo("image/gif");
        assertThat(media.original().contentType().value()).isEqualTo("image/png");
        BufferedImage stored = decode(media.original());
        assertThat(stored.getRGB(5, 5)).isEqualTo(Color.BLACK.getRGB());
        assertThat(stored.getRGB(35, 5)).isEqualTo(Color.WHITE.getRGB());
    }

    @Test
    void aLossyWebpPhotoIsStoredAsJpeg() {
        ProcessedMedia media = process(processing, TestImages.fixture("red-blue-48x32.webp"));

        assertThat(media.detected().value()).isEqualTo("image/webp");
        assertThat(media.original().contentType().value()).isEqualTo("image/jpeg");
        assertThat(media.original().meta().size()).isEqualTo("48x32");
        BufferedImage stored = decode(media.original());
        assertColourNear(stored.getRGB(6, 16), Color.RED);
        assertColourNear(stored.getRGB(42, 16), Color.BLUE);
    }

    @Test
    void aWebpWithTransparencyIsStoredAsPng() {
        ProcessedMedia media = process(processing, TestImages.fixture("green-over-clear-48x32.webp"));

        assertThat(media.original().contentType().value()).isEqualTo("image/png");
        BufferedImage stored = decode(media.original());
        assertThat(stored.getRGB(24, 4)).isEqualTo(new Color(0, 200, 0).getRGB());
        assertThat(stored.getRGB(24, 28) >>> 24).as("alpha of the transparent half").isZero();
    }

    @Test
    void theTypeComesFromTheBytesAlone() {
        // A PNG is a PNG, whatever a client would have called it: the processor is never told.
        byte[] png = TestImages.encode(TestImages.solid(20, 20, Color.CYAN), "png");

        assertThat(process(processing, png).detected().value()).isEqualTo("image/png");
    }

    @Test
    void everyUploadGetsABlurhashOfMastodonsShape() {
        ProcessedMedia media = process(processing, TestImages.encode(TestImages.halves(200, 100, Color.RED, Color.BLUE), "jpeg"));

        assertThat(media.blurhash()).hasSize(36).startsWith("U");
    }
}
