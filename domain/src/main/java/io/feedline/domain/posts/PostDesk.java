package io.feedline.domain.posts;

import io.feedline.domain.events.PostEvents;
import io.feedline.domain.feed.FanoutPolicy;
import io.feedline.domain.media.MediaDesk;
import io.feedline.domain.notifications.Notifier;
import io.feedline.domain.relations.BlockRules;
import io.feedline.domain.support.PostCursor;
import io.feedline.domain.users.UserDesk;
import io.feedline.ports.in.DeletePost;
import io.feedline.ports.in.PublishDraft;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.ReadAuthorTimeline;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.model.Article;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Hashtags;
import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.Articles;
import io.feedline.ports.out.IdGenerator;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.LiveEvents;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Subscriptions;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Publishing, reading and deleting posts, and articles: a post with a title, a slug claimed in its
 * own write, and a draft kept for its author until {@link PublishDraft} publishes it as a new post.
 * Once a publish or delete has committed, its {@link PostEvents} listeners are told, then the live
 * streams (ADR-0018, ADR-0022); a draft was never shown, so neither its saving nor its deletion is
 * announced there.
 */
public final class PostDesk implements PublishPost, DeletePost, ReadPost, ReadAuthorTimeline, PublishDraft {
    /** How many slugs one publish tries before it gives up with {@link FeedlineException.SlugTaken}. */
    static final int SLUG_TRIES = 5;

    private final Posts posts;
    private final CachedPosts cachedPosts;
    private final IdempotencyKeys idempotencyKeys;
    private final IdGenerator ids;
    private final Clock clock;
    private final UserDesk users;
    private final FanoutPolicy policy;
    private final Runnable onEnqueue;
    private final Notifier notifier;
    private final Subscriptions subscriptions;
    private final RepostResolution reposts;
    private final BlockRules blockRules;
    private final Articles articles;
    private final int articleMaxCharacters;
    private final List<PostEvents> events;
    private final LiveEvents live;
    private final MediaDesk media;

    public PostDesk(Posts posts, CachedPosts cachedPosts, IdempotencyKeys idempotencyKeys, IdGenerator ids, Clock clock, UserDesk users,
            FanoutPolicy policy, Runnable onEnqueue, Notifier notifier, RepostResolution reposts, BlockRules blockRules,
            Subscriptions subscriptions, Articles articles, int articleMaxCharacters, List<PostEvents> events, LiveEvents live,
            MediaDesk media) {
        this.media = media;
        this.events = List.copyOf(events);
        this.live = live;
        this.articles = articles;
        this.articleMaxCharacters = articleMaxCharacters;
        this.posts = posts;
        this.cachedPosts = cachedPosts;
        this.idempotencyKeys = idempotencyKeys;
        this.ids = ids;
        this.clock = clock;
        this.users = users;
        this.policy = policy;
        this.onEnqueue = onEnqueue;
        this.notifier = notifier;
        this.subscriptions = subscriptions;
        this.reposts = reposts;
        this.blockRules = blockRules;
    }

    @Override
    public Post publish(Command command) {
        Post post = command.idempotencyKey().isEmpty() ? publishNew(command) : publishOnce(command);
        published(post);
        return post;
    }

    /** The listeners hear of every answered publish, and the live streams of each that is no draft. */
    private void published(Post post) {
        events.forEach(listener -> listener.published(post));
        if (!post.isDraft()) {
            live.publish(new LiveEvent.Published(post.ref(), post.tags()));
        }
    }

    /** A publish under an idempotency key: the first request makes the post, a retry answers it. */
    private Post publishOnce(Command command) {
        IdempotencyKey key = command.idempotencyKey().get();
        String fingerprint = fingerprint(command);
        // The new post's id is unique to this request, so it doubles as the claim's token.
        PostId id = ids.newPostId();
        IdempotencyClaim claim = idempotencyKeys.claim(command.author(), key, fingerprint, id.value(), clock.instant());
        return switch (claim) {
            case IdempotencyClaim.Acquired acquired -> publishClaimed(command, key, id);
            case IdempotencyClaim.InProgress inProgress -> {
                if (!inProgress.fingerprint().equals(fingerprint)) {
                    throw new FeedlineException.IdempotencyKeyReused();
                }
                throw new FeedlineException.IdempotencyInProgress(Duration.ofSeconds(1));
            }
            case IdempotencyClaim.Completed completed -> {
                if (!completed.fingerprint().equals(fingerprint)) {
                    throw new FeedlineException.IdempotencyKeyReused();
                }
                // The key belongs to the author, so the post is read by its key: consistent, no index.
                // A draft made with the key is found as the draft, or as the post it became.
                PostId made = PostId.of(completed.result());
                yield posts.get(new PostRef(made, command.author()))
                        .or(() -> command.article().isPresent() ? articles.draft(command.author(), made) : Optional.empty())
                        .or(() -> command.article().isPresent()
                                ? articles.publishedAs(command.author(), made).flatMap(posts::get)
                                : Optional.empty())
                        .orElseThrow(() -> new FeedlineException.NotFound("post", "the post made with this Idempotency-Key was deleted"));
            }
        };
    }

    /**
     * Publishes under a held claim: the key is completed in the post's own atomic write. A failure
     * before that write frees the key at once; a failure of the write itself may hide a commit (a
     * timeout), so the claim is kept: a retry waits out the lock timeout and then finds the key
     * either completed with the post, or still claimed and free to take over.
     */
    private Post publishClaimed(Command command, IdempotencyKey key, PostId id) {
        Post post;
        try {
            post = newPost(command, id);
        } catch (RuntimeException e) {
            idempotencyKeys.abandon(command.author(), key, id.value());
            throw e;
        }
        try {
            return store(post, Optional.of(new IdempotencyCompletion(command.author(), key, id.value(), id.value(), clock.instant())));
        } catch (FeedlineException.SlugTaken e) {
            // Every slug tried was taken: nothing was written, so the key is free again.
            idempotencyKeys.abandon(command.author(), key, id.value());
            throw e;
        }
    }

    private Post publishNew(Command command) {
        return store(newPost(command, ids.newPostId()), Optional.empty());
    }

    /** A post, an article (its slug claimed in the same write) or a draft (kept, never fanned out). */
    private Post store(Post post, Optional<IdempotencyCompletion> completion) {
        if (post.article().isEmpty()) {
            return write(post, completion);
        }
        return claimingSlug(post, candidate -> {
            if (candidate.isDraft()) {
                articles.saveDraft(candidate, completion);
                return candidate;
            }
            return write(candidate, completion);
        });
    }

    /**
     * Writes {@code article} with {@code write}, which claims its slug in the same atomic write. When
     * the author holds that slug already, reads which of its numbered forms they hold (one query) and
     * tries the first free one, {@link #SLUG_TRIES} times at most: two publishes of one title racing
     * end with two slugs, since each claim is a put-if-absent.
     */
    private Post claimingSlug(Post article, UnaryOperator<Post> write) {
        Article wanted = article.article().orElseThrow();
        Post candidate = article;
        for (int attempt = 1; ; attempt++) {
            try {
                return write.apply(candidate);
            } catch (FeedlineException.SlugTaken taken) {
                if (attempt == SLUG_TRIES) {
                    throw taken;
                }
                Set<Slug> held = articles.slugsTaken(article.authorId(), wanted.slug());
                Slug free = wanted.slug();
                for (int n = 2; held.contains(free); n++) {
                    free = wanted.slug().withSuffix(n);
                }
                candidate = article.asArticle(new Article(wanted.title(), free, wanted.status()));
            }
        }
    }

    private Post newPost(Command command, PostId id) {
        int limit = command.article().isPresent() ? articleMaxCharacters : PostText.MAX_CODE_POINTS;
        if (command.text().length() > limit) {
            throw new FeedlineException.InvalidInput("text", "text must be 1-" + limit + " characters after trimming"
                    + (command.article().isPresent() ? " in an article" : " (an article, with a title, may be longer)"));
        }
        UserAccount author = users.byId(command.author());
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Post post = new Post(id, author.id(), author.username(), command.text(), now, 0);
        if (!command.media().isEmpty()) {
            post = post.withMedia(media.attachable(author.id(), command.media()));
        }
        if (command.article().isPresent()) {
            ArticleRequest request = command.article().get();
            post = post.asArticle(new Article(request.title(), Slug.fromTitle(request.title(), id), request.status()));
            if (request.status() == ArticleStatus.DRAFT) {
                // A draft names and tags nobody until it is published (mentions and tags are found then).
                return post;
            }
        }
        post = post.mentioning(blockRules.mentionable(author.id(), users.mentionsIn(command.text())))
                .tagged(Hashtags.in(command.text()));
        if (command.inReplyTo().isPresent()) {
            PostRef parent = parentOf(command.inReplyTo().get());
            blockRules.requireNoBlock(author.id(), parent.authorId(), "reply to this post");
            post = post.replyingTo(parent);
        }
        return post;
    }

    /**
     * One atomic write: the post, its fan-out (when pushed), a reply's delta of its parent's reply
     * count, and the notifications, so none of them can be lost to a crash after the post.
     */
    private Post write(Post post, Optional<IdempotencyCompletion> completion) {
        List<FanoutJob> jobs = jobsOf(post);
        posts.publish(post, jobs, completion);
        written(post, jobs);
        return post;
    }

    /** Everything a publish enqueues with its post: the fan-out, a reply's count delta, notifications, search, tags, subscribers. */
    private List<FanoutJob> jobsOf(Post post) {
        List<FanoutJob> jobs = new ArrayList<>();
        if (policy.pushes(post.authorId())) {
            jobs.add(new FanoutJob.Deliver(post.ref()));
        }
        // The reply's id makes the delta's job unique: a post is published and deleted once.
        post.inReplyTo().ifPresent(parent ->
                jobs.add(new FanoutJob.CountDelta(parent, CounterKind.REPLIES, +1, "publish-" + post.id().value())));
        jobs.addAll(notifications(post));
        jobs.add(new FanoutJob.IndexPost(post.ref(), "publish"));
        // Each tag's job counts the use and, when its posts are pushed, delivers to its followers.
        post.tags().forEach(tag -> jobs.add(new FanoutJob.TagPost(post.ref(), tag)));
        // Subscribers hear of original posts only (Mastodon's rule: no replies, no reposts).
        if (post.inReplyTo().isEmpty() && subscriptions.count(post.authorId()) > 0) {
            jobs.add(new FanoutJob.NotifySubscribers(post.ref()));
        }
        return jobs;
    }

    private void written(Post post, List<FanoutJob> jobs) {
        post.inReplyTo().ifPresent(parent -> cachedPosts.repliesMoved(parent.postId()));
        if (!jobs.isEmpty()) {
            onEnqueue.run();
        }
    }

    @Override
    public Post publish(UserId caller, PostId id) {
        Post post = postFromDraft(caller, id);
        published(post);
        return post;
    }

    /**
     * The draft becomes a post with a new id, so it sorts in every feed by the time it was
     * published; its mentions and tags are found now, and it fans out exactly as a publish does,
     * in the one write that also deletes the draft and moves its slug to the post.
     */
    private Post postFromDraft(UserId caller, PostId id) {
        Optional<Post> draft = articles.draft(caller, id);
        if (draft.isEmpty()) {
            return alreadyPublished(caller, id);
        }
        UserAccount author = users.byId(caller);
        Post kept = draft.get();
        PostId postId = ids.newPostId();
        Post post = new Post(postId, author.id(), author.username(), kept.text(), clock.instant().truncatedTo(ChronoUnit.MILLIS), 0)
                .mentioning(blockRules.mentionable(author.id(), users.mentionsIn(kept.text())))
                .tagged(Hashtags.in(kept.text()))
                .asArticle(kept.article().orElseThrow().with(ArticleStatus.PUBLISHED));
        List<FanoutJob> jobs = jobsOf(post);
        if (!posts.publishDraft(id, post, jobs)) {
            // Another request published (or deleted) the draft first.
            return alreadyPublished(caller, id);
        }
        written(post, jobs);
        return post;
    }

    /** A publish of what is no draft (any more): the article it became, or the caller's published article itself. */
    private Post alreadyPublished(UserId caller, PostId id) {
        Optional<PostRef> became = articles.publishedAs(caller, id);
        if (became.isPresent()) {
            return posts.get(became.get()).orElseThrow(() -> new FeedlineException.NotFound("post", "no such draft or article"));
        }
        Post post = cachedPosts.get(id).orElseThrow(() -> new FeedlineException.NotFound("post", "no such draft or article"));
        if (!post.authorId().equals(caller)) {
            throw new FeedlineException.Forbidden("only the author may publish an article");
        }
        if (post.article().isEmpty()) {
            throw new FeedlineException.InvalidInput("id", "only an article (a post with a title) is published");
        }
        return post;
    }

    /**
     * The parent's author of a reply, and every user the post mentions; one notification each, a
     * reply taking precedence over a mention of the same user.
     */
    private List<FanoutJob> notifications(Post post) {
        List<FanoutJob> jobs = new ArrayList<>();
        Optional<UserId> parentAuthor = post.inReplyTo().map(PostRef::authorId);
        parentAuthor.flatMap(parent -> notifier.job(parent, NotificationType.REPLY, Optional.of(post.id()), post.authorId()))
                .ifPresent(jobs::add);
        post.mentions().stream()
                .map(Mention::id)
                .distinct()
                .filter(mentioned -> parentAuthor.map(parent -> !parent.equals(mentioned)).orElse(true))
                .forEach(mentioned -> notifier.job(mentioned, NotificationType.MENTION, Optional.of(post.id()), post.authorId())
                        .ifPresent(jobs::add));
        return jobs;
    }

    /** The post replied to, by key; the publish write checks again that it still exists. */
    private PostRef parentOf(PostId parent) {
        return posts.get(parent)
                .map(Post::ref)
                .orElseThrow(() -> new FeedlineException.NotFound("post", "the post replied to does not exist", "inReplyTo"));
    }

    /** What "the same request" means for an idempotency key: the same author, text, parent, title, status and media. */
    private static String fingerprint(Command command) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(command.author().value().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(command.text().value().getBytes(StandardCharsets.UTF_8));
            if (command.inReplyTo().isPresent()) {
                sha.update((byte) 0);
                sha.update(command.inReplyTo().get().value().getBytes(StandardCharsets.UTF_8));
            }
            if (command.article().isPresent()) {
                sha.update((byte) 1);
                sha.update(command.article().get().title().value().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(command.article().get().status().wireName().getBytes(StandardCharsets.UTF_8));
            }
            for (MediaId attached : command.media()) {
                sha.update((byte) 2);
                sha.update(attached.value().getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }

    @Override
    public void delete(UserId caller, PostId id) {
        Optional<PostRef> deleted = remove(caller, id);
        events.forEach(listener -> deleted.ifPresentOrElse(listener::deleted, () -> listener.draftDeleted(id)));
        deleted.ifPresent(post -> live.publish(new LiveEvent.Deleted(post)));
    }

    /** Deletes the post, answering its key, or the caller's own draft, answering empty. */
    private Optional<PostRef> remove(UserId caller, PostId id) {
        Optional<Post> found = cachedPosts.get(id);
        if (found.isEmpty()) {
            // The caller's own draft, if it is one: it and its slug go in one write.
            if (articles.deleteDraft(caller, id)) {
                return Optional.empty();
            }
            throw new FeedlineException.NotFound("post", "no such post");
        }
        Post post = found.get();
        if (!post.authorId().equals(caller)) {
            throw new FeedlineException.Forbidden("only the author may delete a post");
        }
        List<FanoutJob> jobs = new ArrayList<>(3 + post.media().size());
        if (policy.materializesFeeds()) {
            jobs.add(new FanoutJob.Retract(post.ref()));
        }
        post.inReplyTo().ifPresent(parent ->
                jobs.add(new FanoutJob.CountDelta(parent, CounterKind.REPLIES, -1, "delete-" + post.id().value())));
        jobs.add(new FanoutJob.IndexPost(post.ref(), "delete"));
        post.media().forEach(attachment -> jobs.add(new FanoutJob.PurgeMedia(attachment.id(), post.authorId())));
        if (!cachedPosts.delete(post.ref(), jobs)) {
            throw new FeedlineException.NotFound("post", "no such post");
        }
        post.inReplyTo().ifPresent(parent -> cachedPosts.repliesMoved(parent.postId()));
        if (!jobs.isEmpty()) {
            onEnqueue.run();
        }
        return Optional.of(post.ref());
    }

    @Override
    public Post read(PostId id) {
        return cachedPosts.existing(id);
    }

    /** The post, or the viewer's own draft of this id: anybody else is told a draft does not exist. */
    public Post readAs(UserId viewer, PostId id) {
        return cachedPosts.get(id)
                .or(() -> articles.draft(viewer, id))
                .orElseThrow(() -> new FeedlineException.NotFound("post", "no such post"));
    }

    @Override
    public Page<Post> read(Username author, PageRequest page) {
        UserAccount account = users.byName(author);
        // The author's reposts are shown among their posts, as their originals; the cursor is the last entry's id.
        List<Post> entries = posts.byAuthor(account.id(), PostCursor.before(page), page.limit());
        return new Page<>(reposts.resolve(entries), PostCursor.after(entries, page.limit()));
    }
}
