package io.feedline.domain.fanout;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.IndexedPost;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.SearchIndex;
import io.feedline.ports.out.UserAccounts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the worker does with a batch of search index jobs: it reads the posts as they are now (one
 * strongly consistent batch read), indexes those that exist and removes those that do not, so
 * whichever job of a post runs last leaves the index right, and a redelivered job changes nothing.
 * Repost entries are not indexed (their text is a marker; the original is indexed on its own).
 */
final class SearchIndexing {
    private final SearchIndex index;
    private final Posts posts;
    private final UserAccounts users;

    SearchIndexing(SearchIndex index, Posts posts, UserAccounts users) {
        this.index = index;
        this.posts = posts;
        this.users = users;
    }

    static boolean handles(FanoutJob job) {
        return job instanceof FanoutJob.IndexPost || job instanceof FanoutJob.IndexAccount;
    }

    void apply(Collection<FanoutJob> jobs) {
        Map<PostId, PostRef> refs = new LinkedHashMap<>();
        Set<UserId> accounts = new LinkedHashSet<>();
        for (FanoutJob job : jobs) {
            switch (job) {
                case FanoutJob.IndexPost post -> refs.put(post.post().postId(), post.post());
                case FanoutJob.IndexAccount account -> accounts.add(account.user());
                default -> throw new IllegalArgumentException("not a search index job: " + job.key());
            }
        }
        if (!refs.isEmpty()) {
            List<IndexedPost> present = new ArrayList<>();
            Set<PostId> gone = new LinkedHashSet<>(refs.keySet());
            for (Post post : posts.getAll(refs.values())) {
                gone.remove(post.id());
                if (!post.isRepost()) {
                    present.add(IndexedPost.of(post));
                }
            }
            if (!present.isEmpty()) {
                index.indexPosts(present);
            }
            if (!gone.isEmpty()) {
                index.removePosts(gone);
            }
        }
        if (!accounts.isEmpty() && index.keepsAccounts()) {
            index.indexAccounts(users.findAllById(accounts).values().stream().map(UserAccount::summary).toList());
        }
    }
}
