package io.feedline.adapter.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.SearchIndexContract;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.IndexedPost;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.out.SearchIndex;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The contract on the real server; accounts are made known by registering them in the users table. */
class PostgresSearchIndexTest extends SearchIndexContract {
    private static final PasswordHash SOME_HASH = new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");

    @RegisterExtension
    static final ThrowawaySchema schema = new ThrowawaySchema(4);

    @Override
    protected SearchIndex searchIndex() {
        return schema.users().searchIndex();
    }

    @Override
    protected void accountExists(SearchIndex index, UserAccount account) {
        schema.users().userAccounts().create(account, SOME_HASH);
    }

    @Test
    void theDocumentIsGeneratedFromTheTextWithTheSimpleConfiguration() throws Exception {
        PostRef post = new PostRef(TestIds.postId(), TestIds.userId());
        searchIndex().indexPosts(List.of(new IndexedPost(post, PostText.of("Running #Jazz with @Ada"))));

        assertThat(schema.row("SELECT document::text AS document FROM post_search WHERE post_id = ?", post.postId().value())
                .orElseThrow())
                .containsEntry("document", "'ada':4 'jazz':2 'running':1 'with':3");
    }

    @Test
    void theSearchesUseTheirIndexes() throws Exception {
        assertThat(schema.planWithoutSeqScan(
                "SELECT post_id FROM post_search WHERE document @@ websearch_to_tsquery('simple', 'jazz')"))
                .contains("post_search_document_idx");
        assertThat(schema.planWithoutSeqScan("SELECT id FROM users WHERE lower(username) LIKE 'ab%'"))
                .contains("users_username_prefix_idx");
        assertThat(schema.planWithoutSeqScan(
                "SELECT id FROM users WHERE to_tsvector('simple', display_name) @@ to_tsquery('simple', '''ab'':*')"))
                .contains("users_display_name_search_idx");
    }
}
