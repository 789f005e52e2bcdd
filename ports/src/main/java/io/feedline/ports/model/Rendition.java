package io.feedline.ports.model;

import java.util.Objects;

/** One encoded image ready to store: the bytes, their type and their shape. */
public record Rendition(byte[] bytes, ContentType contentType, MediaMeta meta) {

    public Rendition {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(meta, "meta");
        if (meta.length() != bytes.length) {
            throw new IllegalArgumentException("meta.length " + meta.length() + " is not the " + bytes.length + " bytes");
        }
    }

    @Override
    public String toString() {
        return "Rendition[" + contentType + ", " + meta + "]";
    }
}
