package io.feedline.app.http;

import io.feedline.app.http.Representations.MediaView;
import io.feedline.app.web.MediaLinks;
import io.feedline.app.web.Uploads;
import io.feedline.ports.in.ManageMedia;
import io.feedline.ports.model.MediaAttachment;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/** Uploads: {@code POST /media}, a multipart body with the image as {@code file} and optional alt text as {@code description}. */
final class MediaResource {
    private final ManageMedia manageMedia;
    private final Uploads uploads;
    private final MediaLinks links;

    MediaResource(ManageMedia manageMedia, Uploads uploads, MediaLinks links) {
        this.manageMedia = manageMedia;
        this.uploads = uploads;
        this.links = links;
    }

    void upload(Context ctx) {
        var caller = Caller.of(ctx).required();
        Uploads.Form form;
        try {
            form = uploads.read(ctx);
        } catch (Uploads.Unreadable e) {
            throw HttpProblem.unprocessable("file-missing", "file", e.getMessage() + ", with the image as its file part");
        }
        InputStream file = form.file().orElseThrow(() ->
                HttpProblem.unprocessable("file-missing", "file", "the upload has no file part"));
        MediaAttachment media;
        try (file) {
            media = manageMedia.upload(caller, file, form.field("description"), Optional.empty());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ctx.status(201).json(MediaView.of(media, links));
    }
}
