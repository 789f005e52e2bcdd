package io.feedline.app.web;

import io.feedline.ports.model.FeedlineException;
import io.javalin.http.Context;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.http.Part;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.eclipse.jetty.http.HttpException;

/**
 * The multipart body of an upload route ({@code file}, and short text fields), read under the
 * media size limit instead of {@code http.max-request-size}: every other route keeps the small
 * limit. The parts are spooled to temporary files, not held in the heap, and the file is handed on
 * as a stream; the server deletes the spooled parts when the request ends.
 */
public final class Uploads {
    /** The attribute Jetty reads a request's multipart limits from (Javalin sets its own only when it is unset). */
    private static final String MULTIPART_CONFIG = "org.eclipse.jetty.multipartConfig";
    /** Room beside the file for the text fields and the parts' headers. */
    private static final long FIELDS_ALLOWANCE = 64 * 1024;
    /** A text field is read up to this many bytes; a description has at most 1,500 characters. */
    private static final int MAX_FIELD_BYTES = 16 * 1024;

    private final long maxFileBytes;

    /** @param maxFileBytes the largest file accepted ({@code media.max-image-bytes}) */
    public Uploads(long maxFileBytes) {
        if (maxFileBytes < 1) {
            throw new IllegalArgumentException("the upload limit must be positive");
        }
        this.maxFileBytes = maxFileBytes;
    }

    /** The largest file accepted, in bytes. */
    public long maxFileBytes() {
        return maxFileBytes;
    }

    /** The upload's parts; a part that is not there is empty. */
    public interface Form {
        /** The {@code file} part's bytes, not yet read. */
        default Optional<InputStream> file() {
            return file("file");
        }

        /** The bytes of the file part {@code name}, not yet read. */
        Optional<InputStream> file(String name);

        /** A text part, decoded as UTF-8. */
        Optional<String> field(String name);
    }

    /** The body could not be read as a multipart form (no boundary, cut short, not multipart at all). */
    public static final class Unreadable extends RuntimeException {
        Unreadable(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    /**
     * The request's form. A body past the limit is refused as {@code file} too large, before
     * anything is processed.
     *
     * @throws FeedlineException.MediaRejected if the body is larger than the limit allows
     * @throws Unreadable if the body is no readable multipart form
     */
    public Form read(Context ctx) {
        return read(ctx, 1);
    }

    /**
     * As {@link #read(Context)}, for a form of up to {@code files} file parts (a profile's avatar
     * and header), each under the limit.
     */
    public Form read(Context ctx, int files) {
        if (!isMultipart(ctx)) {
            throw new Unreadable("an upload is a multipart/form-data body", null);
        }
        long maxBody = files * maxFileBytes + FIELDS_ALLOWANCE;
        if (ctx.req().getContentLengthLong() > maxBody) {
            throw tooLarge();
        }
        ctx.req().setAttribute(MULTIPART_CONFIG, new MultipartConfigElement(
                System.getProperty("java.io.tmpdir"), maxFileBytes, maxBody, 0));
        try {
            // Reads the whole body; the file part is spooled to disk.
            ctx.req().getParts();
            return new Form() {
                @Override
                public Optional<InputStream> file(String name) {
                    return part(ctx, name).filter(part -> part.getSubmittedFileName() != null || part.getSize() > 0)
                            .map(Uploads::open);
                }

                @Override
                public Optional<String> field(String name) {
                    return part(ctx, name).map(Uploads::text);
                }
            };
        } catch (FeedlineException | Unreadable answered) {
            throw answered;
        } catch (Exception unreadable) {
            for (Throwable cause = unreadable; cause != null; cause = cause.getCause()) {
                if (cause instanceof HttpException http && http.getCode() == 413
                        || cause instanceof IllegalStateException && String.valueOf(cause.getMessage()).toLowerCase().contains("max")) {
                    throw tooLarge();
                }
            }
            throw new Unreadable("the body is no readable multipart form", unreadable);
        }
    }

    /** Whether the request's body is a multipart form, the only kind {@link #read} takes. */
    public static boolean isMultipart(Context ctx) {
        return Optional.ofNullable(ctx.contentType()).orElse("").toLowerCase(java.util.Locale.ROOT)
                .startsWith("multipart/form-data");
    }

    /** Closes a file part's stream, if there is one; a spooled part the server removes when the request ends anyway. */
    public static void close(Optional<InputStream> file) {
        file.ifPresent(in -> {
            try {
                in.close();
            } catch (IOException e) {
                // nothing held: the part is deleted with the request
            }
        });
    }

    private FeedlineException.MediaRejected tooLarge() {
        return new FeedlineException.MediaRejected(FeedlineException.MediaRejected.Reason.TOO_LARGE,
                "the file is larger than " + maxFileBytes + " bytes", maxFileBytes);
    }

    private static Optional<Part> part(Context ctx, String name) {
        try {
            return Optional.ofNullable(ctx.req().getPart(name));
        } catch (IOException | jakarta.servlet.ServletException e) {
            throw new Unreadable("the body is no readable multipart form", e);
        }
    }

    private static InputStream open(Part part) {
        try {
            return part.getInputStream();
        } catch (IOException e) {
            throw new Unreadable("the file part cannot be read", e);
        }
    }

    private static String text(Part part) {
        try (InputStream in = part.getInputStream()) {
            return new String(in.readNBytes(MAX_FIELD_BYTES), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Unreadable("a field cannot be read", e);
        }
    }
}
