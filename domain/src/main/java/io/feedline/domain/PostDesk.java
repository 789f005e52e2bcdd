package io.feedline.domain;

import io.feedline.ports.in.DeletePost;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.ReadAuthorTimeline;
import io.feedline.ports.in.ReadPost;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyClaim;
import io.feedline.ports.model.IdempotencyKey;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.IdGenerator;
import io.feedline.ports.out.Posts;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/** Publishing, reading and deleting posts. */
final class PostDesk implements PublishPost, DeletePost, ReadPost, ReadAuthorTimeline {
    private final Posts posts;
    private final IdempotencyKeys idempotencyKeys;
    private final IdGenerator ids;
    private final Clock clock;
    private final UserDirectory users;
    private final FanoutPolicy policy;
    private final Runnable onEnqueue;

    PostDesk(Posts posts, IdempotencyKeys idempotencyKeys, IdGenerator ids, Clock clock, UserDirectory users,
            FanoutPolicy policy, Runnable onEnqueue) {
        this.posts = posts;
        this.idempotencyKeys = idempotencyKeys;
        this.ids = ids;
        this.clock = clock;
        this.users = users;
        this.policy = policy;
        this.onEnqueue = onEnqueue;
    }

    @Override
    public Post publish(Command command) {
        if (command.idempotencyKey().isEmpty()) {
            return publishNew(command);
        }
        IdempotencyKey key = command.idempotencyKey().get();
        String fingerprint = fingerprint(command);
        IdempotencyClaim claim = idempotencyKeys.claim(command.author(), key, fingerprint, clock.instant());
        return switch (claim) {
            case IdempotencyClaim.Acquired acquired -> publishClaimed(command, key);
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
                yield posts.get(PostId.of(completed.result()))
                        .orElseThrow(() -> new FeedlineException.NotFound("post", "the post made with this Idempotency-Key was deleted"));
            }
        };
    }

    private Post publishClaimed(Command command, IdempotencyKey key) {
        Post post;
        try {
            post = publishNew(command);
        } catch (RuntimeException e) {
            idempotencyKeys.abandon(command.author(), key);
            throw e;
        }
        idempotencyKeys.complete(command.author(), key, post.id().value(), clock.instant());
        return post;
    }

    private Post publishNew(Command command) {
        UserAccount author = users.byId(command.author());
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Post post = new Post(ids.newPostId(), author.id(), author.username(), command.text(), now, 0);
        boolean push = policy.pushes(author.id());
        Optional<FanoutJob> job = push ? Optional.of(new FanoutJob.Deliver(post.ref())) : Optional.empty();
        posts.publish(post, job);
        if (push) {
            onEnqueue.run();
        }
        return post;
    }

    /** What "the same request" means for an idempotency key: the same author and text. */
    private static String fingerprint(Command command) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(command.author().value().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(command.text().value().getBytes(StandardCharsets.UTF_8));
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
        boolean cleanup = policy.materializesFeeds();
        Optional<FanoutJob> job = cleanup ? Optional.of(new FanoutJob.Retract(post.ref())) : Optional.empty();
        if (!posts.delete(post.ref(), job)) {
            throw new FeedlineException.NotFound("post", "no such post");
        }
        if (cleanup) {
            onEnqueue.run();
        }
    }

    @Override
    public Post read(PostId id) {
        return posts.get(id).orElseThrow(() -> new FeedlineException.NotFound("post", "no such post"));
    }

    @Override
    public Page<Post> read(Username author, PageRequest page) {
        UserAccount account = users.byName(author);
        List<Post> items = posts.byAuthor(account.id(), PostCursor.before(page), page.limit());
        return new Page<>(items, PostCursor.after(items, page.limit()));
    }
}
