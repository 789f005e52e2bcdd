package io.feedline.adapter.imaging;

import io.feedline.ports.model.FeedlineException.MediaRejected;
import io.feedline.ports.model.FeedlineException.MediaRejected.Reason;
import io.feedline.ports.model.MediaKind;
import io.feedline.ports.model.ProcessedMedia;
import io.feedline.ports.model.Rendition;
import io.feedline.ports.out.MediaProcessing;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * Uploaded images made safe to store and serve (docs/adr/0023-media-store-and-processing.md):
 * <ol>
 *   <li>at most {@code maxBytes} are read, and one more byte is a refusal;</li>
 *   <li>the type is found in the bytes ({@link TypeDetection});</li>
 *   <li>the header's pixel count is checked before decoding ({@link ImageDecoder});</li>
 *   <li>the image is turned upright by its EXIF orientation ({@link Orientation});</li>
 *   <li>it is re-encoded with no metadata ({@link Encoder}): PNG for lossless sources and anything
 *       with transparency, JPEG otherwise; then a {@code small} preview and a blurhash
 *       ({@link Previews}).</li>
 * </ol>
 * Only the first frame of an animated GIF is kept. Safe for concurrent use; each call holds about
 * two decoded copies of its image.
 */
public final class ImageProcessing implements MediaProcessing {
    private final ImagingSettings settings;
    private final TypeDetection detection = new TypeDetection();
    private final ImageDecoder decoder;
    private final Encoder encoder;

    public ImageProcessing(ImagingSettings settings) {
        this.settings = Objects.requireNonNull(settings);
        this.decoder = new ImageDecoder(settings.maxPixels());
        this.encoder = new Encoder(settings.jpegQuality());
    }

    @Override
    public ProcessedMedia process(InputStream upload) {
        byte[] bytes = readAtMostTheLimit(upload);
        if (bytes.length == 0) {
            throw new MediaRejected(Reason.EMPTY, "the file is empty");
        }
        ImageFormat format = detection.detect(bytes);
        int orientation = Orientation.of(bytes);
        BufferedImage upright = Orientation.upright(decoder.decode(bytes, format), orientation);
        boolean asPng = format.lossless() || upright.getColorModel().hasAlpha();
        Rendition original = encoder.encode(upright, asPng);
        BufferedImage small = Previews.fit(upright, settings.smallLongSide());
        Rendition smallRendition = small == upright ? original : encoder.encode(small, asPng);
        return new ProcessedMedia(MediaKind.IMAGE, format.type(), original, smallRendition, Previews.blurhash(small));
    }

    private byte[] readAtMostTheLimit(InputStream upload) {
        byte[] bytes;
        try {
            bytes = upload.readNBytes((int) settings.maxBytes() + 1);
        } catch (IOException e) {
            throw new MediaRejected(Reason.TRUNCATED, "the upload ended before the file did");
        }
        if (bytes.length > settings.maxBytes()) {
            throw new MediaRejected(Reason.TOO_LARGE,
                    "the file is larger than " + settings.maxBytes() + " bytes, the most accepted for an image", settings.maxBytes());
        }
        return bytes;
    }
}
