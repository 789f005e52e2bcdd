package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.AUTHOR_ID;
import static io.feedline.adapter.dynamodb.TableLayout.COMPUTED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.POST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.RANKING;
import static io.feedline.adapter.dynamodb.TableLayout.TAG;
import static io.feedline.adapter.dynamodb.TableLayout.USES;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TagIndex;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * The tag index: a tag's posts ({@code TAG#<tag>} / {@code POST#<id>}, written in the post's
 * publish transaction by {@link DynamoPosts}), its uses per UTC hour ({@code TAGUSE#<yyyyMMddHH>} /
 * {@code <tag>}) and ever ({@code TAGNAME#<first character>} / {@code <tag>}, the autocomplete
 * entry), each moved by one UpdateItem ADD, and the precomputed ranking ({@code TRENDING} /
 * {@code #24H}, one item holding {@code <uses> <tag>} strings).
 */
final class DynamoTagIndex implements TagIndex {
    private final TableAccess db;

    DynamoTagIndex(TableAccess db) {
        this.db = db;
    }

    /** A tagged post's entry in its tag's partition. */
    static EnhancedDocument entry(Tag tag, PostRef post) {
        return TableLayout.Entity.TAG_POST.document(TagLayout.tagPost(tag, post.postId()))
                .putString(POST_ID, post.postId().value())
                .putString(AUTHOR_ID, post.authorId().value())
                .putString(TAG, tag.value())
                .build();
    }

    /** The tags stored on a post item (posts written before tags have none). */
    static List<Tag> tags(EnhancedDocument item) {
        return item.isPresent(TableLayout.TAGS)
                ? item.getList(TableLayout.TAGS, EnhancedType.of(String.class)).stream().map(Tag::new).toList()
                : List.of();
    }

    static void putTags(EnhancedDocument.Builder document, Post post) {
        if (!post.tags().isEmpty()) {
            document.putList(TableLayout.TAGS, post.tags().stream().map(Tag::value).toList(), EnhancedType.of(String.class));
        }
    }

    @Override
    public List<PostRef> posts(Tag tag, Optional<PostId> before, int limit) {
        QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder()
                .queryConditional(TagLayout.tagPosts(tag))
                .scanIndexForward(false)
                .consistentRead(true)
                .attributesToProject(TableLayout.PK, TableLayout.SK, POST_ID, AUTHOR_ID)
                .limit(limit);
        before.ifPresent(id -> request.exclusiveStartKey(TableLayout.keyMap(TagLayout.tagPost(tag, id))));
        return db.queryPage("AP30_tag_posts", request.build()).items().stream()
                .map(item -> new PostRef(PostId.of(item.getString(POST_ID)), UserId.of(item.getString(AUTHOR_ID))))
                .toList();
    }

    @Override
    public void recordUse(Tag tag, Instant at) {
        db.run("AP35_tag_use", () -> db.updateItem(TagLayout.use(tag, at), count(TableLayout.Entity.TAG_USE, tag), ReturnValue.NONE));
        db.run("AP35_tag_use", () -> db.updateItem(TagLayout.name(tag), count(TableLayout.Entity.TAG_NAME, tag), ReturnValue.NONE));
    }

    private static Expressions.Update count(TableLayout.Entity entity, Tag tag) {
        return Expressions.update()
                .set(TableLayout.ENTITY, AttributeValue.fromS(entity.tag))
                .set(TableLayout.VERSION, AttributeValue.fromN(Integer.toString(entity.version)))
                .set(TAG, AttributeValue.fromS(tag.value()))
                .add(USES, 1)
                .build();
    }

    @Override
    public List<TagUse> usesInHour(Instant hour, int limit) {
        return db.queryPage("AP35_uses_in_hour", QueryEnhancedRequest.builder()
                        .queryConditional(TagLayout.usesInHour(hour))
                        .consistentRead(true)
                        .attributesToProject(TAG, USES)
                        .limit(limit)
                        .build())
                .items().stream()
                .map(DynamoTagIndex::use)
                .toList();
    }

    private static TagUse use(EnhancedDocument item) {
        return new TagUse(new Tag(item.getString(TAG)), item.getNumber(USES).longValue());
    }

    @Override
    public long uses(Tag tag) {
        return DynamoEntityFollows.number(db.get("AP34_tag_uses", TagLayout.name(tag)), USES);
    }

    @Override
    public List<TagUse> byPrefix(String prefix, int limit) {
        return db.queryPage("AP36_tags_by_prefix", QueryEnhancedRequest.builder()
                        .queryConditional(TagLayout.names(prefix))
                        .consistentRead(true)
                        .attributesToProject(TAG, USES)
                        .limit(limit)
                        .build())
                .items().stream()
                .map(DynamoTagIndex::use)
                .toList();
    }

    @Override
    public void storeTrending(Trending trending) {
        db.run("trending_store", () -> db.putItem(TableLayout.Entity.TRENDING.document(TagLayout.trending())
                .putString(COMPUTED_AT, trending.computedAt().toString())
                .putList(RANKING, trending.tags().stream().map(use -> use.uses() + " " + use.tag().value()).toList(),
                        EnhancedType.of(String.class))
                .build()));
    }

    @Override
    public Trending trending() {
        return db.get("AP37_trending", TagLayout.trending())
                .map(item -> new Trending(
                        item.getList(RANKING, EnhancedType.of(String.class)).stream()
                                .map(entry -> {
                                    int space = entry.indexOf(' ');
                                    return new TagUse(new Tag(entry.substring(space + 1)), Long.parseLong(entry.substring(0, space)));
                                })
                                .toList(),
                        Instant.parse(item.getString(COMPUTED_AT))))
                .orElse(Trending.NONE);
    }
}
