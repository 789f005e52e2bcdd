package io.feedline.ports.out;

import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An author's articles beside their posts: the slugs they hold (one per article, drafts included,
 * each claimed in the same atomic write as its article), the drafts (never posts: no feed, count,
 * index or job sees them) and the list of published articles. A published article itself is a post
 * ({@link Posts#publish} claims its slug, {@link Posts#publishDraft} turns a draft into one,
 * {@link Posts#delete} frees its slug).
 */
public interface Articles {

    /**
     * Writes the draft and claims its slug in one atomic write, completing the idempotency key with
     * it when given. Idempotent by id: a draft already saved returns false.
     *
     * @throws io.feedline.ports.model.FeedlineException.SlugTaken if the author holds the slug (nothing is written)
     * @throws io.feedline.ports.model.FeedlineException.IdempotencyInProgress if the completion's claim no longer holds its key
     */
    boolean saveDraft(Post draft, Optional<IdempotencyCompletion> completion);

    /** The author's draft of this id, strongly consistent. */
    Optional<Post> draft(UserId author, PostId id);

    /** The author's drafts strictly older than {@code before} (or the newest), newest first, at most {@code limit}. */
    List<Post> drafts(UserId author, Optional<PostId> before, int limit);

    /** Deletes the author's draft and frees its slug in one atomic write; false if there was none. */
    boolean deleteDraft(UserId author, PostId id);

    /** The published post a draft of this id became ({@link Posts#publishDraft}), if it was published. */
    Optional<PostRef> publishedAs(UserId author, PostId draft);

    /** The author's article (a post, or a draft) under this slug, strongly consistent. */
    Optional<Post> bySlug(UserId author, Slug slug);

    /** The author's published articles strictly older than {@code before}, newest first, at most {@code limit}. */
    List<PostRef> published(UserId author, Optional<PostId> before, int limit);

    /**
     * Which of {@code base} and its suffixed forms ({@code <base>-<n>}) the author holds, strongly
     * consistent; at most the first 1,000 in slug order.
     */
    Set<Slug> slugsTaken(UserId author, Slug base);
}
