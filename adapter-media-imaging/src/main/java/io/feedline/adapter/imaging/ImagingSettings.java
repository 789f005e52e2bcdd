package io.feedline.adapter.imaging;

import io.feedline.ports.model.FeedlineException;

/**
 * The bounds of image processing.
 *
 * @param maxBytes the largest upload read; one byte more is refused unread
 * @param maxPixels the most pixels an image's header may declare: it is decoded whole, at about 4
 *     bytes a pixel, so this bounds the heap one upload takes
 * @param smallLongSide the preview's longer side, in pixels
 * @param jpegQuality the quality of every JPEG written, 0 to 1
 */
public record ImagingSettings(long maxBytes, long maxPixels, int smallLongSide, float jpegQuality) {

    /** Mastodon's limit for images. */
    public static final long DEFAULT_MAX_BYTES = 16L * 1024 * 1024;
    /**
     * 50 Mpx takes a 48 Mpx phone photo (8064 x 6048) and bounds a decode to about 200 MB; a
     * 40,000 x 40,000 header (1.6 Gpx, 6.4 GB decoded) is refused before any pixel is read.
     */
    public static final long DEFAULT_MAX_PIXELS = 50_000_000L;
    /** Mastodon's {@code small}. */
    public static final int DEFAULT_SMALL_LONG_SIDE = 640;
    public static final float DEFAULT_JPEG_QUALITY = 0.85f;

    public static final ImagingSettings DEFAULTS =
            new ImagingSettings(DEFAULT_MAX_BYTES, DEFAULT_MAX_PIXELS, DEFAULT_SMALL_LONG_SIDE, DEFAULT_JPEG_QUALITY);

    public ImagingSettings {
        // Held in one array: no upload above what a byte[] can hold.
        if (maxBytes < 1 || maxBytes > Integer.MAX_VALUE - 16) {
            throw new FeedlineException.InvalidInput("media.max-image-bytes", "media.max-image-bytes must be 1 to 2 GB");
        }
        if (maxPixels < 1) {
            throw new FeedlineException.InvalidInput("media.max-image-pixels", "media.max-image-pixels must be positive");
        }
        if (smallLongSide < 16 || smallLongSide > 4096) {
            throw new FeedlineException.InvalidInput("media.small-long-side", "media.small-long-side must be 16 to 4096");
        }
        if (!(jpegQuality > 0 && jpegQuality <= 1)) {
            throw new FeedlineException.InvalidInput("media.jpeg-quality", "media.jpeg-quality must be above 0 and at most 1");
        }
    }
}
