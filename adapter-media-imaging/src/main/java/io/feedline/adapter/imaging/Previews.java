package io.feedline.adapter.imaging;

import io.trbl.blurhash.BlurHash;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import net.coobird.thumbnailator.Thumbnails;

/** The smaller images made from the upright original: the {@code small} preview and the blurhash. */
final class Previews {
    /** A blurhash has a few components; computing them over more than this many pixels buys nothing. */
    private static final int BLURHASH_SOURCE_SIDE = 64;
    /** Mastodon's blurhash components, 4 by 4: 36 characters. */
    private static final int BLURHASH_COMPONENTS = 4;

    private Previews() {}

    /** {@code image} scaled down so that its longer side is at most {@code longSide}; itself if it fits. */
    static BufferedImage fit(BufferedImage image, int longSide) {
        if (Math.max(image.getWidth(), image.getHeight()) <= longSide) {
            return image;
        }
        try {
            return Thumbnails.of(image).size(longSide, longSide).keepAspectRatio(true)
                    .imageType(image.getType()).asBufferedImage();
        } catch (IOException e) {
            // Scaled in memory: an I/O failure here is a fault of ours, not of the upload.
            throw new UncheckedIOException(e);
        }
    }

    static String blurhash(BufferedImage image) {
        return BlurHash.encode(fit(image, BLURHASH_SOURCE_SIDE), BLURHASH_COMPONENTS, BLURHASH_COMPONENTS);
    }
}
