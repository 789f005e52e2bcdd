package io.feedline.adapter.imaging;

import com.twelvemonkeys.imageio.stream.ByteArrayImageInputStream;
import io.feedline.ports.model.FeedlineException.MediaRejected;
import io.feedline.ports.model.FeedlineException.MediaRejected.Reason;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.event.IIOReadWarningListener;
import javax.imageio.stream.ImageInputStream;

/**
 * Decodes the first frame of an image, after its header passed the pixel bound. The header's width
 * and height come from the ImageIO reader without reading a pixel, so an image that claims
 * 40,000 x 40,000 is refused having cost a few hundred bytes of parsing. A decoder that warns (as
 * JPEG readers do at a premature end) or fails is taken as a damaged file: a half-grey photo is not
 * stored.
 */
final class ImageDecoder {
    private final long maxPixels;

    ImageDecoder(long maxPixels) {
        this.maxPixels = maxPixels;
    }

    BufferedImage decode(byte[] bytes, ImageFormat format) {
        // A reader holds state: a new one for each image, so processing may run on many threads.
        ImageReader reader = readerFor(format);
        try (ImageInputStream in = new ByteArrayImageInputStream(bytes)) {
            reader.setInput(in, true, true);
            requireAcceptablePixelCount(reader);
            List<String> warnings = new ArrayList<>();
            IIOReadWarningListener listener = (source, warning) -> warnings.add(warning);
            reader.addIIOReadWarningListener(listener);
            BufferedImage image;
            try {
                image = reader.read(0, reader.getDefaultReadParam());
            } catch (IOException | RuntimeException e) {
                throw damaged(format);
            }
            if (!warnings.isEmpty()) {
                throw damaged(format);
            }
            return image;
        } catch (IOException e) {
            throw damaged(format);
        } finally {
            reader.dispose();
        }
    }

    private void requireAcceptablePixelCount(ImageReader reader) {
        int width;
        int height;
        try {
            width = reader.getWidth(0);
            height = reader.getHeight(0);
        } catch (IOException | RuntimeException e) {
            throw new MediaRejected(Reason.TRUNCATED, "the file's image header cannot be read: the file is truncated or damaged");
        }
        if (width < 1 || height < 1) {
            throw new MediaRejected(Reason.TRUNCATED, "the file's image header declares no pixels: the file is damaged");
        }
        long pixels = (long) width * height;
        if (pixels > maxPixels) {
            throw new MediaRejected(Reason.TOO_MANY_PIXELS, "the image is " + width + "x" + height + ", " + pixels
                    + " pixels; at most " + maxPixels + " are accepted", maxPixels);
        }
    }

    private static ImageReader readerFor(ImageFormat format) {
        Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName(format.imageIoName());
        if (!readers.hasNext()) {
            // The readers are on the class path of every build: a missing one is a packaging fault.
            throw new IllegalStateException("no ImageIO reader for " + format + " (its plugin jar or service entry is missing)");
        }
        return readers.next();
    }

    private static MediaRejected damaged(ImageFormat format) {
        return new MediaRejected(Reason.TRUNCATED, "the file is a truncated or damaged " + format.name() + " image");
    }
}
