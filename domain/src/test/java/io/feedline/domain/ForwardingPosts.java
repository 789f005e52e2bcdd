package io.feedline.domain;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.IdempotencyCompletion;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Posts;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Posts that forward every call to a real store: a test overrides only the call it makes fail or wait. */
public abstract class ForwardingPosts implements Posts {
    protected final Posts delegate;

    protected ForwardingPosts(Posts delegate) {
        this.delegate = delegate;
    }

    @Override
    public boolean publish(Post post, List<FanoutJob> jobs, Optional<IdempotencyCompletion> completion) {
        return delegate.publish(post, jobs, completion);
    }

    @Override
    public boolean publishDraft(PostId draft, Post post, List<FanoutJob> jobs) {
        return delegate.publishDraft(draft, post, jobs);
    }

    @Override
    public boolean delete(PostRef post, List<FanoutJob> jobs) {
        return delegate.delete(post, jobs);
    }

    @Override
    public Optional<Post> get(PostId id) {
        return delegate.get(id);
    }

    @Override
    public Optional<Post> get(PostRef ref) {
        return delegate.get(ref);
    }

    @Override
    public List<Post> getAll(Collection<PostRef> refs) {
        return delegate.getAll(refs);
    }

    @Override
    public List<PostRef> replies(PostId parent, Optional<PostId> after, int limit) {
        return delegate.replies(parent, after, limit);
    }

    @Override
    public List<Post> byAuthor(UserId author, Optional<PostId> before, int limit) {
        return delegate.byAuthor(author, before, limit);
    }

    @Override
    public long countByAuthor(UserId author) {
        return delegate.countByAuthor(author);
    }
}
