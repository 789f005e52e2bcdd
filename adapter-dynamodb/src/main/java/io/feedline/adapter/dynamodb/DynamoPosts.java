package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.ARTICLE_STATUS;
import static io.feedline.adapter.dynamodb.TableLayout.AUTHOR_ID;
import static io.feedline.adapter.dynamodb.TableLayout.AUTHOR_USERNAME;
import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.IN_REPLY_TO;
import static io.feedline.adapter.dynamodb.TableLayout.IN_REPLY_TO_AUTHOR;
import static io.feedline.adapter.dynamodb.TableLayout.LIKE_COUNT;
import static io.feedline.adapter.dynamodb.TableLayout.MEDIA;
import static io.feedline.adapter.dynamodb.TableLayout.MENTIONS;
import static io.feedline.adapter.dynamodb.TableLayout.POSTS;
import static io.feedline.adapter.dynamodb.TableLayout.POST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.REPLY_COUNT;
import static io.feedline.adapter.dynamodb.TableLayout.REPOST_COUNT;
import static io.feedline.adapter.dynamodb.TableLayout.REPOST_OF;
import static io.feedline.adapter.dynamodb.TableLayout.REPOST_OF_AUTHOR;
import static io.feedline.adapter.dynamodb.TableLayout.SLUG;
import static io.feedline.adapter.dynamodb.TableLayout.TEXT;
import static io.feedline.adapter.dynamodb.TableLayout.TITLE;

import io.feedline.ports.model.Article;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.Posts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Posts under their author ({@code USER#<author>} / {@code POST#<id>}), found by id through a
 * pointer item ({@code POSTID#<id>} / {@code #AUTHOR}) that names the author. A publish or delete
 * is one transaction with the pointer, the author's post counter and its outbox jobs (the fan-out,
 * the parent's reply-count delta, the notifications); for a reply, also with its entry in the
 * parent's thread ({@code POST#<parent>} / {@code REPLY#<id>}) and, on publish, a check that the
 * parent exists; for a publish with an idempotency key, also with the key's completed record,
 * conditioned on this request's claim; for a post with media, also with each attachment's record,
 * conditioned on being the author's and unattached ({@link DynamoMediaAttachments#attachItem}). The
 * post's item carries a copy of its attachments, so reading a post reads no record. A read adds a hot post's counter shards to its counts
 * ({@link DynamoPostCounters}).
 */
final class DynamoPosts implements Posts {
    /** A post's attachments: a list of maps, each an attachment's fields ({@link DynamoMediaAttachments#fields}). */
    private static final EnhancedType<Map<String, String>> MEDIA_FIELDS = EnhancedType.mapOf(String.class, String.class);
    private final TableAccess db;
    private final DynamoFanoutJobs jobs;
    private final DynamoIdempotencyKeys idempotencyKeys;

    DynamoPosts(TableAccess db, DynamoFanoutJobs jobs, DynamoIdempotencyKeys idempotencyKeys) {
        this.db = db;
        this.jobs = jobs;
        this.idempotencyKeys = idempotencyKeys;
    }

    /** Where a reply's parent sits in the publish and delete transactions. */
    private static final int PARENT_ITEM = 2;

    @Override
    public boolean publish(Post post, List<FanoutJob> outboxJobs, Optional<IdempotencyCompletion> completion) {
        List<TransactWriteItem> items = publishItems(post, outboxJobs);
        int firstMediaItem = items.size() - post.media().size();
        // An article claims its slug: put only if absent, so the author's second article of it fails here.
        int slugItem = items.size();
        post.article().ifPresent(article -> items.add(db.putNew(slugDocument(post))));
        int keyItem = items.size();
        completion.map(idempotencyKeys::completeItem).ifPresent(items::add);
        // The post is item 0: its condition failing means "already published". A reply's parent is
        // item 2, conditioned on existing: its failure means the parent is gone, and nothing is written.
        // The key's record, if any, is last: its condition failing means this request no longer holds the key.
        TableAccess.Outcome outcome = db.transact("publish", items, Optional.of(post.id().value()));
        if (!outcome.failed(0) && post.inReplyTo().isPresent() && outcome.failed(PARENT_ITEM)) {
            throw new FeedlineException.NotFound("post", "the post replied to does not exist", "inReplyTo");
        }
        if (!outcome.failed(0) && post.article().isPresent() && outcome.failed(slugItem)) {
            throw new FeedlineException.SlugTaken(post.article().get().slug());
        }
        if (!outcome.failed(0) && IntStream.range(firstMediaItem, firstMediaItem + post.media().size()).anyMatch(outcome::failed)) {
            throw new FeedlineException.MediaUnavailable("mediaIds", "an attachment is not an unattached upload of the author");
        }
        if (completion.isPresent() && !outcome.committed() && !outcome.failed(0) && outcome.failed(keyItem)) {
            throw new FeedlineException.IdempotencyInProgress(Duration.ofSeconds(1));
        }
        return outcome.committedUnlessFailed(0, "publish");
    }

    /**
     * AP50: the post as {@link #publish} writes it, the draft's deletion (conditioned on its
     * existence: a second publish of the draft fails there), the record of what the draft became, and
     * the slug item moved from the draft to the post (conditioned on naming the draft), in one
     * transaction.
     */
    @Override
    public boolean publishDraft(PostId draft, Post post, List<FanoutJob> outboxJobs) {
        Article article = post.article().orElseThrow(() -> new IllegalArgumentException("not an article: " + post.id()));
        List<TransactWriteItem> items = publishItems(post, outboxJobs);
        int draftItem = items.size();
        items.add(db.deleteExisting(TableLayout.draft(post.authorId(), draft)));
        items.add(db.put(TableLayout.Entity.PUBLISHED_DRAFT.document(TableLayout.publishedDraft(post.authorId(), draft))
                .putString(POST_ID, post.id().value())
                .build()));
        Expressions slug = Expressions.update();
        slug.set(POST_ID, AttributeValue.fromS(post.id().value()))
                .set(ARTICLE_STATUS, AttributeValue.fromS(article.status().wireName()))
                .when(slug.name(POST_ID) + " = " + slug.value(AttributeValue.fromS(draft.value())));
        items.add(db.update(TableLayout.articleSlug(post.authorId(), article.slug()), slug.build()));
        TableAccess.Outcome outcome = db.transact("AP50_publish_draft", items, Optional.of(post.id().value()));
        if (outcome.failed(draftItem)) {
            return false;
        }
        return outcome.committedUnlessFailed(0, "AP50_publish_draft");
    }

    /** What every publish writes: the post, its author's count, a reply's thread entry and check, the pointer, tags, explore, article entry, jobs. */
    private List<TransactWriteItem> publishItems(Post post, List<FanoutJob> outboxJobs) {
        List<TransactWriteItem> items = new ArrayList<>(8 + outboxJobs.size());
        items.add(db.putNew(document(post)));
        items.add(Counters.change(db, post.authorId(), Map.of(POSTS, 1L)));
        post.inReplyTo().ifPresent(parent -> {
            items.add(db.check(TableLayout.post(parent.authorId(), parent.postId()), "attribute_exists(" + TableLayout.PK + ")"));
            items.add(db.put(threadEntry(parent.postId(), post.ref())));
        });
        items.add(db.put(pointer(post.ref())));
        post.tags().forEach(tag -> items.add(db.put(DynamoTagIndex.entry(tag, post.ref()))));
        if (post.inReplyTo().isEmpty()) {
            items.add(db.put(ExploreLayout.entryDocument(post.ref())));
        }
        post.article().ifPresent(article -> items.add(db.put(TableLayout.Entity.ARTICLE_ENTRY
                .document(TableLayout.articleEntry(post.authorId(), post.id()))
                .putString(POST_ID, post.id().value())
                .putString(SLUG, article.slug().value())
                .build())));
        outboxJobs.forEach(job -> items.add(jobs.enqueueItem(job)));
        // The attachments come last, so that a publish finds their items by the post's count of media.
        post.media().forEach(media -> items.add(DynamoMediaAttachments.attachItem(db, media, post.id(), post.authorId())));
        return items;
    }

    /** The slug item of an article (a post's or a draft's): the id holding it, and its status. */
    static EnhancedDocument slugDocument(Post article) {
        Article a = article.article().orElseThrow(() -> new IllegalArgumentException("not an article: " + article.id()));
        return TableLayout.Entity.ARTICLE_SLUG.document(TableLayout.articleSlug(article.authorId(), a.slug()))
                .putString(POST_ID, article.id().value())
                .putString(ARTICLE_STATUS, a.status().wireName())
                .build();
    }

    @Override
    public boolean delete(PostRef post, List<FanoutJob> outboxJobs) {
        // A reply leaves its parent's thread, so the delete reads which parent that is first.
        Optional<EnhancedDocument> stored = db.get("delete_post_read", TableLayout.post(post.authorId(), post.postId()));
        if (stored.isEmpty()) {
            return false;
        }
        Post found = post(stored.get(), Map.of());
        Optional<PostRef> parent = found.inReplyTo();
        List<TransactWriteItem> items = new ArrayList<>(4 + outboxJobs.size());
        items.add(db.deleteExisting(TableLayout.post(post.authorId(), post.postId())));
        items.add(Counters.change(db, post.authorId(), Map.of(POSTS, -1L)));
        parent.ifPresent(p -> items.add(db.deleteAny(TableLayout.reply(p.postId(), post.postId()))));
        items.add(db.deleteAny(TableLayout.postPointer(post.postId())));
        found.tags().forEach(tag -> items.add(db.deleteAny(TagLayout.tagPost(tag, post.postId()))));
        if (parent.isEmpty()) {
            items.add(db.deleteAny(ExploreLayout.entry(post.postId())));
        }
        // An article frees its slug and leaves its author's list in its delete.
        found.article().ifPresent(article -> {
            items.add(db.deleteAny(TableLayout.articleSlug(post.authorId(), article.slug())));
            items.add(db.deleteAny(TableLayout.articleEntry(post.authorId(), post.postId())));
        });
        outboxJobs.forEach(job -> items.add(jobs.enqueueItem(job)));
        // The post's condition failing means "already gone".
        return db.transact("delete_post", items, Optional.of(post.postId().value())).committedUnlessFailed(0, "delete_post");
    }

    private static EnhancedDocument threadEntry(PostId parent, PostRef reply) {
        return TableLayout.Entity.REPLY.document(TableLayout.reply(parent, reply.postId()))
                .putString(POST_ID, reply.postId().value())
                .putString(AUTHOR_ID, reply.authorId().value())
                .build();
    }

    @Override
    public List<PostRef> replies(PostId parent, Optional<PostId> after, int limit) {
        QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder()
                .queryConditional(TableLayout.thread(parent))
                .scanIndexForward(true)
                .consistentRead(true)
                .limit(limit);
        after.ifPresent(id -> request.exclusiveStartKey(TableLayout.keyMap(TableLayout.reply(parent, id))));
        return db.queryPage("AP9_thread", request.build()).items().stream()
                .map(item -> new PostRef(PostId.of(item.getString(POST_ID)), UserId.of(item.getString(AUTHOR_ID))))
                .toList();
    }

    /** The pointer that lets a post id find its author's partition. */
    private static EnhancedDocument pointer(PostRef post) {
        return TableLayout.Entity.POST_POINTER.document(TableLayout.postPointer(post.postId()))
                .putString(POST_ID, post.postId().value())
                .putString(AUTHOR_ID, post.authorId().value())
                .build();
    }

    /**
     * Two strongly consistent GetItems, the pointer then the post, so that an author who publishes
     * and at once reads, likes, replies to or deletes the post by id finds it: GSI1 could still
     * lack it. Without a pointer, GSI1 names the author of a post older than the pointers (the
     * index has long caught up with it), and the post itself is then read by key, since the index
     * may still show a post deleted a moment ago. So an id that names no post costs a GetItem and
     * a Query.
     */
    @Override
    public Optional<Post> get(PostId id) {
        Optional<UserId> author = db.get("AP3_post_pointer", TableLayout.postPointer(id))
                .map(pointer -> UserId.of(pointer.getString(AUTHOR_ID)));
        if (author.isEmpty()) {
            author = db.queryIndexPage("AP3_post_by_index", QueryEnhancedRequest.builder()
                            .queryConditional(TableLayout.postById(id))
                            .attributesToProject(AUTHOR_ID)
                            .limit(1)
                            .build())
                    .items().stream().findFirst().map(item -> UserId.of(item.getString(AUTHOR_ID)));
        }
        return author.flatMap(a -> get(new PostRef(id, a)));
    }

    @Override
    public Optional<Post> get(PostRef ref) {
        return db.get("get_post_by_key", TableLayout.post(ref.authorId(), ref.postId()))
                .flatMap(item -> posts("get_post_by_key", List.of(item)).stream().findFirst());
    }

    @Override
    public List<Post> getAll(Collection<PostRef> refs) {
        if (refs.isEmpty()) {
            return List.of();
        }
        List<Key> keys = new LinkedHashSet<>(refs).stream()
                .map(ref -> TableLayout.post(ref.authorId(), ref.postId()))
                .toList();
        // Consistent: a post deleted a moment ago is gone from the page, a like just made is counted.
        return posts("hydrate_posts", db.batchGetConsistent("hydrate_posts", keys)).stream()
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
        return posts("AP2_author_timeline", db.queryPage("AP2_author_timeline", request.build()).items());
    }

    @Override
    public long countByAuthor(UserId author) {
        return Counters.value(Counters.read(db, "post_count", author), POSTS);
    }

    static EnhancedDocument document(Post post) {
        EnhancedDocument.Builder document = TableLayout.Entity.POST.document(TableLayout.post(post.authorId(), post.id()))
                .putString(TableLayout.GSI1_PK, TableLayout.postIndexPk(post.id()))
                .putString(TableLayout.GSI1_SK, TableLayout.postIndexSk())
                .putString(POST_ID, post.id().value())
                .putString(AUTHOR_ID, post.authorId().value())
                .putString(AUTHOR_USERNAME, post.authorUsername().value())
                .putString(TEXT, post.text().value())
                .putString(CREATED_AT, post.createdAt().toString())
                .putNumber(LIKE_COUNT, post.likeCount())
                .putNumber(REPLY_COUNT, post.replyCount())
                .putNumber(REPOST_COUNT, post.repostCount());
        post.inReplyTo().ifPresent(parent -> document
                .putString(IN_REPLY_TO, parent.postId().value())
                .putString(IN_REPLY_TO_AUTHOR, parent.authorId().value()));
        if (!post.mentions().isEmpty()) {
            document.putList(MENTIONS, post.mentions().stream().map(DynamoPosts::mention).toList(), EnhancedType.of(String.class));
        }
        DynamoTagIndex.putTags(document, post);
        putArticle(document, post);
        if (!post.media().isEmpty()) {
            document.putList(MEDIA, post.media().stream().map(DynamoMediaAttachments::fields).toList(), MEDIA_FIELDS);
        }
        return document.build();
    }

    /** A draft's item: the post's attributes under the draft's key, with no index keys (no page of its own). */
    static EnhancedDocument draftDocument(Post draft) {
        EnhancedDocument.Builder document = TableLayout.Entity.DRAFT.document(TableLayout.draft(draft.authorId(), draft.id()))
                .putString(POST_ID, draft.id().value())
                .putString(AUTHOR_ID, draft.authorId().value())
                .putString(AUTHOR_USERNAME, draft.authorUsername().value())
                .putString(TEXT, draft.text().value())
                .putString(CREATED_AT, draft.createdAt().toString());
        putArticle(document, draft);
        return document.build();
    }

    private static void putArticle(EnhancedDocument.Builder document, Post post) {
        post.article().ifPresent(article -> document
                .putString(TITLE, article.title().value())
                .putString(SLUG, article.slug().value())
                .putString(ARTICLE_STATUS, article.status().wireName()));
    }

    /** The posts of these items, a hot post's counts with its shards added (one batch read when any is hot). */
    private List<Post> posts(String pattern, List<EnhancedDocument> items) {
        Map<PostId, Map<String, Long>> shards = DynamoPostCounters.shardSums(db, pattern, items);
        return items.stream()
                .map(item -> post(item, shards.getOrDefault(PostId.of(item.getString(POST_ID)), Map.of())))
                .toList();
    }

    /**
     * A repost's entry in its reposter's timeline: the post's key family, without GSI1 keys (it has
     * no page of its own) and without a text (readers are shown the original).
     */
    static EnhancedDocument repostDocument(Post repost) {
        PostRef original = repost.repostOf().orElseThrow(() -> new IllegalArgumentException("not a repost entry"));
        return TableLayout.Entity.REPOST.document(TableLayout.repostEntry(repost.authorId(), repost.id()))
                .putString(POST_ID, repost.id().value())
                .putString(AUTHOR_ID, repost.authorId().value())
                .putString(AUTHOR_USERNAME, repost.authorUsername().value())
                .putString(CREATED_AT, repost.createdAt().toString())
                .putString(REPOST_OF, original.postId().value())
                .putString(REPOST_OF_AUTHOR, original.authorId().value())
                .build();
    }

    /** A post, or a repost's entry, from its item, without counter shards. */
    static Post post(EnhancedDocument item) {
        return post(item, Map.of());
    }

    /**
     * The post (or a repost's entry) of this item, each count being the item's plus
     * {@code shardSums}' for its attribute. A count may dip below zero for a moment (an unlike's
     * delta applied before its like's) and is shown as zero then.
     */
    static Post post(EnhancedDocument item, Map<String, Long> shardSums) {
        if (item.isPresent(REPOST_OF)) {
            return Post.repost(PostId.of(item.getString(POST_ID)), UserId.of(item.getString(AUTHOR_ID)),
                    Username.of(item.getString(AUTHOR_USERNAME)),
                    new PostRef(PostId.of(item.getString(REPOST_OF)), UserId.of(item.getString(REPOST_OF_AUTHOR))),
                    Instant.parse(item.getString(CREATED_AT)));
        }
        return new Post(
                PostId.of(item.getString(POST_ID)),
                UserId.of(item.getString(AUTHOR_ID)),
                Username.of(item.getString(AUTHOR_USERNAME)),
                new PostText(item.getString(TEXT)),
                Instant.parse(item.getString(CREATED_AT)),
                count(item, LIKE_COUNT, shardSums),
                item.isPresent(IN_REPLY_TO)
                        ? Optional.of(new PostRef(PostId.of(item.getString(IN_REPLY_TO)), UserId.of(item.getString(IN_REPLY_TO_AUTHOR))))
                        : Optional.empty(),
                // Posts written before replies existed carry no reply count.
                count(item, REPLY_COUNT, shardSums),
                item.isPresent(MENTIONS)
                        ? item.getList(MENTIONS, EnhancedType.of(String.class)).stream().map(DynamoPosts::mention).toList()
                        : List.of(),
                // Posts written before reposts existed carry no repost count.
                count(item, REPOST_COUNT, shardSums),
                Optional.empty(),
                Optional.empty(),
                DynamoTagIndex.tags(item),
                item.isPresent(TITLE)
                        ? Optional.of(new Article(ArticleTitle.of(item.getString(TITLE)), Slug.of(item.getString(SLUG)),
                                ArticleStatus.parse(item.getString(ARTICLE_STATUS), ARTICLE_STATUS)))
                        : Optional.empty(),
                item.isPresent(MEDIA)
                        ? item.getList(MEDIA, MEDIA_FIELDS).stream().map(DynamoMediaAttachments::attachment).toList()
                        : List.of());
    }

    private static long count(EnhancedDocument item, String attribute, Map<String, Long> shardSums) {
        return Math.max(0, DynamoPostCounters.number(item, attribute) + shardSums.getOrDefault(attribute, 0L));
    }

    /** A mention as one string, {@code <id> <username>}: neither may hold a space. */
    private static String mention(Mention mention) {
        return mention.id().value() + " " + mention.username().value();
    }

    private static Mention mention(String stored) {
        int space = stored.indexOf(' ');
        return new Mention(UserId.of(stored.substring(0, space)), Username.of(stored.substring(space + 1)));
    }
}
