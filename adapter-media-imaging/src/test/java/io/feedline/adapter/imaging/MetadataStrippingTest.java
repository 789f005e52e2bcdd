package io.feedline.adapter.imaging;

import static io.feedline.adapter.imaging.ImageProcessingTest.assertColourNear;
import static io.feedline.adapter.imaging.ImageProcessingTest.decode;
import static io.feedline.adapter.imaging.ImageProcessingTest.process;
import static org.assertj.core.api.Assertions.assertThat;

import com.drew.imaging.ImageMetadataReader;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.GpsDirectory;
import io.feedline.ports.model.ProcessedMedia;
import io.feedline.ports.model.Rendition;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a phone's file tells about its owner does not survive processing; how it was held does. */
class MetadataStrippingTest {
    private final ImageProcessing processing = new ImageProcessing(ImagingSettings.DEFAULTS);

    private static Metadata metadata(byte[] bytes) {
        try {
            return ImageMetadataReader.readMetadata(new ByteArrayInputStream(bytes), bytes.length);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> directoryNames(byte[] bytes) {
        return StreamSupport.stream(metadata(bytes).getDirectories().spliterator(), false).map(Directory::getName).toList();
    }

    private static byte[] phonePhoto(int orientation) {
        byte[] plain = TestImages.encode(TestImages.quarters(400, 200), "jpeg");
        byte[] photo = TestImages.withApp1(plain, TestImages.exif(orientation));
        // The fixture really carries what must go: else the test below would pass on any output.
        Metadata before = metadata(photo);
        assertThat(before.getFirstDirectoryOfType(GpsDirectory.class).getGeoLocation()).as("the fixture's location").isNotNull();
        assertThat(before.getFirstDirectoryOfType(ExifIFD0Directory.class).getString(ExifIFD0Directory.TAG_MAKE)).isEqualTo("FeedlinePhone");
        return photo;
    }

    @Test
    void aJpegWithLocationAndCameraComesOutWithNoExifAtAll() {
        ProcessedMedia media = process(processing, phonePhoto(1));

        for (Rendition rendition : List.of(media.original(), media.small())) {
            Metadata after = metadata(rendition.bytes());
            assertThat(after.getFirstDirectoryOfType(GpsDirectory.class)).as("GPS").isNull();
            assertThat(after.getFirstDirectoryOfType(ExifIFD0Directory.class)).as("camera make, model, orientation").isNull();
            assertThat(directoryNames(rendition.bytes())).noneMatch(name -> name.startsWith("Exif") || name.equals("XMP")
                    || name.equals("ICC Profile") || name.equals("JpegComment"));
            String raw = new String(rendition.bytes(), StandardCharsets.ISO_8859_1);
            assertThat(raw).doesNotContain("FeedlinePhone").doesNotContain("Model 47").doesNotContain("Exif");
        }
    }

    /**
     * The fixture is 400x200: red top-left quarter, green top-right, blue bottom half. Each EXIF
     * orientation says how to turn it to be seen; after processing it is stored that way, so red
     * and green are found in the corners named, a different pair for each of the eight.
     */
    @ParameterizedTest(name = "orientation {0} is applied")
    @CsvSource({
        "1, 400x200, TL, TR",
        "2, 400x200, TR, TL",
        "3, 400x200, BR, BL",
        "4, 400x200, BL, BR",
        "5, 200x400, TL, BL",
        "6, 200x400, TR, BR",
        "7, 200x400, BR, TR",
        "8, 200x400, BL, TL"
    })
    void theOrientationIsAppliedBeforeItIsDropped(int orientation, String size, String red, String green) {
        ProcessedMedia media = process(processing, phonePhoto(orientation));

        assertThat(media.original().meta().size()).isEqualTo(size);
        BufferedImage stored = decode(media.original());
        assertColourNear(corner(stored, red), Color.RED);
        assertColourNear(corner(stored, green), Color.GREEN);
    }

    /** The colour at the middle of a quarter of {@code image}: TL, TR, BL or BR. */
    private static int corner(BufferedImage image, String corner) {
        int x = corner.charAt(1) == 'L' ? image.getWidth() / 4 : image.getWidth() * 3 / 4;
        int y = corner.charAt(0) == 'T' ? image.getHeight() / 4 : image.getHeight() * 3 / 4;
        return image.getRGB(x, y);
    }

    @Test
    void aPngsTextChunksAreDropped() throws Exception {
        BufferedImage image = TestImages.solid(32, 32, Color.YELLOW);
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        IIOMetadata pngMetadata = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(image), null);
        IIOMetadataNode text = new IIOMetadataNode("tEXt");
        IIOMetadataNode entry = new IIOMetadataNode("tEXtEntry");
        entry.setAttribute("keyword", "Location");
        entry.setAttribute("value", "48.8582 N 2.2945 E, home");
        text.appendChild(entry);
        IIOMetadataNode root = new IIOMetadataNode("javax_imageio_png_1.0");
        root.appendChild(text);
        pngMetadata.mergeTree("javax_imageio_png_1.0", root);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            writer.setOutput(stream);
            writer.write(new IIOImage(image, new ArrayList<>(), pngMetadata));
        }
        byte[] upload = out.toByteArray();
        assertThat(new String(upload, StandardCharsets.ISO_8859_1)).as("the fixture's text").contains("home");

        ProcessedMedia media = process(processing, upload);

        assertThat(new String(media.original().bytes(), StandardCharsets.ISO_8859_1)).doesNotContain("tEXt").doesNotContain("home");
    }
}
