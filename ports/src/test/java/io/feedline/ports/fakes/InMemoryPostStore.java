package io.feedline.ports.fakes;

import io.feedline.ports.contract.PostStore;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.CountChange;
import io.feedline.ports.model.CounterKind;
import io.feedline.ports.model.FanoutBacklog;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.JobLane;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Articles;
import io.feedline.ports.out.ExploreIndex;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.MediaAttachments;
import io.feedline.ports.out.PostCounters;
import io.feedline.ports.out.Reposts;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.TagIndex;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.TagUse;
import io.feedline.ports.model.Trending;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Posts, likes, reposts, counts and the fan-out outbox in memory, sharing one lock as they share
 * one table in the engines: a publish writes the post, the author's count, the jobs and (for a
 * reply) the parent's thread entry together; a like writes the like and its jobs together; a repost
 * writes the reposter's mark, the repost entry, the original's count and its jobs together;
 * applying a count job moves the count and removes the job together; a publish attaches its media
 * with the post. One {@link CallLog} counts
 * the calls of all these ports.
 */
public final class InMemoryPostStore {

    /** One outbox row. {@code attempts} doubles as a fencing token: each claim bumps it. */
    private record JobRow(FanoutJob job, Optional<String> owner, Instant availableAt,
            Optional<PageToken> checkpoint, int attempts, Instant enqueuedAt) {

        /** Since when the job has been claimable: its enqueue time, or the end of its lease or backoff. */
        Instant waitingSince() {
            return owner.isEmpty() && availableAt.equals(Instant.MIN) ? enqueuedAt : availableAt;
        }
    }

    private final Map<PostId, Post> posts = new HashMap<>();
    private final Map<UserId, NavigableMap<PostId, Post>> byAuthor = new HashMap<>();
    private final Map<PostId, Set<UserId>> likes = new HashMap<>();
    private final Map<PostId, NavigableMap<PostId, PostRef>> threads = new HashMap<>();
    /** Repost entries by their own id: found by ref (as the engines key them), never by id alone. */
    private final Map<PostId, Post> repostEntries = new HashMap<>();
    /** Each original's reposts: reposter to the ref of their repost entry. */
    private final Map<PostId, Map<UserId, PostRef>> reposts = new HashMap<>();
    private final Map<String, JobRow> outbox = new LinkedHashMap<>();
    /** Each tag's posts, written and removed with the post, as the engines write the tag's entries in its transaction. */
    private final Map<Tag, NavigableMap<PostId, PostRef>> tagged = new HashMap<>();
    /** The counts as applied, which may dip below zero for a moment; posts show them clamped at zero. */
    private final Map<PostId, Map<CounterKind, Long>> counts = new HashMap<>();
    /** Each author's slugs: the id of the article (a post or a draft) holding each. */
    private final Map<UserId, NavigableMap<String, PostId>> slugs = new HashMap<>();
    /** Each author's drafts, by id. */
    private final Map<UserId, NavigableMap<PostId, Post>> drafts = new HashMap<>();
    /** Each author's published drafts: the draft's id to the post it became. */
    private final Map<UserId, Map<PostId, PostId>> publishedDrafts = new HashMap<>();
    /** Media records by id; a publish attaches its post's media under the same lock. */
    private final Map<MediaId, MediaAttachment> media = new HashMap<>();
    private final CallLog calls = new CallLog();
    private final Clock clock;
    private final InMemoryIdempotencyKeys idempotencyKeys;

    private final Posts postsPort = new PostsView();
    private final Likes likesPort = new LikesView();
    private final Reposts repostsPort = new RepostsView();
    private final FanoutJobs jobsPort = new JobsView();
    private final PostCounters countersPort = new CountersView();
    private final InMemoryTagUses tagUses = new InMemoryTagUses(calls);
    private final TagIndex tagIndexPort = new TagIndexView();
    private final ExploreIndex explorePort = new ExploreView();
    private final Articles articlesPort = new ArticlesView();
    private final MediaAttachments mediaPort = new MediaView();

    /** Stamps enqueued jobs with the wall clock. */
    public InMemoryPostStore() {
        this(Clock.systemUTC());
    }

    /** Stamps enqueued jobs with {@code clock}'s time, as the engines stamp them with theirs. */
    public InMemoryPostStore(Clock clock) {
        this(clock, new InMemoryIdempotencyKeys(Duration.ofSeconds(30)));
    }

    /** As {@link #InMemoryPostStore(Clock)}, completing idempotency keys of {@code idempotencyKeys} with each publish. */
    public InMemoryPostStore(Clock clock, InMemoryIdempotencyKeys idempotencyKeys) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.idempotencyKeys = Objects.requireNonNull(idempotencyKeys, "idempotencyKeys");
    }

    /** The idempotency keys a publish completes in the same atomic write as the post. */
    public InMemoryIdempotencyKeys idempotencyKeys() {
        return idempotencyKeys;
    }

    public Posts posts() {
        return postsPort;
    }

    public Likes likes() {
        return likesPort;
    }

    public Reposts reposts() {
        return repostsPort;
    }

    public FanoutJobs jobs() {
        return jobsPort;
    }

    public PostCounters counters() {
        return countersPort;
    }

    /** The tag index, whose entries this store's publishes and deletes write. */
    public TagIndex tagIndex() {
        return tagIndexPort;
    }

    /** The explore index, kept with the posts (a publish and a delete move it in the same write). */
    public ExploreIndex explore() {
        return explorePort;
    }

    /** The articles' slugs, drafts and list, kept with the posts (a publish claims a slug in the same write). */
    public Articles articles() {
        return articlesPort;
    }

    /** The media records, attached by this store's publishes in the same write as their post. */
    public MediaAttachments media() {
        return mediaPort;
    }

    public PostStore store() {
        return new PostStore(postsPort, likesPort, repostsPort, jobsPort, idempotencyKeys, countersPort, articlesPort);
    }

    public CallLog calls() {
        return calls;
    }

    /** The post under this ref, if it exists under that author (the engines key it so). */
    private Optional<Post> existing(PostRef ref) {
        Post post = posts.get(ref.postId());
        return post != null && post.authorId().equals(ref.authorId()) ? Optional.of(post) : Optional.empty();
    }

    /** The post or repost entry under this ref, if it exists under that author. */
    private Optional<Post> entry(PostRef ref) {
        Post post = posts.containsKey(ref.postId()) ? posts.get(ref.postId()) : repostEntries.get(ref.postId());
        return post != null && post.authorId().equals(ref.authorId()) ? Optional.of(post) : Optional.empty();
    }

    /** Stores a changed version of an existing post in both of its indexes. */
    private void replace(Post post) {
        posts.put(post.id(), post);
        byAuthor.get(post.authorId()).put(post.id(), post);
    }

    /**
     * Removes the claimed job if its lease still holds, and then (in the same critical section)
     * runs {@code effect}: an effect and its job's completion happen together or not at all.
     */
    boolean completeWith(ClaimedJob job, Runnable effect) {
        synchronized (this) {
            calls.record("complete");
            if (!JobsView.heldBy(outbox.get(job.job().key()), job)) {
                return false;
            }
            outbox.remove(job.job().key());
            effect.run();
            return true;
        }
    }

    private void enqueueLocked(FanoutJob job) {
        JobRow pending = outbox.get(job.key());
        if (pending != null && job instanceof FanoutJob.CountDelta delta && pending.job() instanceof FanoutJob.CountDelta merged) {
            // One key per user's state: the pending job (leased or not) takes the sum.
            outbox.put(job.key(), new JobRow(merged.withDelta(merged.delta() + delta.delta()), pending.owner(),
                    pending.availableAt(), pending.checkpoint(), pending.attempts(), pending.enqueuedAt()));
            return;
        }
        outbox.putIfAbsent(job.key(), new JobRow(job, Optional.empty(), Instant.MIN, Optional.empty(), 0, clock.instant()));
    }

    /** Refuses an article whose slug its author already holds, before anything is written. */
    private void requireFreeSlug(Post article) {
        article.article().ifPresent(a -> {
            if (slugs.getOrDefault(article.authorId(), new TreeMap<>()).containsKey(a.slug().value())) {
                throw new FeedlineException.SlugTaken(a.slug());
            }
        });
    }

    /** Refuses a post naming media that are unknown, another user's or attached, before anything is written. */
    private void requireAttachable(Post post) {
        for (MediaAttachment wanted : post.media()) {
            MediaAttachment stored = media.get(wanted.id());
            if (stored == null || !stored.owner().equals(post.authorId()) || stored.isAttached()) {
                throw new FeedlineException.MediaUnavailable("mediaIds",
                        "media " + wanted.id() + " is not an unattached upload of the author");
            }
        }
    }

    private void attach(Post post) {
        post.media().forEach(m -> media.computeIfPresent(m.id(), (id, stored) -> stored.attachedTo(post.id())));
    }

    private final class MediaView implements MediaAttachments {
        @Override
        public boolean save(MediaAttachment attachment) {
            synchronized (InMemoryPostStore.this) {
                calls.record("saveMedia");
                if (attachment.isAttached()) {
                    throw new IllegalArgumentException("a new record is unattached: " + attachment.id());
                }
                return media.putIfAbsent(attachment.id(), attachment) == null;
            }
        }

        @Override
        public Optional<MediaAttachment> get(MediaId id) {
            synchronized (InMemoryPostStore.this) {
                calls.record("getMedia");
                return Optional.ofNullable(media.get(id));
            }
        }

        @Override
        public boolean update(MediaAttachment changed) {
            synchronized (InMemoryPostStore.this) {
                calls.record("updateMedia");
                MediaAttachment stored = media.get(changed.id());
                if (stored == null || !stored.owner().equals(changed.owner()) || stored.isAttached()) {
                    return false;
                }
                media.put(changed.id(), stored.described(changed.description(), changed.focus()));
                return true;
            }
        }

        @Override
        public List<MediaAttachment> unattachedBefore(Instant cutoff, int limit) {
            synchronized (InMemoryPostStore.this) {
                calls.record("unattachedMedia");
                return media.values().stream()
                        .filter(m -> !m.isAttached() && m.createdAt().isBefore(cutoff))
                        .sorted(Comparator.comparing(MediaAttachment::createdAt).thenComparing(MediaAttachment::id))
                        .limit(limit)
                        .toList();
            }
        }

        @Override
        public boolean deleteUnattached(MediaId id) {
            synchronized (InMemoryPostStore.this) {
                calls.record("deleteUnattachedMedia");
                MediaAttachment stored = media.get(id);
                if (stored == null || stored.isAttached()) {
                    return false;
                }
                media.remove(id);
                return true;
            }
        }

        @Override
        public void delete(MediaId id) {
            synchronized (InMemoryPostStore.this) {
                calls.record("deleteMedia");
                media.remove(id);
            }
        }
    }

    private void claimSlug(Post article) {
        article.article().ifPresent(a ->
                slugs.computeIfAbsent(article.authorId(), u -> new TreeMap<>()).put(a.slug().value(), article.id()));
    }

    private final class ArticlesView implements Articles {
        @Override
        public boolean saveDraft(Post draft, Optional<IdempotencyCompletion> completion) {
            synchronized (InMemoryPostStore.this) {
                calls.record("saveDraft");
                if (!draft.isDraft()) {
                    throw new IllegalArgumentException("not a draft: " + draft.id());
                }
                NavigableMap<PostId, Post> mine = drafts.computeIfAbsent(draft.authorId(), a -> new TreeMap<>());
                if (mine.containsKey(draft.id())) {
                    return false;
                }
                requireFreeSlug(draft);
                if (completion.isPresent() && !idempotencyKeys.completeHeld(completion.get())) {
                    throw new FeedlineException.IdempotencyInProgress(Duration.ofSeconds(1));
                }
                claimSlug(draft);
                mine.put(draft.id(), draft);
                return true;
            }
        }

        @Override
        public Optional<Post> draft(UserId author, PostId id) {
            synchronized (InMemoryPostStore.this) {
                calls.record("draft");
                return Optional.ofNullable(drafts.getOrDefault(author, new TreeMap<>()).get(id));
            }
        }

        @Override
        public List<Post> drafts(UserId author, Optional<PostId> before, int limit) {
            synchronized (InMemoryPostStore.this) {
                calls.record("drafts");
                NavigableMap<PostId, Post> all = drafts.getOrDefault(author, new TreeMap<>());
                NavigableMap<PostId, Post> older = before.map(b -> all.headMap(b, false)).orElse(all);
                return older.descendingMap().values().stream().limit(limit).toList();
            }
        }

        @Override
        public boolean deleteDraft(UserId author, PostId id) {
            synchronized (InMemoryPostStore.this) {
                calls.record("deleteDraft");
                Post draft = drafts.getOrDefault(author, new TreeMap<>()).remove(id);
                if (draft == null) {
                    return false;
                }
                slugs.get(author).remove(draft.article().orElseThrow().slug().value());
                return true;
            }
        }

        @Override
        public Optional<PostRef> publishedAs(UserId author, PostId draft) {
            synchronized (InMemoryPostStore.this) {
                calls.record("publishedAs");
                return Optional.ofNullable(publishedDrafts.getOrDefault(author, Map.of()).get(draft))
                        .map(id -> new PostRef(id, author));
            }
        }

        @Override
        public Optional<Post> bySlug(UserId author, Slug slug) {
            synchronized (InMemoryPostStore.this) {
                calls.record("bySlug");
                PostId id = slugs.getOrDefault(author, new TreeMap<>()).get(slug.value());
                if (id == null) {
                    return Optional.empty();
                }
                return existing(new PostRef(id, author)).or(() -> Optional.ofNullable(drafts.getOrDefault(author, new TreeMap<>()).get(id)));
            }
        }

        @Override
        public List<PostRef> published(UserId author, Optional<PostId> before, int limit) {
            synchronized (InMemoryPostStore.this) {
                calls.record("publishedArticles");
                NavigableMap<PostId, Post> all = byAuthor.getOrDefault(author, new TreeMap<>());
                NavigableMap<PostId, Post> older = before.map(b -> all.headMap(b, false)).orElse(all);
                return older.descendingMap().values().stream().filter(p -> p.article().isPresent()).limit(limit).map(Post::ref).toList();
            }
        }

        @Override
        public Set<Slug> slugsTaken(UserId author, Slug base) {
            synchronized (InMemoryPostStore.this) {
                calls.record("slugsTaken");
                return slugs.getOrDefault(author, new TreeMap<>()).keySet().stream()
                        .map(Slug::new).filter(base::isBaseOf).limit(1000).collect(java.util.stream.Collectors.toSet());
            }
        }
    }

    private final class PostsView implements Posts {
        @Override
        public boolean publish(Post post, List<FanoutJob> jobs, Optional<IdempotencyCompletion> completion) {
            synchronized (InMemoryPostStore.this) {
                calls.record("publish");
                Objects.requireNonNull(post, "post");
                if (posts.containsKey(post.id())) {
                    return false;
                }
                Optional<Post> parent = post.inReplyTo().map(ref -> existing(ref)
                        .orElseThrow(() -> new FeedlineException.NotFound(
                                "post", "the post replied to does not exist", "inReplyTo")));
                requireFreeSlug(post);
                requireAttachable(post);
                if (completion.isPresent() && !idempotencyKeys.completeHeld(completion.get())) {
                    throw new FeedlineException.IdempotencyInProgress(Duration.ofSeconds(1));
                }
                claimSlug(post);
                attach(post);
                store(post, parent, jobs);
                return true;
            }
        }

        @Override
        public boolean publishDraft(PostId draft, Post post, List<FanoutJob> jobs) {
            synchronized (InMemoryPostStore.this) {
                calls.record("publishDraft");
                NavigableMap<PostId, Post> mine = drafts.getOrDefault(post.authorId(), new TreeMap<>());
                if (!mine.containsKey(draft) || posts.containsKey(post.id())) {
                    return false;
                }
                mine.remove(draft);
                publishedDrafts.computeIfAbsent(post.authorId(), a -> new HashMap<>()).put(draft, post.id());
                claimSlug(post);
                store(post, Optional.empty(), jobs);
                return true;
            }
        }

        /** Writes a post and its jobs; the caller holds the store's lock. */
        private void store(Post post, Optional<Post> parent, List<FanoutJob> jobs) {
            Post stored = post.withLikeCount(0).withReplyCount(0).withRepostCount(0);
            posts.put(post.id(), stored);
            byAuthor.computeIfAbsent(post.authorId(), a -> new TreeMap<>()).put(post.id(), stored);
            parent.ifPresent(p -> threads.computeIfAbsent(p.id(), id -> new TreeMap<>()).put(post.id(), post.ref()));
            post.tags().forEach(tag -> tagged.computeIfAbsent(tag, t -> new TreeMap<>()).put(post.id(), post.ref()));
            jobs.forEach(InMemoryPostStore.this::enqueueLocked);
        }

        @Override
        public boolean delete(PostRef ref, List<FanoutJob> jobs) {
            synchronized (InMemoryPostStore.this) {
                calls.record("delete");
                Post post = posts.get(ref.postId());
                // The engines key a post under its author: a wrong author finds nothing.
                if (post == null || !post.authorId().equals(ref.authorId())) {
                    return false;
                }
                posts.remove(ref.postId());
                byAuthor.get(ref.authorId()).remove(ref.postId());
                post.article().ifPresent(a -> slugs.get(ref.authorId()).remove(a.slug().value()));
                post.tags().forEach(tag -> tagged.getOrDefault(tag, new TreeMap<>()).remove(ref.postId()));
                likes.remove(ref.postId());
                counts.remove(ref.postId());
                post.inReplyTo().ifPresent(parentRef -> {
                    NavigableMap<PostId, PostRef> thread = threads.get(parentRef.postId());
                    if (thread != null) {
                        thread.remove(post.id());
                    }
                });
                jobs.forEach(InMemoryPostStore.this::enqueueLocked);
                return true;
            }
        }

        @Override
        public Optional<Post> get(PostId id) {
            synchronized (InMemoryPostStore.this) {
                calls.record("get");
                return Optional.ofNullable(posts.get(id));
            }
        }

        @Override
        public Optional<Post> get(PostRef ref) {
            synchronized (InMemoryPostStore.this) {
                calls.record("getByRef");
                return entry(ref);
            }
        }

        @Override
        public List<Post> getAll(Collection<PostRef> refs) {
            synchronized (InMemoryPostStore.this) {
                calls.record("getAll");
                Set<PostId> wanted = new HashSet<>();
                List<Post> found = new ArrayList<>();
                for (PostRef ref : refs) {
                    Optional<Post> post = entry(ref);
                    if (post.isPresent() && wanted.add(ref.postId())) {
                        found.add(post.get());
                    }
                }
                found.sort(Comparator.comparing(Post::id).reversed());
                return found;
            }
        }

        @Override
        public List<Post> byAuthor(UserId author, Optional<PostId> before, int limit) {
            synchronized (InMemoryPostStore.this) {
                calls.record("byAuthor");
                NavigableMap<PostId, Post> all = byAuthor.getOrDefault(author, new TreeMap<>());
                NavigableMap<PostId, Post> older = before.map(b -> all.headMap(b, false)).orElse(all);
                return older.descendingMap().values().stream().limit(limit).toList();
            }
        }

        @Override
        public List<PostRef> replies(PostId parent, Optional<PostId> after, int limit) {
            synchronized (InMemoryPostStore.this) {
                calls.record("replies");
                NavigableMap<PostId, PostRef> thread = threads.getOrDefault(parent, new TreeMap<>());
                NavigableMap<PostId, PostRef> later = after.map(a -> thread.tailMap(a, false)).orElse(thread);
                return later.values().stream().limit(limit).toList();
            }
        }

        @Override
        public long countByAuthor(UserId author) {
            synchronized (InMemoryPostStore.this) {
                calls.record("countByAuthor");
                // A repost is not one of the author's posts.
                return byAuthor.getOrDefault(author, new TreeMap<>()).values().stream().filter(p -> !p.isRepost()).count();
            }
        }
    }

    private final class LikesView implements Likes {
        @Override
        public boolean like(PostRef ref, UserId user, List<FanoutJob> jobs) {
            synchronized (InMemoryPostStore.this) {
                calls.record("like");
                if (existing(ref).isEmpty()) {
                    throw new FeedlineException.NotFound("post", "post " + ref.postId() + " does not exist");
                }
                if (!likes.computeIfAbsent(ref.postId(), p -> new HashSet<>()).add(user)) {
                    return false;
                }
                jobs.forEach(InMemoryPostStore.this::enqueueLocked);
                return true;
            }
        }

        @Override
        public boolean unlike(PostRef ref, UserId user, List<FanoutJob> jobs) {
            synchronized (InMemoryPostStore.this) {
                calls.record("unlike");
                Set<UserId> fans = likes.get(ref.postId());
                if (fans == null || !fans.remove(user)) {
                    return false;
                }
                jobs.forEach(InMemoryPostStore.this::enqueueLocked);
                return true;
            }
        }

        @Override
        public Page<UserId> likers(PostId post, PageRequest page) {
            synchronized (InMemoryPostStore.this) {
                calls.record("likers");
                return InMemoryRelations.page(new TreeSet<>(likes.getOrDefault(post, Set.of())), page);
            }
        }

        @Override
        public Page<PostRef> liked(UserId user, PageRequest page) {
            synchronized (InMemoryPostStore.this) {
                calls.record("liked");
                // As the engines keep a like's copy under its user: a deleted post's likes go with it here.
                List<PostRef> all = likes.entrySet().stream()
                        .filter(entry -> entry.getValue().contains(user))
                        .map(entry -> posts.get(entry.getKey()).ref())
                        .sorted(java.util.Comparator.comparing(PostRef::postId).reversed())
                        .toList();
                int from = page.after().map(token -> {
                    PostId last = PostId.of(token.value());
                    int at = 0;
                    while (at < all.size() && all.get(at).postId().compareTo(last) >= 0) {
                        at++;
                    }
                    return at;
                }).orElse(0);
                List<PostRef> rest = all.subList(from, all.size());
                if (rest.size() <= page.limit()) {
                    return Page.last(List.copyOf(rest));
                }
                List<PostRef> items = List.copyOf(rest.subList(0, page.limit()));
                return new Page<>(items, Optional.of(new io.feedline.ports.model.PageToken(items.getLast().postId().value())));
            }
        }
    }

    private final class CountersView implements PostCounters {
        @Override
        public List<CountChange> apply(List<ClaimedJob> claimed) {
            synchronized (InMemoryPostStore.this) {
                calls.record("applyCounts");
                Map<String, CountChange> changes = new LinkedHashMap<>();
                for (ClaimedJob job : claimed) {
                    if (!(job.job() instanceof FanoutJob.CountDelta claimedDelta)) {
                        throw new IllegalArgumentException("not a count job: " + job.job().key());
                    }
                    JobRow row = outbox.get(claimedDelta.key());
                    if (!JobsView.heldBy(row, job)) {
                        continue;
                    }
                    // The delta as it is now: toggles merged in since the claim are applied with it.
                    FanoutJob.CountDelta delta = (FanoutJob.CountDelta) row.job();
                    outbox.remove(delta.key());
                    if (delta.delta() == 0) {
                        continue;
                    }
                    Optional<Post> post = existing(delta.post());
                    if (post.isEmpty()) {
                        continue;
                    }
                    long raw = counts.computeIfAbsent(delta.post().postId(), id -> new EnumMap<>(CounterKind.class))
                            .merge(delta.kind(), delta.delta(), Long::sum);
                    long shown = Math.max(0, raw);
                    replace(switch (delta.kind()) {
                        case LIKES -> post.get().withLikeCount(shown);
                        case REPLIES -> post.get().withReplyCount(shown);
                        case REPOSTS -> post.get().withRepostCount(shown);
                    });
                    changes.merge(delta.post().postId().value() + "/" + delta.kind(),
                            new CountChange(delta.post(), delta.kind(), delta.delta()),
                            (a, b) -> new CountChange(a.post(), a.kind(), a.delta() + b.delta()));
                }
                return List.copyOf(changes.values());
            }
        }

        @Override
        public long count(PostRef ref, CounterKind kind, Optional<FanoutJob.CountDelta> own) {
            synchronized (InMemoryPostStore.this) {
                calls.record("count");
                if (existing(ref).isEmpty()) {
                    throw new FeedlineException.NotFound("post", "post " + ref.postId() + " does not exist");
                }
                long stored = counts.getOrDefault(ref.postId(), Map.of()).getOrDefault(kind, 0L);
                long pending = own.map(job -> outbox.get(job.key()))
                        .map(row -> ((FanoutJob.CountDelta) row.job()).delta()).orElse(0L);
                return Math.max(0, stored + pending);
            }
        }
    }

    private final class RepostsView implements Reposts {
        @Override
        public boolean repost(Post repost, List<FanoutJob> outboxJobs) {
            synchronized (InMemoryPostStore.this) {
                calls.record("repost");
                PostRef original = repost.repostOf().orElseThrow(() -> new IllegalArgumentException("not a repost entry"));
                existing(original).orElseThrow(
                        () -> new FeedlineException.NotFound("post", "post " + original.postId() + " does not exist"));
                Map<UserId, PostRef> byReposter = reposts.computeIfAbsent(original.postId(), p -> new HashMap<>());
                if (byReposter.containsKey(repost.authorId())) {
                    return false;
                }
                byReposter.put(repost.authorId(), repost.ref());
                repostEntries.put(repost.id(), repost);
                byAuthor.computeIfAbsent(repost.authorId(), a -> new TreeMap<>()).put(repost.id(), repost);
                outboxJobs.forEach(InMemoryPostStore.this::enqueueLocked);
                return true;
            }
        }

        @Override
        public Optional<PostRef> unrepost(PostRef original, UserId user, Function<PostRef, List<FanoutJob>> jobs) {
            synchronized (InMemoryPostStore.this) {
                calls.record("unrepost");
                Map<UserId, PostRef> byReposter = reposts.get(original.postId());
                PostRef removed = byReposter == null ? null : byReposter.remove(user);
                if (removed == null) {
                    return Optional.empty();
                }
                repostEntries.remove(removed.postId());
                byAuthor.get(user).remove(removed.postId());
                jobs.apply(removed).forEach(InMemoryPostStore.this::enqueueLocked);
                return Optional.of(removed);
            }
        }

        @Override
        public List<PostRef> reposts(PostId original, int limit) {
            synchronized (InMemoryPostStore.this) {
                calls.record("reposts");
                return reposts.getOrDefault(original, Map.of()).values().stream().limit(limit).toList();
            }
        }

        @Override
        public Page<UserId> reposters(PostId original, PageRequest page) {
            synchronized (InMemoryPostStore.this) {
                calls.record("reposters");
                return InMemoryRelations.page(new TreeSet<>(reposts.getOrDefault(original, Map.of()).keySet()), page);
            }
        }
    }

    private final class JobsView implements FanoutJobs {
        @Override
        public void enqueue(FanoutJob job) {
            synchronized (InMemoryPostStore.this) {
                calls.record("enqueue");
                enqueueLocked(Objects.requireNonNull(job, "job"));
            }
        }

        @Override
        public List<ClaimedJob> claim(JobLane lane, String worker, int max, Instant now, Duration lease) {
            synchronized (InMemoryPostStore.this) {
                // The fan-out lane's polls are "claim", as they were before lanes, so poll counts keep their meaning.
                calls.record(lane == JobLane.FANOUT ? "claim" : "claim_relations");
                List<JobRow> waiting = outbox.values().stream()
                        .filter(row -> row.job().lane() == lane && claimable(row, now))
                        .sorted(Comparator.comparing(JobRow::waitingSince))
                        .limit(Math.max(0, max))
                        .toList();
                List<ClaimedJob> claimed = new ArrayList<>();
                for (JobRow row : waiting) {
                    JobRow leased = new JobRow(row.job(), Optional.of(worker), now.plus(lease),
                            row.checkpoint(), row.attempts() + 1, row.enqueuedAt());
                    outbox.put(row.job().key(), leased);
                    claimed.add(toClaimed(leased));
                }
                return claimed;
            }
        }

        @Override
        public ClaimedJob checkpoint(ClaimedJob job, PageToken position, Instant now, Duration lease) {
            return extend("checkpoint", job, Optional.of(position), now, lease);
        }

        @Override
        public ClaimedJob renew(ClaimedJob job, Instant now, Duration lease) {
            return extend("renew", job, Optional.empty(), now, lease);
        }

        @Override
        public List<Optional<ClaimedJob>> renewAll(List<ClaimedJob> held, Instant now, Duration lease) {
            synchronized (InMemoryPostStore.this) {
                calls.record("renewAll");
                return held.stream().map(job -> extended(job, Optional.empty(), now, lease)).toList();
            }
        }

        /** Moves a held job's lease to {@code now + lease}, and its checkpoint to {@code position} if given. */
        private ClaimedJob extend(String call, ClaimedJob job, Optional<PageToken> position, Instant now, Duration lease) {
            synchronized (InMemoryPostStore.this) {
                calls.record(call);
                return extended(job, position, now, lease).orElseThrow(() -> new FeedlineException.WriteConflict(
                        "lease on " + job.job().key() + " was lost by " + job.leaseOwner(), null));
            }
        }

        /** {@link #extend} unrecorded, with the store's lock held: empty if the lease was lost. */
        private Optional<ClaimedJob> extended(ClaimedJob job, Optional<PageToken> position, Instant now, Duration lease) {
            JobRow row = outbox.get(job.job().key());
            if (!heldBy(row, job)) {
                return Optional.empty();
            }
            JobRow saved = new JobRow(row.job(), row.owner(), now.plus(lease), position.or(row::checkpoint), row.attempts(),
                    row.enqueuedAt());
            outbox.put(job.job().key(), saved);
            return Optional.of(toClaimed(saved));
        }

        @Override
        public void release(ClaimedJob job, Instant retryAt) {
            synchronized (InMemoryPostStore.this) {
                calls.record("release");
                JobRow row = outbox.get(job.job().key());
                if (heldBy(row, job)) {
                    outbox.put(job.job().key(),
                            new JobRow(row.job(), Optional.empty(), retryAt, row.checkpoint(), row.attempts(), row.enqueuedAt()));
                }
            }
        }

        @Override
        public void complete(ClaimedJob job) {
            synchronized (InMemoryPostStore.this) {
                calls.record("complete");
                if (heldBy(outbox.get(job.job().key()), job)) {
                    outbox.remove(job.job().key());
                }
            }
        }

        @Override
        public void completeAll(List<ClaimedJob> finished) {
            synchronized (InMemoryPostStore.this) {
                calls.record("completeAll");
                for (ClaimedJob job : finished) {
                    if (heldBy(outbox.get(job.job().key()), job)) {
                        outbox.remove(job.job().key());
                    }
                }
            }
        }

        @Override
        public int pending() {
            synchronized (InMemoryPostStore.this) {
                calls.record("pending");
                return outbox.size();
            }
        }

        @Override
        public FanoutBacklog backlog(Instant now) {
            synchronized (InMemoryPostStore.this) {
                calls.record("backlog");
                List<Instant> waiting = outbox.values().stream()
                        .filter(row -> claimable(row, now))
                        .map(JobRow::waitingSince)
                        .toList();
                return new FanoutBacklog(waiting.size(), waiting.stream().min(Comparator.naturalOrder()));
            }
        }

        // A lease runs until availableAt and ends strictly before a later claim; a released job is
        // claimable again from its retryAt on.
        private static boolean claimable(JobRow row, Instant now) {
            return row.owner().isPresent() ? row.availableAt().isBefore(now) : !row.availableAt().isAfter(now);
        }

        static boolean heldBy(JobRow row, ClaimedJob job) {
            return row != null && row.owner().equals(Optional.of(job.leaseOwner())) && row.attempts() == job.attempts();
        }

        private static ClaimedJob toClaimed(JobRow row) {
            return new ClaimedJob(row.job(), row.owner().orElseThrow(), row.availableAt(), row.checkpoint(), row.attempts());
        }
    }

    private final class TagIndexView implements TagIndex {
        @Override
        public List<PostRef> posts(Tag tag, Optional<PostId> before, int limit) {
            synchronized (InMemoryPostStore.this) {
                calls.record("tagPosts");
                NavigableMap<PostId, PostRef> all = tagged.getOrDefault(tag, new TreeMap<>());
                NavigableMap<PostId, PostRef> older = before.isPresent() ? all.headMap(before.get(), false) : all;
                return older.descendingMap().values().stream().limit(limit).toList();
            }
        }

        @Override
        public void recordUse(Tag tag, Instant at) {
            tagUses.recordUse(tag, at);
        }

        @Override
        public List<TagUse> usesInHour(Instant hour, int limit) {
            return tagUses.usesInHour(hour, limit);
        }

        @Override
        public long uses(Tag tag) {
            return tagUses.uses(tag);
        }

        @Override
        public List<TagUse> byPrefix(String prefix, int limit) {
            return tagUses.byPrefix(prefix, limit);
        }

        @Override
        public void storeTrending(Trending trending) {
            tagUses.storeTrending(trending);
        }

        @Override
        public Trending trending() {
            return tagUses.trending();
        }
    }

    /** Explore's latest posts: every existing post that starts a thread, newest first. */
    private final class ExploreView implements ExploreIndex {
        @Override
        public Slice latest(Optional<PostId> before, int limit) {
            synchronized (InMemoryPostStore.this) {
                calls.record("exploreLatest");
                List<PostRef> found = posts.values().stream()
                        .filter(post -> post.inReplyTo().isEmpty())
                        .filter(post -> before.map(b -> b.isNewerThan(post.id())).orElse(true))
                        .sorted(Comparator.comparing(Post::id).reversed())
                        .limit(limit)
                        .map(Post::ref)
                        .toList();
                return new Slice(found, found.size() < limit ? Optional.empty() : Optional.of(found.getLast().postId()));
            }
        }
    }
}
