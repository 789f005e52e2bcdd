package io.feedline.domain.posts;

import io.feedline.domain.support.PostCursor;
import io.feedline.ports.in.ReadConversation;
import io.feedline.ports.model.Conversation;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.out.Posts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Threads: a post's direct replies (one query of its thread, one batch read to hydrate) and a post
 * in context (one read by key per ancestor, bounded). A deleted post never hides its replies.
 */
public final class ConversationDesk implements ReadConversation {
    private final Posts posts;

    public ConversationDesk(Posts posts) {
        this.posts = posts;
    }

    @Override
    public Page<Post> replies(PostId parent, PageRequest page) {
        Page<Post> replies = page(parent, page);
        if (replies.items().isEmpty() && page.after().isEmpty() && posts.get(parent).isEmpty()) {
            throw new FeedlineException.NotFound("post", "no such post");
        }
        return replies;
    }

    @Override
    public Conversation context(PostId id, PageRequest replies) {
        Post post = posts.get(id).orElseThrow(() -> new FeedlineException.NotFound("post", "no such post"));
        return new Conversation(ancestors(post), post, page(id, replies));
    }

    /** The chain above {@code post}, root first; it stops at a deleted post, whose own parent is unknown. */
    private List<Conversation.Ancestor> ancestors(Post post) {
        List<Conversation.Ancestor> chain = new ArrayList<>();
        Set<PostId> seen = new HashSet<>();
        Optional<PostRef> next = post.inReplyTo();
        while (next.isPresent() && chain.size() < MAX_ANCESTORS && seen.add(next.get().postId())) {
            PostRef ref = next.get();
            Optional<Post> parent = posts.getAll(List.of(ref)).stream().findFirst();
            chain.add(new Conversation.Ancestor(ref, parent));
            next = parent.flatMap(Post::inReplyTo);
        }
        Collections.reverse(chain);
        return chain;
    }

    /** A page of the thread, hydrated in one batch read; replies deleted meanwhile drop out. */
    private Page<Post> page(PostId parent, PageRequest page) {
        List<PostRef> refs = posts.replies(parent, PostCursor.before(page), page.limit());
        List<Post> items = posts.getAll(refs).stream().sorted(Comparator.comparing(Post::id)).toList();
        Optional<PageToken> next = refs.size() < page.limit()
                ? Optional.empty()
                : Optional.of(new PageToken(refs.getLast().postId().value()));
        return new Page<>(items, next);
    }
}
