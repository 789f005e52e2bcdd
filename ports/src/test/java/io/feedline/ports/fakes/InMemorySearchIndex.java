package io.feedline.ports.fakes;

import io.feedline.ports.model.IndexedPost;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.SearchIndex;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/** An in-memory {@link SearchIndex} for domain and HTTP tests: a scan of every post, by the port's rules. */
public final class InMemorySearchIndex implements SearchIndex {
    private final ConcurrentSkipListMap<PostId, Indexed> posts = new ConcurrentSkipListMap<>();
    private final Map<UserId, UserSummary> accounts = new ConcurrentHashMap<>();

    private record Indexed(PostRef ref, Set<String> words) {}

    @Override
    public void indexPosts(Collection<IndexedPost> batch) {
        batch.forEach(post -> posts.put(post.ref().postId(), new Indexed(post.ref(), Set.copyOf(words(post.text().value())))));
    }

    @Override
    public void removePosts(Collection<PostId> ids) {
        ids.forEach(posts::remove);
    }

    @Override
    public boolean keepsAccounts() {
        return true;
    }

    @Override
    public void indexAccounts(Collection<UserSummary> batch) {
        batch.forEach(account -> accounts.put(account.id(), account));
    }

    @Override
    public List<PostRef> searchPosts(SearchQuery query, Optional<PostId> before, int limit) {
        List<String> wanted = words(query.value());
        if (wanted.isEmpty()) {
            return List.of();
        }
        var candidates = before.isPresent() ? posts.headMap(before.get(), false) : posts;
        List<PostRef> hits = new ArrayList<>();
        for (Indexed post : candidates.descendingMap().values()) {
            if (post.words().containsAll(wanted)) {
                hits.add(post.ref());
                if (hits.size() == limit) {
                    break;
                }
            }
        }
        return hits;
    }

    @Override
    public List<UserSummary> searchAccounts(SearchQuery query, Optional<Username> after, int limit) {
        List<String> wanted = query.words();
        if (wanted.isEmpty()) {
            return List.of();
        }
        return accounts.values().stream()
                .filter(account -> after.map(a -> account.username().value().compareTo(a.value()) > 0).orElse(true))
                .filter(account -> wanted.stream().allMatch(word -> account.username().value().startsWith(word)
                        || words(account.displayName().value()).stream().anyMatch(name -> name.startsWith(word))))
                .sorted(Comparator.comparing(account -> account.username().value()))
                .limit(limit)
                .toList();
    }

    /** Lower-cased runs of letters, digits and {@code _}. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        text.toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '_') {
                word.appendCodePoint(c);
            } else if (!word.isEmpty()) {
                words.add(word.toString());
                word.setLength(0);
            }
        });
        if (!word.isEmpty()) {
            words.add(word.toString());
        }
        return words;
    }
}
