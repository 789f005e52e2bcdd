package io.feedline.domain.feed;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Posts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Function;

/**
 * Fan-out on read: the newest posts of many authors, merged newest first. Each author is one query
 * for at most {@code limit} posts older than the cursor; the queries run in parallel, at most
 * {@code parallelism} at once, and a k-way merge keeps the top {@code limit}. When one query
 * fails, the others are cancelled and the merge fails at once.
 */
public final class PullMerge {
    static final Comparator<Post> NEWEST_FIRST = Comparator.comparing(Post::id).reversed();

    private final Posts posts;
    private final ExecutorService executor;
    private final int parallelism;

    public PullMerge(Posts posts, ExecutorService executor, int parallelism) {
        this.posts = posts;
        this.executor = executor;
        this.parallelism = parallelism;
    }

    public List<Post> newest(Collection<UserId> authors, Optional<PostId> before, int limit) {
        if (authors.isEmpty()) {
            return List.of();
        }
        List<List<Post>> perAuthor = fetch(authors, before, limit);
        return merge(perAuthor, limit);
    }

    private List<List<Post>> fetch(Collection<UserId> authors, Optional<PostId> before, int limit) {
        return each(authors, author -> posts.byAuthor(author, before, limit));
    }

    /**
     * {@code read} of each author, in the order given, at most {@code parallelism} at once (inline
     * for one author). When one read fails, the others are cancelled and this fails at once.
     */
    public <T> List<T> each(Collection<UserId> authors, Function<UserId, T> read) {
        if (authors.size() == 1) {
            return List.of(read.apply(authors.iterator().next()));
        }
        Semaphore permits = new Semaphore(parallelism);
        CompletionService<Indexed<T>> done = new ExecutorCompletionService<>(executor);
        List<Future<Indexed<T>>> futures = new ArrayList<>(authors.size());
        int index = 0;
        for (UserId author : authors) {
            int at = index++;
            futures.add(done.submit(() -> {
                permits.acquire();
                try {
                    return new Indexed<>(at, read.apply(author));
                } finally {
                    permits.release();
                }
            }));
        }
        // Results are taken as they finish, so the first failure is seen at once and the reads
        // still running or waiting are cancelled: a failed page holds no storage calls behind it.
        List<T> results = new ArrayList<>(Collections.nCopies(futures.size(), null));
        try {
            for (int i = 0; i < futures.size(); i++) {
                Indexed<T> result = await(done);
                results.set(result.index(), result.value());
            }
        } finally {
            futures.forEach(future -> future.cancel(true));
        }
        return results;
    }

    private record Indexed<T>(int index, T value) {}

    private static <T> T await(CompletionService<T> done) {
        try {
            return done.take().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FeedlineException.StorageUnavailable("posts", "interrupted during a pull merge", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof FeedlineException fe) {
                throw fe;
            }
            throw new FeedlineException.StorageUnavailable("posts", "pull merge failed", e.getCause());
        }
    }

    /** K-way merge of lists that are each sorted newest first; duplicates (by id) are kept once. */
    public static List<Post> merge(List<List<Post>> sorted, int limit) {
        record Cursor(List<Post> list, int index) {
            Post head() {
                return list.get(index);
            }
        }
        PriorityQueue<Cursor> heads = new PriorityQueue<>(Comparator.comparing(Cursor::head, NEWEST_FIRST));
        for (List<Post> list : sorted) {
            if (!list.isEmpty()) {
                heads.add(new Cursor(list, 0));
            }
        }
        List<Post> out = new ArrayList<>(limit);
        Set<PostId> seen = new HashSet<>();
        while (out.size() < limit && !heads.isEmpty()) {
            Cursor top = heads.poll();
            if (seen.add(top.head().id())) {
                out.add(top.head());
            }
            if (top.index() + 1 < top.list().size()) {
                heads.add(new Cursor(top.list(), top.index() + 1));
            }
        }
        return out;
    }
}
