package io.feedline.adapter.dynamodb;

import static io.feedline.adapter.dynamodb.TableLayout.ARTICLE_STATUS;
import static io.feedline.adapter.dynamodb.TableLayout.POST_ID;
import static io.feedline.adapter.dynamodb.TableLayout.SK;

import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Articles;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Articles in their author's partition ({@code USER#<author>}): the slug items ({@code SLUG#<slug>},
 * naming the post or draft that holds each), the drafts ({@code DRAFT#<id>}), the list of published
 * articles ({@code ARTICLE#<post id>}) and the record of each published draft
 * ({@code PUBLISHED#<draft id>}). None of these sort keys starts with {@code POST#}, so no read of
 * posts (AP2) meets them. The published articles themselves are posts ({@link DynamoPosts}).
 */
final class DynamoArticles implements Articles {
    /** The most slug items one {@link #slugsTaken} reads. */
    static final int MAX_SLUGS_READ = 1_000;

    private final TableAccess db;
    private final DynamoPosts posts;
    private final DynamoIdempotencyKeys idempotencyKeys;

    DynamoArticles(TableAccess db, DynamoPosts posts, DynamoIdempotencyKeys idempotencyKeys) {
        this.db = db;
        this.posts = posts;
        this.idempotencyKeys = idempotencyKeys;
    }

    /** AP46 for a draft: the draft and its slug, each put only if absent, and the key's completion, in one transaction. */
    @Override
    public boolean saveDraft(Post draft, Optional<IdempotencyCompletion> completion) {
        if (!draft.isDraft()) {
            throw new IllegalArgumentException("not a draft: " + draft.id());
        }
        List<TransactWriteItem> items = new ArrayList<>(3);
        items.add(db.putNew(DynamoPosts.draftDocument(draft)));
        items.add(db.putNew(DynamoPosts.slugDocument(draft)));
        completion.map(idempotencyKeys::completeItem).ifPresent(items::add);
        TableAccess.Outcome outcome = db.transact("AP46_save_draft", items, Optional.of(draft.id().value()));
        if (!outcome.failed(0) && outcome.failed(1)) {
            throw new FeedlineException.SlugTaken(draft.article().orElseThrow().slug());
        }
        if (completion.isPresent() && !outcome.committed() && !outcome.failed(0) && outcome.failed(2)) {
            throw new FeedlineException.IdempotencyInProgress(Duration.ofSeconds(1));
        }
        return outcome.committedUnlessFailed(0, "AP46_save_draft");
    }

    @Override
    public Optional<Post> draft(UserId author, PostId id) {
        return db.get("AP49_draft", TableLayout.draft(author, id)).map(DynamoPosts::post);
    }

    @Override
    public List<Post> drafts(UserId author, Optional<PostId> before, int limit) {
        return page("AP49_drafts", TableLayout.drafts(author), before.map(id -> TableLayout.draft(author, id)), limit).stream()
                .map(DynamoPosts::post)
                .toList();
    }

    /** A read of the draft (which slug it holds), then one transaction: the draft and its slug item. */
    @Override
    public boolean deleteDraft(UserId author, PostId id) {
        Optional<Post> draft = draft(author, id);
        if (draft.isEmpty()) {
            return false;
        }
        Expressions namesDraft = Expressions.condition();
        namesDraft.when(namesDraft.name(POST_ID) + " = " + namesDraft.value(AttributeValue.fromS(id.value())));
        List<TransactWriteItem> items = List.of(
                db.deleteExisting(TableLayout.draft(author, id)),
                db.delete(TableLayout.articleSlug(author, draft.get().article().orElseThrow().slug()), namesDraft.build()));
        return db.transact("delete_draft", items, Optional.of(id.value())).committedUnlessFailed(0, "delete_draft");
    }

    @Override
    public Optional<PostRef> publishedAs(UserId author, PostId draft) {
        return db.get("AP50_published_draft", TableLayout.publishedDraft(author, draft))
                .map(item -> new PostRef(PostId.of(item.getString(POST_ID)), author));
    }

    /** AP48: the slug item (GetItem), then the post or the draft it names (GetItem by key). */
    @Override
    public Optional<Post> bySlug(UserId author, Slug slug) {
        Optional<EnhancedDocument> claim = db.get("AP48_slug", TableLayout.articleSlug(author, slug));
        if (claim.isEmpty()) {
            return Optional.empty();
        }
        PostId id = PostId.of(claim.get().getString(POST_ID));
        return ArticleStatus.parse(claim.get().getString(ARTICLE_STATUS), ARTICLE_STATUS) == ArticleStatus.DRAFT
                ? draft(author, id)
                : posts.get(new PostRef(id, author));
    }

    @Override
    public List<PostRef> published(UserId author, Optional<PostId> before, int limit) {
        return page("AP47_articles", TableLayout.articles(author), before.map(id -> TableLayout.articleEntry(author, id)), limit)
                .stream()
                .map(item -> new PostRef(PostId.of(item.getString(POST_ID)), author))
                .toList();
    }

    /** One consistent Query of the slugs from {@code base} on (in slug order), keys only, filtered to the base's forms. */
    @Override
    public Set<Slug> slugsTaken(UserId author, Slug base) {
        String prefix = TableLayout.Entity.ARTICLE_SLUG.skPrefix;
        return db.queryPage("AP48_slugs_taken", QueryEnhancedRequest.builder()
                        .queryConditional(TableLayout.slugsFrom(author, base))
                        .consistentRead(true)
                        .attributesToProject(SK)
                        .limit(MAX_SLUGS_READ)
                        .build())
                .items().stream()
                .map(item -> Slug.of(item.getString(SK).substring(prefix.length())))
                .filter(base::isBaseOf)
                .collect(Collectors.toSet());
    }

    /** One consistent Query, newest first, strictly after {@code after}'s key when given. */
    private List<EnhancedDocument> page(String pattern, QueryConditional query, Optional<Key> after, int limit) {
        QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder()
                .queryConditional(query)
                .scanIndexForward(false)
                .consistentRead(true)
                .limit(limit);
        after.ifPresent(key -> request.exclusiveStartKey(TableLayout.keyMap(key)));
        return db.queryPage(pattern, request.build()).items();
    }
}
