package io.feedline.scale;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pull oracle, computed from what the test did rather than asked of Feedline: a reader's home
 * feed is every live post of the reader and of the accounts the reader follows, newest first (post
 * ids are ULIDs, so their order is their time, and the feed orders by id the same way). The test
 * builds its follow graph before it publishes, so no backfill or purge enters the picture.
 */
final class FeedOracle {
    private final Map<String, String> authorOfPost = new ConcurrentHashMap<>();
    private final Set<String> deleted = ConcurrentHashMap.newKeySet();
    private final Map<String, Set<String>> followees = new ConcurrentHashMap<>();

    void follows(String reader, String followee) {
        followees.computeIfAbsent(reader, r -> ConcurrentHashMap.newKeySet()).add(followee);
    }

    void published(String postId, String author) {
        authorOfPost.put(postId, author);
    }

    void deleted(String postId) {
        deleted.add(postId);
    }

    /** Whether the reader's feed may show a post of {@code author}: the reader's own, or a followee's. */
    boolean inFeedOf(String reader, String author) {
        return reader.equals(author) || followees.getOrDefault(reader, Set.of()).contains(author);
    }

    boolean knows(String postId) {
        return authorOfPost.containsKey(postId);
    }

    /** The reader's whole feed as the oracle has it: ids, newest first. */
    List<String> feedOf(String reader) {
        return authorOfPost.entrySet().stream()
                .filter(post -> !deleted.contains(post.getKey()) && inFeedOf(reader, post.getValue()))
                .map(Map.Entry::getKey)
                .sorted(Comparator.reverseOrder())
                .toList();
    }

    /** The author's live posts, newest first. */
    List<String> postsBy(String author) {
        return authorOfPost.entrySet().stream()
                .filter(post -> !deleted.contains(post.getKey()) && post.getValue().equals(author))
                .map(Map.Entry::getKey)
                .sorted(Comparator.reverseOrder())
                .toList();
    }
}
