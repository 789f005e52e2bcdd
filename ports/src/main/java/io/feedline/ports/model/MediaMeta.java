package io.feedline.ports.model;

/** The shape of one stored rendition: its pixels and its length in bytes. */
public record MediaMeta(int width, int height, long length) {

    public MediaMeta {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("width and height must be positive: " + width + "x" + height);
        }
        if (length < 0) {
            throw new IllegalArgumentException("length must not be negative");
        }
    }

    /** Width over height. */
    public double aspect() {
        return (double) width / height;
    }

    /** {@code WIDTHxHEIGHT}, as Mastodon's {@code meta.*.size} spells it. */
    public String size() {
        return width + "x" + height;
    }
}
