package io.feedline.ports.in;

import io.feedline.ports.model.Focus;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.StoredMedia;
import io.feedline.ports.model.UserId;
import java.io.InputStream;
import java.util.Optional;

/**
 * A user's uploads before they are posted: upload (processed, both renditions stored, the record
 * written), read and describe. Only the uploader sees or changes an upload; anybody else is told it
 * does not exist. Posting attaches uploads ({@link PublishPost}); after that they no longer change.
 */
public interface ManageMedia {

    /**
     * Processes {@code file} (not closed here), stores the re-encoded original and its preview, and
     * writes the unattached record.
     *
     * @throws io.feedline.ports.model.FeedlineException.MediaRejected if the file is no acceptable image
     * @throws io.feedline.ports.model.FeedlineException.InvalidInput naming {@code description} if it is too long
     */
    MediaAttachment upload(UserId caller, InputStream file, Optional<String> description, Optional<Focus> focus);

    /**
     * The caller's upload of this id, attached or not.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound naming {@code id} if there is none of the caller's
     */
    MediaAttachment get(UserId caller, MediaId id);

    /**
     * Sets the alt text (when given; blank clears it) and the focal point (when given) of the
     * caller's unattached upload.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound naming {@code id} if the caller has no such unattached upload
     * @throws io.feedline.ports.model.FeedlineException.InvalidInput naming {@code description} if it is too long
     */
    MediaAttachment describe(UserId caller, MediaId id, Optional<String> description, Optional<Focus> focus);

    /**
     * The stored object under {@code key} (an upload's original or preview, as its URL names it),
     * for anybody: a key holds a random part, so it is known only to whoever was shown it.
     */
    Optional<StoredMedia> open(MediaKey key);
}
