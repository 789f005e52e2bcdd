package io.feedline.adapter.lucene;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.IndexedPost;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.SearchIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * The embedded profile's {@link SearchIndex}: one Lucene index, file-backed under the data
 * directory (or in memory), with one {@link IndexWriter} per process (Lucene's write lock refuses a
 * second) and a near-real-time {@link SearcherManager}. Each call that writes is one batch: its
 * documents, one commit (so what the outbox worker completes is durable) and one refresh, so a
 * search right after it sees the batch.
 *
 * <p>Posts and accounts are documents of two kinds. A post's text is analyzed by Lucene's
 * {@link StandardAnalyzer} without stop words (Unicode word breaks, lower case, no stemming), and
 * the posts are sorted by their id, newest first (ids are ULIDs: the order of publication). An
 * account keeps its username as one term (prefix search, sort) and its display name analyzed.
 */
public final class LuceneSearchIndex implements SearchIndex, AutoCloseable {
    static final String COMPONENT = "lucene";
    private static final String KIND = "kind";
    private static final String POST = "post";
    private static final String ACCOUNT = "account";
    private static final String POST_ID = "post_id";
    private static final String POST_SORT = "post_sort";
    private static final String AUTHOR_ID = "author_id";
    private static final String TEXT = "text";
    private static final String ACCOUNT_ID = "account_id";
    private static final String USERNAME = "username";
    private static final String USERNAME_SORT = "username_sort";
    private static final String DISPLAY_NAME = "display_name";
    private static final String NAME = "name";

    private final Directory directory;
    private final Analyzer analyzer;
    private final IndexWriter writer;
    private final SearcherManager searchers;

    private LuceneSearchIndex(Directory directory) throws IOException {
        this.directory = directory;
        this.analyzer = new StandardAnalyzer(CharArraySet.EMPTY_SET);
        this.writer = new IndexWriter(directory, new IndexWriterConfig(analyzer)
                .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                .setCommitOnClose(true));
        this.searchers = new SearcherManager(writer, null);
    }

    /** The index in {@code dir} (created if absent), held by this process until {@link #close()}. */
    public static LuceneSearchIndex open(Path dir) {
        Objects.requireNonNull(dir, "dir");
        try {
            return new LuceneSearchIndex(FSDirectory.open(dir));
        } catch (IOException e) {
            throw new FeedlineException.StorageUnavailable(COMPONENT, "could not open the search index in " + dir, e);
        }
    }

    /** An index in this process's memory, gone when it closes. */
    public static LuceneSearchIndex inMemory() {
        try {
            return new LuceneSearchIndex(new ByteBuffersDirectory());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void indexPosts(Collection<IndexedPost> posts) {
        if (posts.isEmpty()) {
            return;
        }
        write("index posts", () -> {
            for (IndexedPost post : posts) {
                Document doc = new Document();
                String id = post.ref().postId().value();
                doc.add(new StringField(KIND, POST, Field.Store.NO));
                doc.add(new StringField(POST_ID, id, Field.Store.YES));
                doc.add(new SortedDocValuesField(POST_SORT, new BytesRef(id)));
                doc.add(new StoredField(AUTHOR_ID, post.ref().authorId().value()));
                doc.add(new TextField(TEXT, post.text().value(), Field.Store.NO));
                writer.updateDocument(new Term(POST_ID, id), doc);
            }
        });
    }

    @Override
    public void removePosts(Collection<PostId> ids) {
        if (ids.isEmpty()) {
            return;
        }
        write("remove posts", () -> writer.deleteDocuments(
                ids.stream().map(id -> new Term(POST_ID, id.value())).toArray(Term[]::new)));
    }

    @Override
    public boolean keepsAccounts() {
        return true;
    }

    @Override
    public void indexAccounts(Collection<UserSummary> accounts) {
        if (accounts.isEmpty()) {
            return;
        }
        write("index accounts", () -> {
            for (UserSummary account : accounts) {
                Document doc = new Document();
                String username = account.username().value();
                doc.add(new StringField(KIND, ACCOUNT, Field.Store.NO));
                doc.add(new StringField(ACCOUNT_ID, account.id().value(), Field.Store.YES));
                doc.add(new StringField(USERNAME, username, Field.Store.YES));
                doc.add(new SortedDocValuesField(USERNAME_SORT, new BytesRef(username)));
                doc.add(new StoredField(DISPLAY_NAME, account.displayName().value()));
                doc.add(new TextField(NAME, account.displayName().value(), Field.Store.NO));
                writer.updateDocument(new Term(ACCOUNT_ID, account.id().value()), doc);
            }
        });
    }

    @Override
    public List<PostRef> searchPosts(SearchQuery query, Optional<PostId> before, int limit) {
        List<String> words = analyze(query.value());
        if (words.isEmpty()) {
            return List.of();
        }
        BooleanQuery.Builder match = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(KIND, POST)), BooleanClause.Occur.FILTER);
        words.forEach(word -> match.add(new TermQuery(new Term(TEXT, word)), BooleanClause.Occur.FILTER));
        before.ifPresent(id -> match.add(TermRangeQuery.newStringRange(POST_ID, null, id.value(), false, false),
                BooleanClause.Occur.FILTER));
        return search(match.build(), new Sort(new SortField(POST_SORT, SortField.Type.STRING, true)), limit,
                (fields, doc) -> {
                    Document stored = fields.document(doc);
                    return new PostRef(PostId.of(stored.get(POST_ID)), UserId.of(stored.get(AUTHOR_ID)));
                });
    }

    @Override
    public List<UserSummary> searchAccounts(SearchQuery query, Optional<Username> after, int limit) {
        List<String> words = query.words();
        if (words.isEmpty()) {
            return List.of();
        }
        BooleanQuery.Builder match = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(KIND, ACCOUNT)), BooleanClause.Occur.FILTER);
        for (String word : words) {
            match.add(new BooleanQuery.Builder()
                    .add(new PrefixQuery(new Term(USERNAME, word)), BooleanClause.Occur.SHOULD)
                    .add(new PrefixQuery(new Term(NAME, word)), BooleanClause.Occur.SHOULD)
                    .setMinimumNumberShouldMatch(1)
                    .build(), BooleanClause.Occur.FILTER);
        }
        after.ifPresent(name -> match.add(TermRangeQuery.newStringRange(USERNAME, name.value(), null, false, true),
                BooleanClause.Occur.FILTER));
        return search(match.build(), new Sort(new SortField(USERNAME_SORT, SortField.Type.STRING)), limit,
                (fields, doc) -> {
                    Document stored = fields.document(doc);
                    return new UserSummary(UserId.of(stored.get(ACCOUNT_ID)), Username.of(stored.get(USERNAME)),
                            DisplayName.of(stored.get(DISPLAY_NAME)));
                });
    }

    /**
     * The newest {@code limit} posts indexed, whatever their text: every post matched, sorted by id,
     * the top kept. The floor under every post search of this index (the benchmark's baseline).
     */
    public List<PostRef> newestPosts(int limit) {
        return search(new TermQuery(new Term(KIND, POST)), new Sort(new SortField(POST_SORT, SortField.Type.STRING, true)),
                limit, (fields, doc) -> {
                    Document stored = fields.document(doc);
                    return new PostRef(PostId.of(stored.get(POST_ID)), UserId.of(stored.get(AUTHOR_ID)));
                });
    }

    /** The words of {@code text} as the index holds them: the post analyzer's terms, each once. */
    private List<String> analyze(String text) {
        Set<String> words = new LinkedHashSet<>();
        try (TokenStream tokens = analyzer.tokenStream(TEXT, text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken()) {
                words.add(term.toString());
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(words);
    }

    private interface Hit<T> {
        T read(StoredFields fields, int doc) throws IOException;
    }

    private <T> List<T> search(Query query, Sort sort, int limit, Hit<T> hit) {
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                TopDocs top = searcher.search(query, limit, sort);
                StoredFields fields = searcher.storedFields();
                List<T> hits = new ArrayList<>(top.scoreDocs.length);
                for (ScoreDoc doc : top.scoreDocs) {
                    hits.add(hit.read(fields, doc.doc));
                }
                return hits;
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException | org.apache.lucene.store.AlreadyClosedException e) {
            throw new FeedlineException.StorageUnavailable(COMPONENT, "could not search the index", e);
        }
    }

    private interface Write {
        void run() throws IOException;
    }

    /** One batch: the documents, one commit, one refresh of the searchers. */
    private void write(String what, Write change) {
        try {
            change.run();
            writer.commit();
            searchers.maybeRefreshBlocking();
        } catch (IOException | org.apache.lucene.store.AlreadyClosedException e) {
            throw new FeedlineException.StorageUnavailable(COMPONENT, "could not " + what, e);
        }
    }

    /** Commits what is pending and releases the index (and its write lock). */
    @Override
    public void close() {
        try {
            searchers.close();
            writer.close();
            directory.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
