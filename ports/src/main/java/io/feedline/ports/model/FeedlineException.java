package io.feedline.ports.model;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Every failure the core reports. Sealed so that the one place mapping errors to the wire (the HTTP
 * layer) is forced by the compiler to handle each kind.
 */
public abstract sealed class FeedlineException extends RuntimeException {

    private FeedlineException(String message, Throwable cause) {
        super(message, cause, false, cause != null);
    }

    /** A value broke an invariant. {@code field} names the input, as the client spelled it. */
    public static final class InvalidInput extends FeedlineException {
        private final String field;

        public InvalidInput(String field, String message) {
            super(message, null);
            this.field = Objects.requireNonNull(field);
        }

        public String field() {
            return field;
        }
    }

    /** The thing asked for does not exist, or the caller may not know that it does. */
    public static final class NotFound extends FeedlineException {
        private final String resource;
        private final String field;

        public NotFound(String resource, String message) {
            this(resource, message, null);
        }

        /** Not found through a reference the client sent in {@code field} (say, the post replied to). */
        public NotFound(String resource, String message, String field) {
            super(message, null);
            this.resource = resource;
            this.field = field;
        }

        public String resource() {
            return resource;
        }

        /** The input that named the missing thing, when the client named it in a body. */
        public Optional<String> field() {
            return Optional.ofNullable(field);
        }
    }

    /** The caller is known but may not do this. */
    public static final class Forbidden extends FeedlineException {
        public Forbidden(String message) {
            super(message, null);
        }
    }

    /** Credentials did not match. Deliberately says nothing about which part was wrong. */
    public static final class InvalidCredentials extends FeedlineException {
        public InvalidCredentials() {
            super("username or password is wrong", null);
        }
    }

    /** A case-insensitive duplicate of a unique username. */
    public static final class UsernameTaken extends FeedlineException {
        public UsernameTaken(Username username) {
            super("username '" + username.value() + "' is taken", null);
        }
    }

    /** A case-insensitive duplicate of a unique email. */
    public static final class EmailTaken extends FeedlineException {
        public EmailTaken() {
            super("email is already registered", null);
        }
    }

    /**
     * The author already has an article (or a draft) under this slug. The publish takes the next
     * free suffix itself; this reaches the caller only when a bounded number of tries all lost.
     */
    public static final class SlugTaken extends FeedlineException {
        private final Slug slug;

        public SlugTaken(Slug slug) {
            super("the slug '" + slug.value() + "' is taken among the author's articles", null);
            this.slug = Objects.requireNonNull(slug);
        }

        public Slug slug() {
            return slug;
        }
    }

    /** The same idempotency key was sent with a different request body. */
    public static final class IdempotencyKeyReused extends FeedlineException {
        public IdempotencyKeyReused() {
            super("Idempotency-Key was already used with a different request", null);
        }
    }

    /** The first request with this idempotency key has not finished yet. */
    public static final class IdempotencyInProgress extends FeedlineException {
        private final Duration retryAfter;

        public IdempotencyInProgress(Duration retryAfter) {
            super("a request with this Idempotency-Key is still in progress", null);
            this.retryAfter = retryAfter;
        }

        public Duration retryAfter() {
            return retryAfter;
        }
    }

    /**
     * A bounded resource (such as the password-hashing slots) is full: the request was refused before
     * it cost anything, and may be retried after {@code retryAfter}.
     */
    public static final class Overloaded extends FeedlineException {
        private final Duration retryAfter;

        public Overloaded(String message, Duration retryAfter) {
            super(message, null);
            this.retryAfter = retryAfter;
        }

        public Duration retryAfter() {
            return retryAfter;
        }
    }

    /**
     * The request would take the caller past a configured limit on what one account may hold.
     * {@code limit} names the setting (for example {@code graph.max-following}); {@code field}
     * names the input that asked for more.
     */
    public static final class LimitReached extends FeedlineException {
        private final String limit;
        private final long max;
        private final String field;

        public LimitReached(String limit, long max, String field, String message) {
            super(message, null);
            this.limit = Objects.requireNonNull(limit);
            this.max = max;
            this.field = Objects.requireNonNull(field);
        }

        public String limit() {
            return limit;
        }

        public long max() {
            return max;
        }

        public String field() {
            return field;
        }
    }

    /**
     * An upload was refused for what its bytes are, before anything was stored. {@code field} names
     * the multipart part that carried it ({@code file}); {@code limit} is the configured bound that
     * was passed, in bytes or pixels, for the two reasons that have one.
     */
    public static final class MediaRejected extends FeedlineException {
        /** Why an upload was refused. */
        public enum Reason {
            /** No bytes at all. */
            EMPTY,
            /** The bytes are no image, video or audio file that Feedline recognises. */
            UNKNOWN_TYPE,
            /** A recognised type that is not accepted (video, audio, and images other than JPEG, PNG, GIF, WebP). */
            UNSUPPORTED_TYPE,
            /** The bytes stop or break before the image ends. */
            TRUNCATED,
            /** The header declares more pixels than may be decoded (a decompression bomb, or just too big). */
            TOO_MANY_PIXELS,
            /** More bytes than the configured maximum. */
            TOO_LARGE
        }

        private final Reason reason;
        private final String field;
        private final long limit;

        public MediaRejected(Reason reason, String message) {
            this(reason, message, -1);
        }

        public MediaRejected(Reason reason, String message, long limit) {
            this(reason, message, limit, "file");
        }

        private MediaRejected(Reason reason, String message, long limit, String field) {
            super(message, null);
            this.reason = Objects.requireNonNull(reason);
            this.field = Objects.requireNonNull(field);
            this.limit = limit;
        }

        /** The same refusal, of the file sent as {@code name} (an avatar, a header). */
        public MediaRejected inField(String name) {
            return new MediaRejected(reason, getMessage(), limit, name);
        }

        public Reason reason() {
            return reason;
        }

        public String field() {
            return field;
        }

        /** The bound that was passed (bytes for {@code TOO_LARGE}, pixels for {@code TOO_MANY_PIXELS}). */
        public OptionalLong limit() {
            return limit < 0 ? OptionalLong.empty() : OptionalLong.of(limit);
        }
    }

    /**
     * A post named an attachment it may not carry: unknown, uploaded by someone else, or already
     * attached to a post. {@code field} names the input that listed it; nothing was written.
     */
    public static final class MediaUnavailable extends FeedlineException {
        private final String field;

        public MediaUnavailable(String field, String message) {
            super(message, null);
            this.field = Objects.requireNonNull(field);
        }

        public String field() {
            return field;
        }
    }

    /** Two writers raced for the same item and this one lost after its retries. */
    public static final class WriteConflict extends FeedlineException {
        public WriteConflict(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * A storage engine failed or timed out. {@code component} names the port ("timelines", "users",
     * ...). Adapters wrap every driver exception in this, so no driver type crosses a port.
     */
    public static final class StorageUnavailable extends FeedlineException {
        private final String component;

        public StorageUnavailable(String component, String message, Throwable cause) {
            super(component + ": " + message, cause);
            this.component = component;
        }

        public String component() {
            return component;
        }
    }
}
