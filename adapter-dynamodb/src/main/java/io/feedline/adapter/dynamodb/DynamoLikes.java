package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.AUTHOR_ID;
import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.LIKE_COUNT;
import static io.feedline.adapter.dynamodb.TableLayout.POST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.USER_ID;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Likes;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Likes as items in the post's own partition ({@code POST#<id>} / {@code LIKE#<user>}). The like
 * item and the post's {@code likeCount} change in one transaction, each under a condition, so the
 * count is exact and a replay changes nothing.
 */
final class DynamoLikes implements Likes {
    private static final int LIKE_ITEM = 0;
    private static final int POST_ITEM = 1;

    private final TableAccess db;

    DynamoLikes(TableAccess db) {
        this.db = db;
    }

    @Override
    public boolean like(PostRef post, UserId user) {
        var item = TableLayout.Entity.LIKE.document(TableLayout.like(post.postId(), user))
                .putString(POST_ID, post.postId().value())
                .putString(AUTHOR_ID, post.authorId().value())
                .putString(USER_ID, user.value())
                .putString(CREATED_AT, db.clock.instant().toString())
                .build();
        List<TransactWriteItem> items = List.of(db.putNew(item), moveCount(post, +1));
        TableAccess.Outcome outcome = db.transact("like", items, Optional.empty());
        if (outcome.failed(POST_ITEM)) {
            throw new FeedlineException.NotFound("post", "post " + post.postId() + " does not exist");
        }
        return outcome.committedUnlessFailed(LIKE_ITEM, "like");
    }

    @Override
    public boolean unlike(PostRef post, UserId user) {
        List<TransactWriteItem> items = List.of(db.deleteExisting(TableLayout.like(post.postId(), user)), moveCount(post, -1));
        TableAccess.Outcome outcome = db.transact("unlike", items, Optional.empty());
        if (!outcome.failed(LIKE_ITEM) && outcome.failed(POST_ITEM)) {
            throw new FeedlineException.NotFound("post", "post " + post.postId() + " does not exist");
        }
        return outcome.committedUnlessFailed(LIKE_ITEM, "unlike");
    }

    /** ADD to the post's count, only while the post exists (never resurrecting a deleted one). */
    private TransactWriteItem moveCount(PostRef post, long delta) {
        Expressions update = Expressions.update().add(LIKE_COUNT, delta);
        update.when("attribute_exists(" + update.name(TableLayout.PK) + ")");
        return db.update(TableLayout.post(post.authorId(), post.postId()), update.build());
    }
}
