package io.feedline.ports.model;

import java.util.Objects;

/**
 * An avatar or a header: an uploaded image processed as any upload is (re-encoded, no metadata,
 * docs/adr/0023-media-store-and-processing.md) and stored as two objects in the media store, the
 * bounded original and its small preview.
 */
public record ProfileImage(MediaKey original, MediaKey small) {
    public ProfileImage {
        Objects.requireNonNull(original, "original");
        Objects.requireNonNull(small, "small");
    }
}
