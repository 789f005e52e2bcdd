package io.feedline.ports.fakes;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKind;
import io.feedline.ports.model.MediaMeta;
import io.feedline.ports.model.ProcessedMedia;
import io.feedline.ports.model.Rendition;
import io.feedline.ports.out.MediaProcessing;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * Processing for the domain's tests, without decoding: any non-empty file up to {@code maxBytes}
 * is a PNG "image" of 40 x 30 pixels, stored as its own bytes, with its first half as the preview.
 * It keeps the contract's refusals that the domain relies on (empty, too large) without the
 * imaging libraries, which only the product and their adapter's tests need.
 */
public final class FakeMediaProcessing implements MediaProcessing {
    private static final ContentType PNG = ContentType.of("image/png");
    private final long maxBytes;

    public FakeMediaProcessing(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    public FakeMediaProcessing() {
        this(16L << 20);
    }

    @Override
    public ProcessedMedia process(InputStream upload) {
        byte[] bytes;
        try {
            bytes = upload.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (bytes.length == 0) {
            throw new FeedlineException.MediaRejected(FeedlineException.MediaRejected.Reason.EMPTY, "the file is empty");
        }
        if (bytes.length > maxBytes) {
            throw new FeedlineException.MediaRejected(FeedlineException.MediaRejected.Reason.TOO_LARGE,
                    "the file is larger than " + maxBytes + " bytes", maxBytes);
        }
        byte[] small = Arrays.copyOf(bytes, Math.max(1, bytes.length / 2));
        return new ProcessedMedia(MediaKind.IMAGE, PNG, new Rendition(bytes, PNG, new MediaMeta(40, 30, bytes.length)),
                new Rendition(small, PNG, new MediaMeta(20, 15, small.length)), "L00000fQfQfQfQfQfQfQfQfQfQfQ");
    }
}
