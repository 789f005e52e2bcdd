package io.feedline.adapter.imaging;

import io.feedline.ports.model.FeedlineException.MediaRejected;
import io.feedline.ports.model.FeedlineException.MediaRejected.Reason;
import java.util.Map;
import java.util.Set;
import org.apache.tika.Tika;

/**
 * The upload's type, from its bytes alone (Tika's magic-byte detection): no client content type or
 * file name is given to it, so none can lie. Anything but the four image formats is refused, naming
 * what was found.
 */
final class TypeDetection {
    private static final Map<String, ImageFormat> ACCEPTED = Map.of(
            "image/jpeg", ImageFormat.JPEG,
            "image/png", ImageFormat.PNG,
            "image/gif", ImageFormat.GIF,
            "image/webp", ImageFormat.WEBP);
    /** Containers Tika names under application/ that hold video or audio. */
    private static final Set<String> AUDIOVISUAL = Set.of(
            "application/mp4", "application/ogg", "application/x-matroska", "application/vnd.rn-realmedia");

    private final Tika tika = new Tika();

    ImageFormat detect(byte[] upload) {
        String found = tika.detect(upload);
        ImageFormat format = ACCEPTED.get(found);
        if (format != null) {
            return format;
        }
        if (found.startsWith("video/") || found.startsWith("audio/") || AUDIOVISUAL.contains(found)) {
            // The ADR's decision: no video or audio until their metadata can be stripped as an image's is.
            throw new MediaRejected(Reason.UNSUPPORTED_TYPE, "the file is " + found
                    + ": video and audio are not accepted, since their metadata (such as a phone's location) cannot be removed yet");
        }
        if (found.startsWith("image/")) {
            throw new MediaRejected(Reason.UNSUPPORTED_TYPE, "the file is " + found + ": images are accepted as JPEG, PNG, GIF or WebP");
        }
        throw new MediaRejected(Reason.UNKNOWN_TYPE, "the file is not an image, video or audio file (its bytes read as " + found + ")");
    }
}
