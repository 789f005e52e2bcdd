package io.feedline.adapter.postgres;

import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.IndexedPost;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.SearchIndex;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.statement.Query;

/**
 * The polyglot profile's {@link SearchIndex}: PostgreSQL full-text search. Posts live in
 * {@code post_search} (a generated {@code tsvector} with a GIN index, written by the outbox worker
 * in one statement per batch); the query is the reader's text through {@code websearch_to_tsquery}
 * with the {@code simple} configuration. Accounts are not copied: the users table is in the same
 * database, so account search queries it directly ({@link #keepsAccounts()} is false).
 */
final class PostgresSearchIndex implements SearchIndex {
    private static final String UPSERT = """
            INSERT INTO post_search (post_id, author_id, body)
            SELECT * FROM unnest(:ids::varchar[], :authors::varchar[], :bodies::text[])
            ON CONFLICT (post_id) DO UPDATE SET author_id = EXCLUDED.author_id, body = EXCLUDED.body""";
    private static final String REMOVE = "DELETE FROM post_search WHERE post_id = ANY(:ids)";
    private static final String POSTS = """
            SELECT post_id, author_id FROM post_search
            WHERE document @@ websearch_to_tsquery('simple', :query) AND post_id < :before
            ORDER BY post_id DESC LIMIT :limit""";
    /** Above every ULID: "from the newest". */
    private static final String NEWEST = "~";

    private final Jdbi jdbi;

    PostgresSearchIndex(Jdbi jdbi) {
        this.jdbi = Objects.requireNonNull(jdbi, "jdbi");
    }

    @Override
    public void indexPosts(Collection<IndexedPost> posts) {
        if (posts.isEmpty()) {
            return;
        }
        // One row per post (the last of a batch wins): ON CONFLICT may not touch a row twice.
        Map<PostId, IndexedPost> unique = new LinkedHashMap<>();
        posts.forEach(post -> unique.put(post.ref().postId(), post));
        write("could not index the posts", handle -> handle.createUpdate(UPSERT)
                .bindArray("ids", String.class, unique.values().stream().map(p -> p.ref().postId().value()).toList())
                .bindArray("authors", String.class, unique.values().stream().map(p -> p.ref().authorId().value()).toList())
                .bindArray("bodies", String.class, unique.values().stream().map(p -> p.text().value()).toList())
                .execute());
    }

    @Override
    public void removePosts(Collection<PostId> ids) {
        if (ids.isEmpty()) {
            return;
        }
        write("could not remove the posts", handle -> handle.createUpdate(REMOVE)
                .bindArray("ids", String.class, ids.stream().map(PostId::value).distinct().toList())
                .execute());
    }

    @Override
    public boolean keepsAccounts() {
        return false;
    }

    /** Nothing to do: account search reads the users table. */
    @Override
    public void indexAccounts(Collection<UserSummary> accounts) {
        Objects.requireNonNull(accounts, "accounts");
    }

    @Override
    public List<PostRef> searchPosts(SearchQuery query, Optional<PostId> before, int limit) {
        return read("could not search the posts", handle -> handle.createQuery(POSTS)
                .bind("query", query.value())
                .bind("before", before.map(PostId::value).orElse(NEWEST))
                .bind("limit", limit)
                .map((row, context) -> new PostRef(PostId.of(row.getString("post_id")), UserId.of(row.getString("author_id"))))
                .list());
    }

    /**
     * One query over the users table: each word is a prefix of the lower-cased username (LIKE, its
     * {@code _} escaped with {@code !}) or of a display-name word (a {@code :*} prefix tsquery).
     */
    @Override
    public List<UserSummary> searchAccounts(SearchQuery query, Optional<Username> after, int limit) {
        List<String> words = query.words();
        if (words.isEmpty()) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder("SELECT id, username, display_name FROM users WHERE username > :after");
        for (int i = 0; i < words.size(); i++) {
            sql.append(" AND (lower(username) LIKE :like").append(i).append(" ESCAPE '!'")
                    .append(" OR to_tsvector('simple', display_name) @@ to_tsquery('simple', :prefix").append(i).append("))");
        }
        sql.append(" ORDER BY username LIMIT :limit");
        return read("could not search the accounts", handle -> {
            Query statement = handle.createQuery(sql.toString())
                    .bind("after", after.map(Username::value).orElse(""))
                    .bind("limit", limit);
            for (int i = 0; i < words.size(); i++) {
                String word = words.get(i);
                statement.bind("like" + i, word.replace("!", "!!").replace("_", "!_").replace("%", "!%") + "%");
                // A word is letters, digits and '_' only, so quoting it makes a valid tsquery operand.
                statement.bind("prefix" + i, "'" + word + "':*");
            }
            return statement.map((row, context) -> new UserSummary(UserId.of(row.getString("id")),
                            Username.of(row.getString("username")), DisplayName.of(row.getString("display_name"))))
                    .list();
        });
    }

    private <T> T read(String what, HandleCallback<T, RuntimeException> query) {
        try {
            return jdbi.withHandle(query);
        } catch (JdbiException e) {
            throw PostgresErrors.unavailable(what, e);
        }
    }

    private void write(String what, HandleCallback<Integer, RuntimeException> update) {
        try {
            jdbi.withHandle(update);
        } catch (JdbiException e) {
            throw PostgresErrors.unavailable(what, e);
        }
    }
}
