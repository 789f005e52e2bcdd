package io.feedline.app.web;

import io.feedline.ports.model.MediaKey;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a stored object is fetched from: under {@code media.public-base-url} (a CDN or a public
 * bucket) when one is configured, else from Feedline itself, whose {@code /<key>} route serves the
 * filesystem store ({@link MediaFiles}). Keys begin with {@code media/}, so Feedline's media URLs
 * are {@code /media/...}.
 */
public final class MediaLinks {
    /** Served by Feedline, from the filesystem store. */
    public static final MediaLinks SERVED_HERE = new MediaLinks(Optional.empty());

    private final Optional<String> publicBase;

    public MediaLinks(Optional<URI> publicBase) {
        this.publicBase = Objects.requireNonNull(publicBase, "publicBase")
                .map(URI::toString)
                .map(base -> base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
    }

    /** Whether Feedline serves the objects itself (no public base URL). */
    public boolean servedHere() {
        return publicBase.isEmpty();
    }

    /**
     * The URL of {@code key}: under the public base, or under {@code localBase} (the scheme and host
     * a request came to; empty for a URL relative to the API's own address).
     */
    public String url(MediaKey key, String localBase) {
        return publicBase.orElse(localBase) + "/" + key.value();
    }
}
