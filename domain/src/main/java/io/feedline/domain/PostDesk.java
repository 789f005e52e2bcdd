package io.feedline.domain;

import io.feedline.ports.in.DeletePost;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.ReadAuthorTimeline;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Hashtags;
import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.NotificationType;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.IdGenerator;
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

/** Publishing, reading and deleting posts. */
final class PostDesk implements PublishPost, DeletePost, ReadPost, ReadAuthorTimeline {
    private final Posts posts;
    private final CachedPosts cachedPosts;
    private final IdempotencyKeys idempotencyKeys;
    private final IdGenerator ids;
    private final Clock clock;
    private final UserDirectory users;
    private final FanoutPolicy policy;
    private final Runnable onEnqueue;
    private final Notifier notifier;
    private final Subscriptions subscriptions;
    private final RepostResolution reposts;
    private final Separations separations;

    PostDesk(Posts posts, CachedPosts cachedPosts, IdempotencyKeys idempotencyKeys, IdGenerator ids, Clock clock, UserDirectory users,
            FanoutPolicy policy, Runnable onEnqueue, Notifier notifier, RepostResolution reposts, Separations separations,
            Subscriptions subscriptions) {
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
        this.separations = separations;
    }

    @Override
    public Post publish(Command command) {
        if (command.idempotencyKey().isEmpty()) {
            return publishNew(command);
        }
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
                yield posts.get(new PostRef(PostId.of(completed.result()), command.author()))
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
        return write(post, Optional.of(new IdempotencyCompletion(command.author(), key, id.value(), id.value(), clock.instant())));
    }

    private Post publishNew(Command command) {
        return write(newPost(command, ids.newPostId()), Optional.empty());
    }

    private Post newPost(Command command, PostId id) {
        UserAccount author = users.byId(command.author());
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Post post = new Post(id, author.id(), author.username(), command.text(), now, 0)
                .mentioning(separations.mentionable(author.id(), users.mentionsIn(command.text())))
                .tagged(Hashtags.in(command.text()));
        if (command.inReplyTo().isPresent()) {
            PostRef parent = parentOf(command.inReplyTo().get());
            separations.requireNoBlock(author.id(), parent.authorId(), "reply to this post");
            post = post.replyingTo(parent);
        }
        return post;
    }

    /**
     * One atomic write: the post, its fan-out (when pushed), a reply's delta of its parent's reply
     * count, and the notifications, so none of them can be lost to a crash after the post.
     */
    private Post write(Post post, Optional<IdempotencyCompletion> completion) {
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
        posts.publish(post, jobs, completion);
        post.inReplyTo().ifPresent(parent -> cachedPosts.repliesMoved(parent.postId()));
        if (!jobs.isEmpty()) {
            onEnqueue.run();
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

    /** What "the same request" means for an idempotency key: the same author, text and parent. */
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
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }

    @Override
    public void delete(UserId caller, PostId id) {
        Post post = read(id);
        if (!post.authorId().equals(caller)) {
            throw new FeedlineException.Forbidden("only the author may delete a post");
        }
        List<FanoutJob> jobs = new ArrayList<>(3);
        if (policy.materializesFeeds()) {
            jobs.add(new FanoutJob.Retract(post.ref()));
        }
        post.inReplyTo().ifPresent(parent ->
                jobs.add(new FanoutJob.CountDelta(parent, CounterKind.REPLIES, -1, "delete-" + post.id().value())));
        jobs.add(new FanoutJob.IndexPost(post.ref(), "delete"));
        if (!cachedPosts.delete(post.ref(), jobs)) {
            throw new FeedlineException.NotFound("post", "no such post");
        }
        post.inReplyTo().ifPresent(parent -> cachedPosts.repliesMoved(parent.postId()));
        if (!jobs.isEmpty()) {
            onEnqueue.run();
        }
    }

    @Override
    public Post read(PostId id) {
        return cachedPosts.get(id).orElseThrow(() -> new FeedlineException.NotFound("post", "no such post"));
    }

    @Override
    public Page<Post> read(Username author, PageRequest page) {
        UserAccount account = users.byName(author);
        // The author's reposts are shown among their posts, as their originals; the cursor is the last entry's id.
        List<Post> entries = posts.byAuthor(account.id(), PostCursor.before(page), page.limit());
        return new Page<>(reposts.resolve(entries), PostCursor.after(entries, page.limit()));
    }
}
