package io.feedline.adapter.imaging;

import com.drew.imaging.ImageMetadataReader;
import com.drew.imaging.ImageProcessingException;
import com.drew.metadata.Metadata;
import com.drew.metadata.MetadataException;
import com.drew.metadata.exif.ExifIFD0Directory;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Turns an image upright by its EXIF orientation (read with metadata-extractor), since the
 * re-encoded file carries no EXIF to tell a viewer how to turn it. The result is always a fresh
 * sRGB image (with alpha only if the source has it), the one shape every later step takes.
 */
final class Orientation {
    private Orientation() {}

    /** The EXIF orientation, 1 (as stored) to 8; 1 when there is none or it cannot be read. */
    static int of(byte[] bytes) {
        try {
            Metadata metadata = ImageMetadataReader.readMetadata(new ByteArrayInputStream(bytes), bytes.length);
            ExifIFD0Directory ifd0 = metadata.getFirstDirectoryOfType(ExifIFD0Directory.class);
            if (ifd0 != null && ifd0.containsTag(ExifIFD0Directory.TAG_ORIENTATION)) {
                int orientation = ifd0.getInt(ExifIFD0Directory.TAG_ORIENTATION);
                return orientation >= 1 && orientation <= 8 ? orientation : 1;
            }
        } catch (ImageProcessingException | IOException | MetadataException | RuntimeException e) {
            // Unreadable metadata changes nothing about the pixels: they are shown as stored.
        }
        return 1;
    }

    /** {@code image} drawn upright into a new sRGB image. */
    static BufferedImage upright(BufferedImage image, int orientation) {
        int w = image.getWidth();
        int h = image.getHeight();
        boolean turned = orientation >= 5;
        // Each case maps a source pixel (x, y) to where it is seen: EXIF 2 mirrors, 6 turns 90 degrees
        // clockwise, and so on (the TIFF 6.0 Orientation tag).
        AffineTransform t = switch (orientation) {
            case 2 -> new AffineTransform(-1, 0, 0, 1, w, 0);
            case 3 -> new AffineTransform(-1, 0, 0, -1, w, h);
            case 4 -> new AffineTransform(1, 0, 0, -1, 0, h);
            case 5 -> new AffineTransform(0, 1, 1, 0, 0, 0);
            case 6 -> new AffineTransform(0, 1, -1, 0, h, 0);
            case 7 -> new AffineTransform(0, -1, -1, 0, h, w);
            case 8 -> new AffineTransform(0, -1, 1, 0, 0, w);
            default -> new AffineTransform();
        };
        int type = image.getColorModel().hasAlpha() ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB;
        BufferedImage upright = new BufferedImage(turned ? h : w, turned ? w : h, type);
        Graphics2D g = upright.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_NEAREST_NEIGHBOR);
            g.drawImage(image, t, null);
        } finally {
            g.dispose();
        }
        return upright;
    }
}
