package io.feedline.app.mastodon;

import io.feedline.app.web.Uploads;
import io.feedline.ports.in.ManageMedia;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Focus;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.UserId;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * Media: upload ({@code POST /api/v2/media}, and {@code /api/v1/media}, its older alias, alike),
 * read and describe one's own uploads. Uploads are processed before the answer, so v2 answers 200
 * with the URLs set, never 202. An upload is its uploader's alone: to anybody else it is not found.
 * Once attached to a status it no longer changes, as on Mastodon.
 */
final class MediaResource {
    private final ManageMedia manageMedia;
    private final Uploads uploads;
    private final Requests requests;

    MediaResource(ManageMedia manageMedia, Uploads uploads, Requests requests) {
        this.manageMedia = manageMedia;
        this.uploads = uploads;
        this.requests = requests;
    }

    void upload(Context ctx) {
        UserId caller = requests.user(ctx);
        Uploads.Form form;
        try {
            form = uploads.read(ctx);
        } catch (Uploads.Unreadable e) {
            throw MastodonError.validation("Validation failed: File " + e.getMessage());
        }
        InputStream file = form.file().orElseThrow(() -> MastodonError.validation("Validation failed: File can't be blank"));
        Optional<Focus> focus = form.field("focus").filter(f -> !f.isBlank()).map(Focus::parse);
        MediaAttachment media;
        try (file) {
            media = manageMedia.upload(caller, file, form.field("description"), focus);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ctx.json(requests.render(ctx).attachment(media));
    }

    void show(Context ctx) {
        ctx.json(requests.render(ctx).attachment(manageMedia.get(requests.user(ctx), id(ctx))));
    }

    /** {@code description} and {@code focus}, each only when sent; refused (404) once the upload is attached. */
    void update(Context ctx) {
        UserId caller = requests.user(ctx);
        Params params = requests.params(ctx);
        Optional<Focus> focus = params.first("focus").filter(f -> !f.isBlank()).map(Focus::parse);
        MediaAttachment media = manageMedia.describe(caller, id(ctx), params.first("description"), focus);
        ctx.json(requests.render(ctx).attachment(media));
    }

    private static MediaId id(Context ctx) {
        try {
            return MediaId.of(ctx.pathParam("id"));
        } catch (FeedlineException.InvalidInput e) {
            throw MastodonError.notFound();
        }
    }
}
