package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.POST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.REPOST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.USER_ID;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Reposts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Reposts as two items: the reposter's mark in the original's partition ({@code POST#<id>} /
 * {@code REPOST#<user>}, naming the repost's id) and the repost's entry in the reposter's timeline
 * ({@code USER#<reposter>} / {@code POST#<repost id>}, entity {@code repost}, read by AP2 with the
 * reposter's posts; no GSI1 keys, so it has no page of its own). Both, a check that the original
 * exists and the outbox jobs (among them the {@code repostCount} delta, applied by the counter
 * processor) in one transaction, each under a condition, as a like does, so a replay changes
 * nothing and the original's item is never written by a repost.
 */
final class DynamoReposts implements Reposts {
    private static final int MARK_ITEM = 0;
    private static final int ORIGINAL_ITEM = 1;

    private final TableAccess db;
    private final DynamoFanoutJobs jobs;

    DynamoReposts(TableAccess db, DynamoFanoutJobs jobs) {
        this.db = db;
        this.jobs = jobs;
    }

    @Override
    public boolean repost(Post repost, List<FanoutJob> outboxJobs) {
        PostRef original = repost.repostOf().orElseThrow(() -> new IllegalArgumentException("not a repost entry"));
        var mark = TableLayout.Entity.REPOST_MARK.document(TableLayout.repostMark(original.postId(), repost.authorId()))
                .putString(POST_ID, original.postId().value())
                .putString(USER_ID, repost.authorId().value())
                .putString(REPOST_ID, repost.id().value())
                .putString(CREATED_AT, repost.createdAt().toString())
                .build();
        List<TransactWriteItem> items = new ArrayList<>(3 + outboxJobs.size());
        items.add(db.putNew(mark));
        items.add(db.check(TableLayout.post(original.authorId(), original.postId()), "attribute_exists(" + TableLayout.PK + ")"));
        items.add(db.putNew(DynamoPosts.repostDocument(repost)));
        outboxJobs.forEach(job -> items.add(jobs.enqueueItem(job)));
        TableAccess.Outcome outcome = db.transact("repost", items, Optional.of(repost.id().value()));
        if (outcome.failed(ORIGINAL_ITEM)) {
            throw new FeedlineException.NotFound("post", "post " + original.postId() + " does not exist");
        }
        return outcome.committedUnlessFailed(MARK_ITEM, "repost");
    }

    @Override
    public Optional<PostRef> unrepost(PostRef original, UserId user, Function<PostRef, List<FanoutJob>> jobsOf) {
        // The mark names the entry to remove, so an unrepost reads it first (by key, consistent).
        Optional<EnhancedDocument> mark = db.get("unrepost_read", TableLayout.repostMark(original.postId(), user));
        if (mark.isEmpty()) {
            return Optional.empty();
        }
        PostRef entry = new PostRef(PostId.of(mark.get().getString(REPOST_ID)), user);
        List<TransactWriteItem> items = new ArrayList<>(4);
        // The mark must still name the entry read: a stale unrepost that raced an unrepost and a
        // repost would otherwise delete the new mark and leave its entry standing, marked by nothing.
        Expressions namesEntry = Expressions.condition();
        namesEntry.when(namesEntry.name(REPOST_ID) + " = " + namesEntry.value(AttributeValue.fromS(entry.postId().value())));
        items.add(db.delete(TableLayout.repostMark(original.postId(), entry.authorId()), namesEntry.build()));
        items.add(db.deleteAny(TableLayout.repostEntry(entry.authorId(), entry.postId())));
        jobsOf.apply(entry).forEach(job -> items.add(jobs.enqueueItem(job)));
        TableAccess.Outcome outcome = db.transact("unrepost", items, Optional.of(entry.postId().value()));
        // The mark's condition failing means "already undone" (that repost, if another replaced it).
        return outcome.committedUnlessFailed(MARK_ITEM, "unrepost") ? Optional.of(entry) : Optional.empty();
    }

    /** AP44: one consistent Query of the original's repost marks. */
    @Override
    public Page<UserId> reposters(PostId original, PageRequest request) {
        return UserPages.query(db, "AP44_reposters", TableLayout.repostMarks(original), USER_ID,
                user -> TableLayout.repostMark(original, user), request);
    }

    @Override
    public List<PostRef> reposts(PostId original, int limit) {
        QueryEnhancedRequest request = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.repostMarks(original))
                .consistentRead(true)
                .limit(limit)
                .build();
        return db.queryPage("AP15_reposts", request).items().stream()
                .map(item -> new PostRef(PostId.of(item.getString(REPOST_ID)), UserId.of(item.getString(USER_ID))))
                .toList();
    }
}
