package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Article;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Tag;
import io.feedline.ports.out.PostCache;
import io.feedline.ports.model.CachedPost;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.MediaDescription;
import io.feedline.ports.model.Focus;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What every {@link PostCache} must do. Each test uses fresh post ids, so a shared engine needs no cleanup. */
public abstract class PostCacheContract {

    /** The cache under test; called at most once per test. */
    protected abstract PostCache postCache();

    static Post freshPost(String text, long likes) {
        return new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of(text),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), likes);
    }

    @Test
    void aCachedPostKeepsItsTags() {
        PostCache cache = postCache();
        Post tagged = freshPost("#java and #日本語", 0).tagged(List.of(Tag.of("java"), Tag.of("日本語")));
        Post plain = freshPost("no tags", 0);
        cache.putAll(List.of(tagged, plain));

        assertThat(cache.getAll(List.of(tagged.id(), plain.id())))
                .containsEntry(tagged.id(), new CachedPost.Present(tagged))
                .containsEntry(plain.id(), new CachedPost.Present(plain));
    }

    @Test
    void aCachedArticleKeepsItsTitleSlugStatusAndWholeBody() {
        PostCache cache = postCache();
        String body = "A long body, line one.\nLine two: ünïcødé ✓ \"quoted\" ".repeat(400);
        Post article = new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), new PostText(body),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), 2)
                .asArticle(new Article(ArticleTitle.of("Héllo: a \"title\""), Slug.of("hello-a-title-2"), ArticleStatus.PUBLISHED));
        Post plain = freshPost("no article", 0);
        cache.putAll(List.of(article, plain));

        assertThat(cache.get(article.id())).contains(new CachedPost.Present(article));
        assertThat(cache.getAll(List.of(article.id(), plain.id())))
                .containsEntry(article.id(), new CachedPost.Present(article))
                .containsEntry(plain.id(), new CachedPost.Present(plain));

        // Written again as a plain post (the fields of the last put are the truth).
        Post rewritten = new Post(article.id(), article.authorId(), article.authorUsername(), PostText.of("plain now"),
                article.createdAt(), 2);
        cache.putAll(List.of(rewritten));
        assertThat(cache.get(article.id())).contains(new CachedPost.Present(rewritten));
    }

    @Test
    void aPostWithMediaIsKeptWithThemWhole() {
        PostCache cache = postCache();
        UserId owner = TestIds.userId();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Post photo = freshPost("a photo", 0).withMedia(List.of(
                MediaAttachmentsContract.upload(owner, now)
                        .described(Optional.of(new MediaDescription("two lines,\tа tab ✓\nand \"quotes\"")), new Focus(0.5, -0.25)),
                MediaAttachmentsContract.upload(owner, now.plusMillis(1))));
        cache.putAll(List.of(photo));

        // A hot page of posts with photos is served from the cache, attachments and all.
        for (int ask = 0; ask < 2; ask++) {
            assertThat(cache.get(photo.id())).as("ask %d", ask).contains(new CachedPost.Present(photo));
            assertThat(cache.getAll(List.of(photo.id()))).as("ask %d", ask)
                    .containsEntry(photo.id(), new CachedPost.Present(photo));
        }
    }

    @Test
    void unknownPostsAreMisses() {
        PostCache cache = postCache();
        PostId id = TestIds.postId();

        assertThat(cache.getAll(List.of(id))).isEmpty();
        assertThat(cache.get(id)).isEmpty();
    }

    @Test
    void putPostsReadBackWholeInOneBatch() {
        PostCache cache = postCache();
        List<Post> posts = IntStream.range(0, 40).mapToObj(i -> freshPost("post " + i + " ünïcødé ✓ \"quoted\"", i)).toList();
        PostId missing = TestIds.postId();

        cache.putAll(posts);

        List<PostId> ids = new java.util.ArrayList<>(posts.stream().map(Post::id).toList());
        ids.add(missing);
        Map<PostId, CachedPost> found = cache.getAll(ids);
        assertThat(found).hasSize(40).doesNotContainKey(missing);
        for (Post post : posts) {
            assertThat(found.get(post.id())).isEqualTo(new CachedPost.Present(post));
            assertThat(cache.get(post.id())).contains(new CachedPost.Present(post));
        }
    }

    @Test
    void anIdListedTwiceIsAnsweredOnceEachTime() {
        PostCache cache = postCache();
        Post cached = freshPost("listed twice", 1);
        PostId missing = TestIds.postId();
        cache.putAll(List.of(cached));

        // Asked twice over: once read from the engine, then from whatever copy a cache keeps near.
        for (int ask = 0; ask < 2; ask++) {
            Map<PostId, CachedPost> found = cache.getAll(List.of(cached.id(), missing, cached.id(), missing));
            assertThat(found).as("ask %d", ask).containsExactly(Map.entry(cached.id(), new CachedPost.Present(cached)));
        }
    }

    @Test
    void aPutReplacesWhatWasHeld() {
        PostCache cache = postCache();
        Post post = freshPost("counted", 3);
        cache.putAll(List.of(post));

        cache.putAll(List.of(post.withLikeCount(9)));

        assertThat(cache.get(post.id())).contains(new CachedPost.Present(post.withLikeCount(9)));
    }

    @Test
    void aReplyComesBackWithItsParentItsReplyCountAndItsMentions() {
        PostCache cache = postCache();
        Post parent = freshPost("the question", 0);
        Post reply = freshPost("@ann @bob the answer", 2)
                .replyingTo(parent.ref())
                .withReplyCount(4)
                .withRepostCount(1)
                .mentioning(List.of(new io.feedline.ports.model.Mention(TestIds.userId(), TestIds.username()),
                        new io.feedline.ports.model.Mention(TestIds.userId(), TestIds.username())));
        Post plain = freshPost("no parent, no mentions", 0).withReplyCount(3);

        cache.putAll(List.of(reply, plain));

        assertThat(cache.get(reply.id())).contains(new CachedPost.Present(reply));
        assertThat(cache.getAll(List.of(reply.id(), plain.id())))
                .containsEntry(reply.id(), new CachedPost.Present(reply))
                .containsEntry(plain.id(), new CachedPost.Present(plain));

        // Written again as a post that is no reply (the fields of the last put are the truth).
        Post rewritten = new Post(reply.id(), reply.authorId(), reply.authorUsername(), reply.text(), reply.createdAt(), 2);
        cache.putAll(List.of(rewritten));
        assertThat(cache.get(reply.id())).contains(new CachedPost.Present(rewritten));
    }

    @Test
    void aTombstoneAnswersDeletedAndNoLaterPutRevivesThePost() {
        PostCache cache = postCache();
        Post post = freshPost("to be deleted", 1);
        Post neverCached = freshPost("deleted before any read", 0);
        cache.putAll(List.of(post));

        cache.tombstone(post.id());
        cache.tombstone(neverCached.id());
        cache.putAll(List.of(post, neverCached));

        assertThat(cache.getAll(List.of(post.id(), neverCached.id())))
                .containsEntry(post.id(), new CachedPost.Deleted())
                .containsEntry(neverCached.id(), new CachedPost.Deleted());
        assertThat(cache.get(post.id())).contains(new CachedPost.Deleted());
    }

    @Test
    void likeCountsMoveByIncrementsOnCachedPostsOnly() {
        PostCache cache = postCache();
        Post cached = freshPost("liked", 5);
        Post uncached = freshPost("never read", 0);
        cache.putAll(List.of(cached));

        cache.incrementLikes(cached.id(), 1);
        cache.incrementLikes(cached.id(), 1);
        cache.incrementLikes(cached.id(), -1);
        cache.incrementLikes(uncached.id(), 1);

        assertThat(cache.get(cached.id())).contains(new CachedPost.Present(cached.withLikeCount(6)));
        assertThat(cache.getAll(List.of(cached.id()))).containsEntry(cached.id(), new CachedPost.Present(cached.withLikeCount(6)));
        assertThat(cache.get(uncached.id())).as("an increment creates no entry").isEmpty();
    }

    @Test
    void repostCountsMoveByIncrementsOnCachedPostsOnly() {
        PostCache cache = postCache();
        Post cached = freshPost("reposted", 0).withRepostCount(3);
        Post uncached = freshPost("never read", 0);
        cache.putAll(List.of(cached));

        cache.incrementReposts(cached.id(), 1);
        cache.incrementReposts(cached.id(), 1);
        cache.incrementReposts(cached.id(), -1);
        cache.incrementReposts(uncached.id(), 1);

        assertThat(cache.get(cached.id())).contains(new CachedPost.Present(cached.withRepostCount(4)));
        assertThat(cache.get(uncached.id())).as("an increment creates no entry").isEmpty();
    }

    @Test
    void aRepostEntryComesBackAsARepostOfItsOriginal() {
        PostCache cache = postCache();
        Post original = freshPost("the original", 0);
        PostId repostId = TestIds.postId();
        Post repost = Post.repost(repostId, TestIds.userId(), TestIds.username(), original.ref(),
                Instant.ofEpochMilli(repostId.epochMillis()));

        cache.putAll(List.of(repost));

        assertThat(cache.get(repost.id())).contains(new CachedPost.Present(repost));
        assertThat(cache.getAll(List.of(repost.id()))).containsEntry(repost.id(), new CachedPost.Present(repost));
    }

    @Test
    void anIncrementOnADeletedPostLeavesTheTombstone() {
        PostCache cache = postCache();
        Post post = freshPost("deleted, then liked late", 2);
        cache.putAll(List.of(post));
        cache.tombstone(post.id());

        cache.incrementLikes(post.id(), 1);

        assertThat(cache.get(post.id())).contains(new CachedPost.Deleted());
    }

    @Test
    void evictForgetsThePostAndItsTombstone() {
        PostCache cache = postCache();
        Post post = freshPost("evicted", 0);
        Post deleted = freshPost("tombstone evicted", 0);
        cache.putAll(List.of(post));
        cache.tombstone(deleted.id());

        cache.evict(post.id());
        cache.evict(deleted.id());

        assertThat(cache.getAll(List.of(post.id(), deleted.id()))).isEmpty();
        assertThat(cache.get(deleted.id())).isEqualTo(Optional.empty());
    }
}
