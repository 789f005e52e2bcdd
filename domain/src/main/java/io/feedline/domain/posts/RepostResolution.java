package io.feedline.domain.posts;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.Reposts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How reposts are shown. A repost entry is replaced by its original, marked with who reposted it
 * (the entry keeps its place: the repost's id); an entry whose original is deleted drops out, so a
 * deleted original leaves every feed at once, whatever its repost entries' retraction has reached.
 *
 * <p>In a home feed each post appears once, at its newest entry there: an entry is dropped when the
 * reader or someone they follow reposted the same post later (a post whose author the reader
 * follows and that was reposted shows at the newest repost, never at its own place as well). The
 * rule looks only at the stored reposts and the follow graph, never at which entries a feed holds,
 * so every fan-out mode shows the same page. It costs nothing for a page whose posts have no other
 * reposts, and otherwise one query of each such post's reposts (at most {@link FeedSettings#MAX_REPOSTS_READ})
 * and one follow lookup for the page. The post's repost count says which posts to look at, so a
 * repost made a moment ago whose count has not reached the cache yet may leave a post shown twice
 * until it does.
 */
public final class RepostResolution {
    private final CachedPosts posts;
    private final Reposts reposts;
    private final FollowGraph graph;

    public RepostResolution(CachedPosts posts, Reposts reposts, FollowGraph graph) {
        this.posts = posts;
        this.reposts = reposts;
        this.graph = graph;
    }

    /** The entries as shown: repost entries as their originals, reposted-by set; deleted originals dropped. */
    List<Post> resolve(List<Post> entries) {
        // A loop, not a stream: most pages hold no repost, and this runs for every page.
        Set<PostRef> originals = null;
        for (Post entry : entries) {
            if (entry.repostOf().isPresent()) {
                if (originals == null) {
                    originals = new LinkedHashSet<>();
                }
                originals.add(entry.repostOf().get());
            }
        }
        if (originals == null) {
            return entries;
        }
        // Through the post cache: a hot original costs no read, and a tombstoned one is gone at once.
        Map<PostId, Post> live = posts.getAll(originals);
        List<Post> shown = new ArrayList<>(entries.size());
        for (Post entry : entries) {
            if (entry.repostOf().isEmpty()) {
                shown.add(entry);
                continue;
            }
            Post original = live.get(entry.repostOf().get().postId());
            if (original != null) {
                shown.add(original.repostedThrough(entry));
            }
        }
        return shown;
    }

    /** {@link #resolve}, then each post at its newest entry in {@code reader}'s home feed only. */
    public List<Post> inFeedOf(UserId reader, List<Post> entries) {
        return inFeedOf(reader, entries, user -> false);
    }

    /**
     * {@link #inFeedOf(UserId, List)} for a reader who is not shown the reposts of {@code hidden}
     * users: their reposts are no newer entries, so the post shows at its newest entry the reader sees.
     */
    public List<Post> inFeedOf(UserId reader, List<Post> entries, java.util.function.Predicate<UserId> hidden) {
        List<Post> shown = resolve(entries);
        // Only a post with a repost other than the entry itself can have a newer entry elsewhere.
        Map<PostId, List<PostRef>> repostsOf = new HashMap<>();
        for (Post post : shown) {
            long others = post.repostCount() - (post.repostedBy().isPresent() ? 1 : 0);
            if (others > 0 && !repostsOf.containsKey(post.id())) {
                repostsOf.put(post.id(), reposts.reposts(post.id(), FeedSettings.MAX_REPOSTS_READ));
            }
        }
        if (repostsOf.isEmpty()) {
            return shown;
        }
        Set<UserId> reposters = new HashSet<>();
        repostsOf.values().forEach(refs -> refs.forEach(ref -> reposters.add(ref.authorId())));
        reposters.remove(reader);
        reposters.removeIf(hidden);
        Set<UserId> followed = reposters.isEmpty() ? Set.of() : graph.followedAmong(reader, reposters);
        return shown.stream().filter(post -> !hasNewerEntry(reader, post, repostsOf, followed)).toList();
    }

    private static boolean hasNewerEntry(UserId reader, Post post, Map<PostId, List<PostRef>> repostsOf, Set<UserId> followed) {
        PostId position = post.position();
        for (PostRef repost : repostsOf.getOrDefault(post.id(), List.of())) {
            boolean inFeed = repost.authorId().equals(reader) || followed.contains(repost.authorId());
            if (inFeed && repost.postId().compareTo(position) > 0) {
                return true;
            }
        }
        return false;
    }
}
