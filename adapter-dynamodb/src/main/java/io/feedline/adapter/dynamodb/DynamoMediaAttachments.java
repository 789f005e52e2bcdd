package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.Focus;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaDescription;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.MediaKind;
import io.feedline.ports.model.MediaMeta;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.MediaAttachments;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Media records, one item each ({@code MEDIA#<id>} / {@code #MEDIA}), their fields as string
 * attributes: the same fields a post's item carries for each of its attachments
 * ({@link #fields}, {@link #attachment}). While a record is unattached it also carries GSI2 keys in
 * the {@code MEDIA_UNATTACHED} partition, by creation time, so that the expiry of unattached media
 * reads them oldest first without a scan. Attaching is an update in the post's publish
 * transaction ({@link #attachItem}): it sets {@code attachedTo} and drops the GSI2 keys, on the
 * condition that the record exists, is the author's and is unattached.
 */
final class DynamoMediaAttachments implements MediaAttachments {
    static final String ID = "mediaId";
    static final String OWNER = "ownerId";
    static final String KIND = "mediaKind";
    static final String ORIGINAL_KEY = "originalKey";
    static final String SMALL_KEY = "smallKey";
    static final String ORIGINAL_WIDTH = "originalWidth";
    static final String ORIGINAL_HEIGHT = "originalHeight";
    static final String ORIGINAL_LENGTH = "originalLength";
    static final String SMALL_WIDTH = "smallWidth";
    static final String SMALL_HEIGHT = "smallHeight";
    static final String SMALL_LENGTH = "smallLength";
    static final String BLURHASH = "blurhash";
    static final String DESCRIPTION = "description";
    static final String FOCUS_X = "focusX";
    static final String FOCUS_Y = "focusY";
    static final String CREATED = "mediaCreatedAt";
    static final String ATTACHED_TO = "attachedTo";

    private final TableAccess db;

    DynamoMediaAttachments(TableAccess db) {
        this.db = db;
    }

    /** AP51: a new record, put only if its id is free. */
    @Override
    public boolean save(MediaAttachment attachment) {
        if (attachment.isAttached()) {
            throw new IllegalArgumentException("a new record is unattached: " + attachment.id());
        }
        EnhancedDocument.Builder item = TableLayout.Entity.MEDIA.document(TableLayout.media(attachment.id()))
                .putString(TableLayout.GSI2_PK, TableLayout.MEDIA_UNATTACHED_PK)
                .putString(TableLayout.GSI2_SK, TableLayout.mediaUnattachedSk(attachment.createdAt().toEpochMilli(), attachment.id()));
        fields(attachment).forEach(item::putString);
        return db.conditionally("AP51_save_media", () -> db.putNewItem(item.build()));
    }

    /** AP52: one record by id, strongly consistent. */
    @Override
    public Optional<MediaAttachment> get(MediaId id) {
        return db.get("AP52_get_media", TableLayout.media(id)).map(DynamoMediaAttachments::attachment);
    }

    /** AP53: description and focus, while the record is its owner's and unattached. */
    @Override
    public boolean update(MediaAttachment changed) {
        Expressions update = Expressions.update();
        changed.description().ifPresentOrElse(
                text -> update.set(DESCRIPTION, AttributeValue.fromS(text.value())),
                () -> update.remove(DESCRIPTION));
        update.set(FOCUS_X, AttributeValue.fromS(Double.toString(changed.focus().x())))
                .set(FOCUS_Y, AttributeValue.fromS(Double.toString(changed.focus().y())))
                .when("attribute_exists(" + TableLayout.PK + ")")
                .when(update.name(OWNER) + " = " + update.value(AttributeValue.fromS(changed.owner().value())))
                .when("attribute_not_exists(" + update.name(ATTACHED_TO) + ")");
        return db.conditionally("AP53_update_media",
                () -> db.updateItem(TableLayout.media(changed.id()), update.build(), ReturnValue.NONE));
    }

    /** AP54: one page of GSI2's unattached partition, oldest first (eventually consistent). */
    @Override
    public List<MediaAttachment> unattachedBefore(Instant cutoff, int limit) {
        QueryEnhancedRequest request = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.unattachedMediaBefore(cutoff.toEpochMilli()))
                .scanIndexForward(true)
                .limit(limit)
                .build();
        return db.queryOutboxIndexPage("AP54_unattached_media", request).items().stream()
                .map(DynamoMediaAttachments::attachment)
                .toList();
    }

    /** AP55: the record, only while it is unattached. */
    @Override
    public boolean deleteUnattached(MediaId id) {
        Expressions condition = Expressions.condition();
        condition.when("attribute_exists(" + TableLayout.PK + ")")
                .when("attribute_not_exists(" + condition.name(ATTACHED_TO) + ")");
        return db.conditionally("AP55_delete_unattached_media", () -> db.deleteItem(TableLayout.media(id), condition.build()));
    }

    /** AP55: the record, whatever its state. */
    @Override
    public void delete(MediaId id) {
        db.run("AP55_delete_media", () -> db.deleteItem(TableLayout.media(id), Expressions.condition().build()));
    }

    /**
     * The publish transaction's item that attaches {@code media} to {@code post}: fails its condition
     * unless the record exists, belongs to the post's author and is not attached yet.
     */
    static TransactWriteItem attachItem(TableAccess db, MediaAttachment media, PostId post, UserId author) {
        Expressions update = Expressions.update();
        update.set(ATTACHED_TO, AttributeValue.fromS(post.value()))
                .remove(TableLayout.GSI2_PK)
                .remove(TableLayout.GSI2_SK)
                .when("attribute_exists(" + TableLayout.PK + ")")
                .when(update.name(OWNER) + " = " + update.value(AttributeValue.fromS(author.value())))
                .when("attribute_not_exists(" + update.name(ATTACHED_TO) + ")");
        return db.update(TableLayout.media(media.id()), update.build());
    }

    /** An attachment's fields as strings: a record item's attributes, and one entry of a post's media list. */
    static Map<String, String> fields(MediaAttachment media) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(ID, media.id().value());
        fields.put(OWNER, media.owner().value());
        fields.put(KIND, media.kind().name().toLowerCase(Locale.ROOT));
        fields.put(ORIGINAL_KEY, media.originalKey().value());
        fields.put(SMALL_KEY, media.smallKey().value());
        fields.put(ORIGINAL_WIDTH, Integer.toString(media.original().width()));
        fields.put(ORIGINAL_HEIGHT, Integer.toString(media.original().height()));
        fields.put(ORIGINAL_LENGTH, Long.toString(media.original().length()));
        fields.put(SMALL_WIDTH, Integer.toString(media.small().width()));
        fields.put(SMALL_HEIGHT, Integer.toString(media.small().height()));
        fields.put(SMALL_LENGTH, Long.toString(media.small().length()));
        fields.put(BLURHASH, media.blurhash());
        media.description().ifPresent(text -> fields.put(DESCRIPTION, text.value()));
        fields.put(FOCUS_X, Double.toString(media.focus().x()));
        fields.put(FOCUS_Y, Double.toString(media.focus().y()));
        fields.put(CREATED, media.createdAt().toString());
        media.attachedTo().ifPresent(post -> fields.put(ATTACHED_TO, post.value()));
        return fields;
    }

    static MediaAttachment attachment(EnhancedDocument item) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String name : List.of(ID, OWNER, KIND, ORIGINAL_KEY, SMALL_KEY, ORIGINAL_WIDTH, ORIGINAL_HEIGHT, ORIGINAL_LENGTH,
                SMALL_WIDTH, SMALL_HEIGHT, SMALL_LENGTH, BLURHASH, DESCRIPTION, FOCUS_X, FOCUS_Y, CREATED, ATTACHED_TO)) {
            if (item.isPresent(name)) {
                fields.put(name, item.getString(name));
            }
        }
        return attachment(fields);
    }

    static MediaAttachment attachment(Map<String, String> fields) {
        return new MediaAttachment(
                MediaId.of(fields.get(ID)),
                UserId.of(fields.get(OWNER)),
                MediaKind.valueOf(fields.get(KIND).toUpperCase(Locale.ROOT)),
                MediaKey.of(fields.get(ORIGINAL_KEY)),
                MediaKey.of(fields.get(SMALL_KEY)),
                new MediaMeta(Integer.parseInt(fields.get(ORIGINAL_WIDTH)), Integer.parseInt(fields.get(ORIGINAL_HEIGHT)),
                        Long.parseLong(fields.get(ORIGINAL_LENGTH))),
                new MediaMeta(Integer.parseInt(fields.get(SMALL_WIDTH)), Integer.parseInt(fields.get(SMALL_HEIGHT)),
                        Long.parseLong(fields.get(SMALL_LENGTH))),
                fields.get(BLURHASH),
                MediaDescription.ofNullable(fields.get(DESCRIPTION)),
                new Focus(Double.parseDouble(fields.get(FOCUS_X)), Double.parseDouble(fields.get(FOCUS_Y))),
                Instant.parse(fields.get(CREATED)),
                Optional.ofNullable(fields.get(ATTACHED_TO)).map(PostId::of));
    }
}
