package io.feedline.domain.media;

import io.feedline.ports.in.ManageMedia;
import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Focus;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaDescription;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.ProcessedMedia;
import io.feedline.ports.model.ProfileImage;
import io.feedline.ports.model.Rendition;
import io.feedline.ports.model.StoredMedia;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.IdGenerator;
import io.feedline.ports.out.MediaAttachments;
import io.feedline.ports.out.MediaProcessing;
import io.feedline.ports.out.MediaStore;
import java.io.InputStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Uploads, whole: the file is processed (its type found in its bytes, re-encoded without metadata,
 * docs/adr/0023-media-store-and-processing.md), both renditions are stored, and then the record is
 * written, unattached. Objects stored for an upload whose record could not be written are removed
 * again. Reading and describing are the uploader's alone; to anybody else an upload does not exist.
 *
 * <p>Each upload's objects live under {@code media/<id>-<random>/}: the id sorts and names the
 * upload, and the random part keeps the path of an upload nobody was shown unguessable, since ids
 * of one millisecond follow each other.
 */
public final class MediaDesk implements ManageMedia {
    private static final HexFormat HEX = HexFormat.of();

    private final MediaProcessing processing;
    private final MediaStore store;
    private final MediaAttachments records;
    private final IdGenerator ids;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public MediaDesk(MediaProcessing processing, MediaStore store, MediaAttachments records, IdGenerator ids, Clock clock) {
        this.processing = processing;
        this.store = store;
        this.records = records;
        this.ids = ids;
        this.clock = clock;
    }

    @Override
    public MediaAttachment upload(UserId caller, InputStream file, Optional<String> description, Optional<Focus> focus) {
        // The description is checked before the file is processed, so a bad one costs no decode.
        Optional<MediaDescription> text = description.flatMap(MediaDescription::ofNullable);
        ProcessedMedia processed = processing.process(file);
        MediaId id = ids.newMediaId();
        String folder = "media/" + id.value() + "-" + token();
        MediaKey originalKey = MediaKey.of(folder + "/original." + extension(processed.original().contentType()));
        MediaKey smallKey = MediaKey.of(folder + "/small." + extension(processed.small().contentType()));
        MediaAttachment attachment = new MediaAttachment(id, caller, processed.kind(), originalKey, smallKey,
                processed.original().meta(), processed.small().meta(), processed.blurhash(), text,
                focus.orElse(Focus.CENTRE), clock.instant().truncatedTo(ChronoUnit.MILLIS), Optional.empty());
        try {
            put(originalKey, processed.original());
            put(smallKey, processed.small());
            if (!records.save(attachment)) {
                throw new IllegalStateException("media id " + id + " was taken");
            }
        } catch (RuntimeException e) {
            forget(List.of(originalKey, smallKey), e);
            throw e;
        }
        return attachment;
    }

    /**
     * An avatar or a header of {@code owner}: processed as an upload is, both renditions stored
     * under {@code media/profile-<user>-<random>/} (served as uploads are), with no media record (a profile names its objects).
     */
    public ProfileImage storeProfileImage(UserId owner, InputStream file) {
        ProcessedMedia processed = processing.process(file);
        String folder = "media/profile-" + owner.value() + "-" + token();
        ProfileImage image = new ProfileImage(
                MediaKey.of(folder + "/original." + extension(processed.original().contentType())),
                MediaKey.of(folder + "/small." + extension(processed.small().contentType())));
        try {
            put(image.original(), processed.original());
            put(image.small(), processed.small());
        } catch (RuntimeException e) {
            forget(List.of(image.original(), image.small()), e);
            throw e;
        }
        return image;
    }

    /**
     * Deletes uploads never attached that are older than {@code ttl}, at most {@code limit} of them,
     * oldest first; answers how many went. The record goes first, on the condition that it is still
     * unattached (a publish that attached it meanwhile wins), then its two objects. Many workers may
     * sweep at once: a record only one of them deletes, and deleting an object twice is harmless. A
     * crash between the two leaves objects no record names, never a post without its media.
     */
    public int expireUnattached(Duration ttl, int limit) {
        int expired = 0;
        for (MediaAttachment upload : records.unattachedBefore(clock.instant().minus(ttl), limit)) {
            if (records.deleteUnattached(upload.id())) {
                RuntimeException failure = new IllegalStateException("the objects of expired upload " + upload.id() + " stay");
                forget(List.of(upload.originalKey(), upload.smallKey()), failure);
                if (failure.getSuppressed().length > 0) {
                    throw failure;
                }
                expired++;
            }
        }
        return expired;
    }

    /**
     * Deletes an attachment of a deleted post: its two objects, then its record (a {@link
     * io.feedline.ports.model.FanoutJob.PurgeMedia}). The record goes last, so a failure part way
     * leaves it naming what remains and a rerun deletes that; once it is gone, a rerun does nothing.
     */
    public void purge(MediaId id) {
        records.get(id).ifPresent(record -> {
            RuntimeException failure = new IllegalStateException("the objects of deleted attachment " + id + " stay");
            forget(List.of(record.originalKey(), record.smallKey()), failure);
            if (failure.getSuppressed().length > 0) {
                throw failure;
            }
            records.delete(id);
        });
    }

    /**
     * Deletes an avatar's or a header's two objects once no profile names them. A failure is left
     * for what it is, objects nobody is shown: the edit that replaced them has committed.
     */
    public void forgetProfileImage(ProfileImage image) {
        RuntimeException failure = new IllegalStateException("the replaced profile image stays");
        forget(List.of(image.original(), image.small()), failure);
    }

    @Override
    public MediaAttachment get(UserId caller, MediaId id) {
        return owned(caller, id);
    }

    @Override
    public MediaAttachment describe(UserId caller, MediaId id, Optional<String> description, Optional<Focus> focus) {
        MediaAttachment current = owned(caller, id);
        if (current.isAttached()) {
            throw notFound();
        }
        MediaAttachment changed = current.described(
                description.isPresent() ? MediaDescription.ofNullable(description.get()) : current.description(),
                focus.orElse(current.focus()));
        // Conditioned on still being unattached: a publish that attached it meanwhile wins.
        if (!records.update(changed)) {
            throw notFound();
        }
        return changed;
    }

    @Override
    public Optional<StoredMedia> open(MediaKey key) {
        return store.get(key);
    }

    /**
     * The caller's uploads of these ids, in their order, for a post to attach: each known, the
     * caller's and not attached yet. The publish's own write checks the same again, atomically.
     *
     * @throws FeedlineException.MediaUnavailable naming {@code mediaIds} otherwise
     */
    public List<MediaAttachment> attachable(UserId caller, List<MediaId> ids) {
        return ids.stream()
                .map(id -> records.get(id)
                        .filter(media -> media.owner().equals(caller) && !media.isAttached())
                        .orElseThrow(() -> new FeedlineException.MediaUnavailable("mediaIds",
                                "media " + id.value() + " is no unattached upload of yours")))
                .toList();
    }

    private MediaAttachment owned(UserId caller, MediaId id) {
        return records.get(id).filter(media -> media.owner().equals(caller)).orElseThrow(MediaDesk::notFound);
    }

    private static FeedlineException.NotFound notFound() {
        return new FeedlineException.NotFound("media", "no such upload of yours", "id");
    }

    private void put(MediaKey key, Rendition rendition) {
        store.put(key, rendition.bytes(), rendition.contentType());
    }

    private void forget(List<MediaKey> keys, RuntimeException cause) {
        for (MediaKey key : keys) {
            try {
                store.delete(key);
            } catch (RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
    }

    private String token() {
        byte[] bytes = new byte[10];
        random.nextBytes(bytes);
        return HEX.formatHex(bytes);
    }

    /** The file name ending of a stored rendition's type: what a browser saving it expects. */
    static String extension(ContentType type) {
        return switch (type.value()) {
            case "image/jpeg" -> "jpg";
            case "image/png" -> "png";
            case "image/gif" -> "gif";
            case "image/webp" -> "webp";
            default -> "bin";
        };
    }
}
