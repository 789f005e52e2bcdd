package io.feedline.app.web;

import io.feedline.ports.in.ManageMedia;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.StoredMedia;
import io.javalin.http.Context;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Serves stored media under {@code /media/{folder}/{file}} when no public base URL puts a CDN in
 * front: the path after the leading slash is the object's key (each upload's objects are
 * {@code media/<folder>/<file>}). A key that is not one Feedline makes (a
 * {@code ..}, an empty segment, a backslash, anything {@link MediaKey} refuses) is simply not
 * found, so no path reaches outside the store. An object's key never changes its bytes (each
 * upload has a folder of its own), so it is cached for a year; its stored type is sent as it was
 * found in the bytes, never sniffed, and shown inline.
 */
public final class MediaFiles {
    static final String CACHE_CONTROL = "public, max-age=31536000, immutable";

    private final ManageMedia media;
    private final Supplier<RuntimeException> notFound;

    /** @param notFound what each API answers for a key with no object */
    public MediaFiles(ManageMedia media, Supplier<RuntimeException> notFound) {
        this.media = media;
        this.notFound = notFound;
    }

    /** The route: the key's two segments after {@code media/}. */
    public static final String ROUTE = "/media/{folder}/{file}";

    /** {@code GET /media/{folder}/{file}}. */
    public void serve(Context ctx) {
        StoredMedia stored = key("media/" + ctx.pathParam("folder") + "/" + ctx.pathParam("file")).flatMap(media::open).orElseThrow(notFound);
        ctx.status(200)
                .header("Content-Type", stored.contentType().value())
                .header("X-Content-Type-Options", "nosniff")
                .header("Cache-Control", CACHE_CONTROL)
                .header("Content-Disposition", "inline")
                .result(stored.content());
    }

    private static Optional<MediaKey> key(String raw) {
        try {
            return Optional.of(MediaKey.of(raw));
        } catch (FeedlineException.InvalidInput e) {
            return Optional.empty();
        }
    }
}
