package io.feedline.adapter.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.SearchIndexContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IndexedPost;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.out.SearchIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract on real index files in a temporary directory, and what only files can show. */
class LuceneSearchIndexTest extends SearchIndexContract {
    @TempDir
    static Path shared;
    private static LuceneSearchIndex index;

    @BeforeAll
    static void open() {
        index = LuceneSearchIndex.open(shared.resolve("search"));
    }

    @AfterAll
    static void close() {
        index.close();
    }

    @Override
    protected SearchIndex searchIndex() {
        return index;
    }

    @Test
    void whatWasIndexedSurvivesClosingAndReopening(@TempDir Path dir) throws IOException {
        String word = word();
        PostRef post = new PostRef(TestIds.postId(), TestIds.userId());
        UserSummary account = new UserSummary(TestIds.userId(), TestIds.username(), DisplayName.of("Kept " + word));
        try (LuceneSearchIndex first = LuceneSearchIndex.open(dir)) {
            first.indexPosts(List.of(new IndexedPost(post, PostText.of("durable " + word))));
            first.indexAccounts(List.of(account));
        }
        assertThat(Files.list(dir)).isNotEmpty();

        try (LuceneSearchIndex reopened = LuceneSearchIndex.open(dir)) {
            assertThat(reopened.searchPosts(SearchQuery.of(word), Optional.empty(), 10)).containsExactly(post);
            assertThat(reopened.searchAccounts(SearchQuery.of(word), Optional.empty(), 10)).containsExactly(account);
        }
    }

    @Test
    void aSecondWriterOnTheSameFilesIsRefused(@TempDir Path dir) {
        try (LuceneSearchIndex first = LuceneSearchIndex.open(dir)) {
            assertThatThrownBy(() -> LuceneSearchIndex.open(dir))
                    .isInstanceOf(FeedlineException.StorageUnavailable.class)
                    .hasMessageContaining("lucene");
            assertThat(first.keepsAccounts()).isTrue();
        }
    }

    @Test
    void theInMemoryIndexPassesTheSameSearches() {
        try (LuceneSearchIndex memory = LuceneSearchIndex.inMemory()) {
            String word = word();
            PostRef post = new PostRef(TestIds.postId(), TestIds.userId());
            memory.indexPosts(List.of(new IndexedPost(post, PostText.of("in memory #" + word))));

            assertThat(memory.searchPosts(SearchQuery.of("#" + word), Optional.empty(), 10)).containsExactly(post);
        }
    }

    @Test
    void newestPostsAreEveryIndexedPostNewestFirst() {
        try (LuceneSearchIndex memory = LuceneSearchIndex.inMemory()) {
            List<PostRef> posts = new java.util.ArrayList<>();
            for (int i = 0; i < 3; i++) {
                PostRef post = new PostRef(TestIds.postId(), TestIds.userId());
                memory.indexPosts(List.of(new IndexedPost(post, PostText.of(word()))));
                posts.add(post);
            }

            assertThat(memory.newestPosts(2)).containsExactly(posts.get(2), posts.get(1));
        }
    }
}
