package io.feedline.ports.out;

import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The records of uploaded attachments, stored with the posts. Attaching is not a call of its own:
 * {@link Posts#publish} attaches a post's {@link io.feedline.ports.model.Post#media} in the post's
 * own atomic write, each only if it exists, belongs to the post's author and is not attached yet;
 * otherwise it throws {@link io.feedline.ports.model.FeedlineException.MediaUnavailable} naming
 * {@code mediaIds} and writes nothing. Reads by id are strongly consistent; the list of unattached
 * records may lag a write by a moment, which the conditional {@link #deleteUnattached} makes harmless.
 */
public interface MediaAttachments {

    /** Stores a new, unattached record; false (and nothing changed) if its id is taken. */
    boolean save(MediaAttachment attachment);

    /** The record of this id, attached or not. */
    Optional<MediaAttachment> get(MediaId id);

    /**
     * Replaces the description and focus of {@code changed}'s record, only while that record
     * exists, has the same owner and is not attached; false (and nothing changed) otherwise.
     */
    boolean update(MediaAttachment changed);

    /** Unattached records created strictly before {@code cutoff}, oldest first, at most {@code limit}. */
    List<MediaAttachment> unattachedBefore(Instant cutoff, int limit);

    /** Deletes the record only while it is not attached; false if it was attached or gone. */
    boolean deleteUnattached(MediaId id);

    /** Deletes the record, attached or not; deleting a missing one is harmless. */
    void delete(MediaId id);
}
