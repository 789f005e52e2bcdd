package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.AUTHOR_ID;
import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.POST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.USER_ID;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Likes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Likes as items in the post's own partition ({@code POST#<id>} / {@code LIKE#<user>}), each with
 * its copy in the user's partition ({@code USER#<u>} / {@code LIKED#<post>}) for the user's own list
 * (export, account deletion). A like or unlike is one transaction: the like item under its
 * condition, a check that the post exists, the user's copy, and the outbox jobs (the count's delta,
 * a notification). The post item itself is not written, so
 * likes of one hot post do not serialise on it; the worker applies the deltas
 * ({@link DynamoPostCounters}).
 */
final class DynamoLikes implements Likes {
    private static final int LIKE_ITEM = 0;
    private static final int POST_ITEM = 1;

    private final TableAccess db;
    private final DynamoFanoutJobs jobs;

    DynamoLikes(TableAccess db, DynamoFanoutJobs jobs) {
        this.db = db;
        this.jobs = jobs;
    }

    /** AP43: one consistent Query of the post's like items. */
    @Override
    public Page<UserId> likers(PostId post, PageRequest request) {
        return UserPages.query(db, "AP43_likers", TableLayout.likes(post), USER_ID, user -> TableLayout.like(post, user), request);
    }

    /** AP58: one consistent Query of the user's copies, newest post first, one item more than asked for. */
    @Override
    public Page<PostRef> liked(UserId user, PageRequest request) {
        QueryEnhancedRequest.Builder query = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.likedBy(user))
                .consistentRead(true)
                .scanIndexForward(false)
                .attributesToProject(TableLayout.PK, TableLayout.SK, POST_ID, AUTHOR_ID)
                .limit(request.limit() + 1);
        request.after().map(DynamoLikes::postOf)
                .ifPresent(last -> query.exclusiveStartKey(TableLayout.keyMap(TableLayout.liked(user, last))));
        List<PostRef> read = db.queryPage("AP58_liked", query.build()).items().stream()
                .map(item -> new PostRef(PostId.of(item.getString(POST_ID)), UserId.of(item.getString(AUTHOR_ID))))
                .toList();
        if (read.size() <= request.limit()) {
            return Page.last(read);
        }
        List<PostRef> page = read.subList(0, request.limit());
        return new Page<>(List.copyOf(page), Optional.of(new PageToken(page.getLast().postId().value())));
    }

    private static PostId postOf(PageToken token) {
        try {
            return PostId.of(token.value());
        } catch (FeedlineException.InvalidInput e) {
            throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
        }
    }

    @Override
    public boolean like(PostRef post, UserId user, List<FanoutJob> outboxJobs) {
        var item = TableLayout.Entity.LIKE.document(TableLayout.like(post.postId(), user))
                .putString(POST_ID, post.postId().value())
                .putString(AUTHOR_ID, post.authorId().value())
                .putString(USER_ID, user.value())
                .putString(CREATED_AT, db.clock.instant().toString())
                .build();
        var liked = TableLayout.Entity.LIKED.document(TableLayout.liked(user, post.postId()))
                .putString(POST_ID, post.postId().value())
                .putString(AUTHOR_ID, post.authorId().value())
                .build();
        TableAccess.Outcome outcome = db.transact("like", items(db.putNew(item), post, db.put(liked), outboxJobs),
                Optional.empty());
        if (outcome.failed(POST_ITEM)) {
            throw new FeedlineException.NotFound("post", "post " + post.postId() + " does not exist");
        }
        return outcome.committedUnlessFailed(LIKE_ITEM, "like");
    }

    @Override
    public boolean unlike(PostRef post, UserId user, List<FanoutJob> outboxJobs) {
        TableAccess.Outcome outcome = db.transact("unlike",
                items(db.deleteExisting(TableLayout.like(post.postId(), user)), post,
                        db.deleteAny(TableLayout.liked(user, post.postId())), outboxJobs), Optional.empty());
        if (!outcome.failed(LIKE_ITEM) && outcome.failed(POST_ITEM)) {
            throw new FeedlineException.NotFound("post", "post " + post.postId() + " does not exist");
        }
        return outcome.committedUnlessFailed(LIKE_ITEM, "unlike");
    }

    /** The like item, the post's existence (never a like of a deleted post), the user's copy, then the jobs. */
    private List<TransactWriteItem> items(TransactWriteItem like, PostRef post, TransactWriteItem copy, List<FanoutJob> outboxJobs) {
        List<TransactWriteItem> items = new ArrayList<>(3 + outboxJobs.size());
        items.add(like);
        items.add(db.check(TableLayout.post(post.authorId(), post.postId()), "attribute_exists(" + TableLayout.PK + ")"));
        items.add(copy);
        outboxJobs.forEach(job -> items.add(jobs.enqueueItem(job)));
        return items;
    }
}
