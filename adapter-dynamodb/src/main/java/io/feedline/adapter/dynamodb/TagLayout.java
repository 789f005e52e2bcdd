package io.feedline.adapter.dynamodb;

import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;

/**
 * The key templates of tags and entity follows (the entities are {@link TableLayout.Entity}'s). An
 * entity is spelled {@code <KIND>#<key>} in keys (the kind upper-cased): {@code TAG#java}, and a
 * kind a deployment adds ({@code CITY#lisbon}) needs no new template.
 */
final class TagLayout {
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyyMMddHH").withZone(ZoneOffset.UTC);

    private TagLayout() {}

    private static Key key(TableLayout.Entity entity, String pkSuffix, String skSuffix) {
        return Key.builder().partitionValue(entity.pkPrefix + pkSuffix).sortValue(entity.skPrefix + skSuffix).build();
    }

    static String kind(EntityKind kind) {
        return kind.name().toUpperCase(Locale.ROOT);
    }

    /** {@code <KIND>#<key>}. */
    static String entity(EntityRef ref) {
        return kind(ref.kind()) + "#" + ref.key();
    }

    // --- the tag index

    /** AP30: a tag's post, written and deleted in the post's own transaction. */
    static Key tagPost(Tag tag, PostId post) {
        return key(TableLayout.Entity.TAG_POST, tag.value(), post.value());
    }

    /** AP30: a tag's page, newest first. */
    static QueryConditional tagPosts(Tag tag) {
        return QueryConditional.sortBeginsWith(k -> k.partitionValue(TableLayout.Entity.TAG_POST.pkPrefix + tag.value())
                .sortValue(TableLayout.Entity.TAG_POST.skPrefix));
    }

    // --- entity follows

    /** AP31: one edge; AP32 lists a reader's edges of one kind. */
    static Key edge(UserId reader, EntityRef entity) {
        return key(TableLayout.Entity.ENTITY_EDGE, reader.value(), entity(entity));
    }

    static QueryConditional following(UserId reader, EntityKind kind) {
        return QueryConditional.sortBeginsWith(k -> k.partitionValue(TableLayout.Entity.ENTITY_EDGE.pkPrefix + reader.value())
                .sortValue(TableLayout.Entity.ENTITY_EDGE.skPrefix + kind(kind) + "#"));
    }

    /** AP33: the entity's followers, in reader id order. */
    static Key followerEntry(EntityRef entity, UserId reader) {
        return key(TableLayout.Entity.ENTITY_FOLLOWER, entity(entity), reader.value());
    }

    static QueryConditional followers(EntityRef entity) {
        return QueryConditional.sortBeginsWith(k -> k.partitionValue(TableLayout.Entity.ENTITY_FOLLOWER.pkPrefix + entity(entity))
                .sortValue(TableLayout.Entity.ENTITY_FOLLOWER.skPrefix));
    }

    static Key counters(EntityRef entity) {
        return key(TableLayout.Entity.ENTITY_COUNTERS, entity(entity), "");
    }

    static Key followingCount(UserId reader, EntityKind kind) {
        return key(TableLayout.Entity.ENTITY_FOLLOWING_COUNT, reader.value(), kind(kind));
    }

    static Key hot(EntityRef entity) {
        return key(TableLayout.Entity.HOT_ENTITY, kind(entity.kind()), entity.key());
    }

    static QueryConditional hot(EntityKind kind) {
        return QueryConditional.keyEqualTo(k -> k.partitionValue(TableLayout.Entity.HOT_ENTITY.pkPrefix + kind(kind)));
    }

    // --- uses, names, trending

    static String hour(Instant at) {
        return HOUR.format(at);
    }

    /** AP35: a tag's uses in one hour; the hour's partition lists every tag used in it. */
    static Key use(Tag tag, Instant at) {
        return key(TableLayout.Entity.TAG_USE, hour(at), tag.value());
    }

    static QueryConditional usesInHour(Instant at) {
        return QueryConditional.keyEqualTo(k -> k.partitionValue(TableLayout.Entity.TAG_USE.pkPrefix + hour(at)));
    }

    /** AP36: a tag's uses ever, in its first character's bucket. */
    static Key name(Tag tag) {
        return key(TableLayout.Entity.TAG_NAME, tag.bucket(), tag.value());
    }

    static QueryConditional names(String prefix) {
        return QueryConditional.sortBeginsWith(k -> k.partitionValue(TableLayout.Entity.TAG_NAME.pkPrefix + Tag.bucketOf(prefix))
                .sortValue(prefix));
    }

    /** AP37: the precomputed ranking. */
    static Key trending() {
        return key(TableLayout.Entity.TRENDING, "", "");
    }
}
