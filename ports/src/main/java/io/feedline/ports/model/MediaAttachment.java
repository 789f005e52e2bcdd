package io.feedline.ports.model;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The record of one uploaded attachment: who uploaded it, where its two objects are stored (the
 * re-encoded original and the {@code small} preview, in a {@link io.feedline.ports.out.MediaStore}),
 * their shapes, its blurhash, the alt text and focal point its owner gave, and the post it is
 * attached to, if any. Once attached it no longer changes: a post carries a copy of it, so a
 * page of posts needs no read of media records (docs/adr/0024-media-records-and-attachment.md).
 */
public record MediaAttachment(
        MediaId id, UserId owner, MediaKind kind, MediaKey originalKey, MediaKey smallKey, MediaMeta original,
        MediaMeta small, String blurhash, Optional<MediaDescription> description, Focus focus, Instant createdAt,
        Optional<PostId> attachedTo) {

    public MediaAttachment {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(originalKey, "originalKey");
        Objects.requireNonNull(smallKey, "smallKey");
        Objects.requireNonNull(original, "original");
        Objects.requireNonNull(small, "small");
        Objects.requireNonNull(blurhash, "blurhash");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(focus, "focus");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(attachedTo, "attachedTo");
    }

    /** This attachment with other alt text and focal point. */
    public MediaAttachment described(Optional<MediaDescription> text, Focus point) {
        return new MediaAttachment(id, owner, kind, originalKey, smallKey, original, small, blurhash, text, point, createdAt,
                attachedTo);
    }

    /** This attachment as attached to {@code post}. */
    public MediaAttachment attachedTo(PostId post) {
        return new MediaAttachment(id, owner, kind, originalKey, smallKey, original, small, blurhash, description, focus,
                createdAt, Optional.of(post));
    }

    public boolean isAttached() {
        return attachedTo.isPresent();
    }
}
