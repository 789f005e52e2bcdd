package io.feedline.ports.model;

import java.util.Objects;

/**
 * An upload made safe to store and serve: the original re-encoded (turned upright, stripped of
 * every metadata), a {@code small} preview, and a blurhash a client paints while they load.
 * {@code detected} is the type found in the uploaded bytes, which may differ from what is stored
 * (a WebP photo is stored as JPEG).
 */
public record ProcessedMedia(MediaKind kind, ContentType detected, Rendition original, Rendition small, String blurhash) {

    public ProcessedMedia {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detected, "detected");
        Objects.requireNonNull(original, "original");
        Objects.requireNonNull(small, "small");
        Objects.requireNonNull(blurhash, "blurhash");
    }
}
