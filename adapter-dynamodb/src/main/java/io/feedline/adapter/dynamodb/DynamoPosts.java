package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.AUTHOR_ID;
import static io.feedline.adapter.dynamodb.TableLayout.AUTHOR_USERNAME;
import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.LIKE_COUNT;
import static io.feedline.adapter.dynamodb.TableLayout.POSTS;
import static io.feedline.adapter.dynamodb.TableLayout.POST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.TEXT;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.Posts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Posts under their author ({@code USER#<author>} / {@code POST#<id>}), indexed by id on GSI1. A
 * publish or delete is one transaction with the author's post counter and the optional job.
 */
final class DynamoPosts implements Posts {
    private final TableAccess db;
    private final DynamoFanoutJobs jobs;

    DynamoPosts(TableAccess db, DynamoFanoutJobs jobs) {
        this.db = db;
        this.jobs = jobs;
    }

    @Override
    public boolean publish(Post post, Optional<FanoutJob> fanout) {
        List<TransactWriteItem> items = new ArrayList<>(3);
        items.add(db.putNew(document(post)));
        items.add(Counters.change(db, post.authorId(), Map.of(POSTS, 1L)));
        fanout.map(jobs::enqueueItem).ifPresent(items::add);
        // The post is item 0, and carries the only condition: its failure means "already published".
        return db.transact("publish", items, Optional.of(post.id().value())).committedUnlessFailed(0, "publish");
    }

    @Override
    public boolean delete(PostRef post, Optional<FanoutJob> cleanup) {
        List<TransactWriteItem> items = new ArrayList<>(3);
        items.add(db.deleteExisting(TableLayout.post(post.authorId(), post.postId())));
        items.add(Counters.change(db, post.authorId(), Map.of(POSTS, -1L)));
        cleanup.map(jobs::enqueueItem).ifPresent(items::add);
        // Likewise for a delete: the post's condition failing means "already gone".
        return db.transact("delete_post", items, Optional.of(post.postId().value()))
                .committedUnlessFailed(0, "delete_post");
    }

    @Override
    public Optional<Post> get(PostId id) {
        var page = db.queryIndexPage("AP3_get_post", QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.postById(id))
                .limit(1)
                .build());
        return page.items().stream().findFirst().map(DynamoPosts::post);
    }

    @Override
    public List<Post> getAll(Collection<PostRef> refs) {
        if (refs.isEmpty()) {
            return List.of();
        }
        List<Key> keys = new LinkedHashSet<>(refs).stream()
                .map(ref -> TableLayout.post(ref.authorId(), ref.postId()))
                .toList();
        return db.batchGet("hydrate_posts", keys).stream()
                .map(DynamoPosts::post)
                .sorted(Comparator.comparing(Post::id).reversed())
                .toList();
    }

    @Override
    public List<Post> byAuthor(UserId author, Optional<PostId> before, int limit) {
        QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.authorTimeline(author))
                .scanIndexForward(false)
                .consistentRead(true)
                .limit(limit);
        // Starting after the key of "before" gives "strictly older" whether or not that post exists.
        before.ifPresent(id -> request.exclusiveStartKey(TableLayout.keyMap(TableLayout.post(author, id))));
        return db.queryPage("AP2_author_timeline", request.build()).items().stream()
                .map(DynamoPosts::post)
                .toList();
    }

    @Override
    public long countByAuthor(UserId author) {
        return Counters.value(Counters.read(db, "post_count", author), POSTS);
    }

    static EnhancedDocument document(Post post) {
        return TableLayout.Entity.POST.document(TableLayout.post(post.authorId(), post.id()))
                .putString(TableLayout.GSI1_PK, TableLayout.postIndexPk(post.id()))
                .putString(TableLayout.GSI1_SK, TableLayout.postIndexSk())
                .putString(POST_ID, post.id().value())
                .putString(AUTHOR_ID, post.authorId().value())
                .putString(AUTHOR_USERNAME, post.authorUsername().value())
                .putString(TEXT, post.text().value())
                .putString(CREATED_AT, post.createdAt().toString())
                .putNumber(LIKE_COUNT, post.likeCount())
                .build();
    }

    static Post post(EnhancedDocument item) {
        return new Post(
                PostId.of(item.getString(POST_ID)),
                UserId.of(item.getString(AUTHOR_ID)),
                Username.of(item.getString(AUTHOR_USERNAME)),
                PostText.of(item.getString(TEXT)),
                Instant.parse(item.getString(CREATED_AT)),
                item.getNumber(LIKE_COUNT).longValue());
    }
}
