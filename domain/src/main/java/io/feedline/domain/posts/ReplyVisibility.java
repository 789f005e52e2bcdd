package io.feedline.domain.posts;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which replies belong in a home feed (Mastodon's rule): a reply shows only while its parent
 * exists, and only to a reader who also sees the parent's author there, that is the reader follows
 * that author or is that author, or the reply answers its own author (a thread). The reader's own
 * replies always show while their parent exists. Applied when a page is read, the same way in
 * every fan-out mode, so a later unfollow or deletion of the parent takes effect at once. It costs
 * nothing for a page without replies, and one batch read plus one follow lookup for a page with some.
 * A reposted reply shows as its reposter chose, whoever its parent is (as in Mastodon).
 */
public final class ReplyVisibility {
    private final CachedPosts posts;
    private final FollowGraph graph;

    public ReplyVisibility(CachedPosts posts, FollowGraph graph) {
        this.posts = posts;
        this.graph = graph;
    }

    public List<Post> visible(UserId reader, List<Post> page) {
        List<PostRef> parents = page.stream().filter(ReplyVisibility::ruled).flatMap(p -> p.inReplyTo().stream()).distinct().toList();
        if (parents.isEmpty()) {
            return page;
        }
        // Through the post cache: a hot parent costs no read, and a tombstoned one is gone at once.
        Set<PostId> live = posts.getAll(parents).keySet();
        Set<UserId> others = new HashSet<>();
        for (Post post : page) {
            if (!ruled(post)) {
                continue;
            }
            post.inReplyTo().map(PostRef::authorId)
                    .filter(author -> !author.equals(reader) && !author.equals(post.authorId()))
                    .ifPresent(others::add);
        }
        Set<UserId> followed = others.isEmpty() ? Set.of() : graph.followedAmong(reader, others);
        return page.stream().filter(post -> !ruled(post) || shows(reader, post, live, followed)).toList();
    }

    /** A reply reached the feed on its own; a reposted reply shows as its reposter chose (as in Mastodon). */
    private static boolean ruled(Post post) {
        return post.inReplyTo().isPresent() && post.repostedBy().isEmpty();
    }

    private static boolean shows(UserId reader, Post reply, Set<PostId> live, Set<UserId> followed) {
        PostRef parent = reply.inReplyTo().orElseThrow();
        if (!live.contains(parent.postId())) {
            return false;
        }
        UserId parentAuthor = parent.authorId();
        return reply.authorId().equals(reader)
                || parentAuthor.equals(reader)
                || parentAuthor.equals(reply.authorId())
                || followed.contains(parentAuthor);
    }
}
