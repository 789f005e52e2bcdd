package io.feedline.domain;

import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FollowCounts;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A follow graph that forwards every call to a real one: a test overrides only the call it makes fail, wait or interleave. */
public abstract class ForwardingFollowGraph implements FollowGraph {
    protected final FollowGraph delegate;

    protected ForwardingFollowGraph(FollowGraph delegate) {
        this.delegate = delegate;
    }

    @Override
    public boolean follow(UserId follower, UserId followee, Instant at, List<FanoutJob> jobs) {
        return delegate.follow(follower, followee, at, jobs);
    }

    @Override
    public boolean unfollow(UserId follower, UserId followee, List<FanoutJob> jobs) {
        return delegate.unfollow(follower, followee, jobs);
    }

    @Override
    public Page<UserId> following(UserId user, PageRequest request) {
        return delegate.following(user, request);
    }

    @Override
    public Page<UserId> followers(UserId user, PageRequest request) {
        return delegate.followers(user, request);
    }

    @Override
    public boolean isFollowing(UserId follower, UserId followee) {
        return delegate.isFollowing(follower, followee);
    }

    @Override
    public Set<UserId> followedAmong(UserId follower, Collection<UserId> candidates) {
        return delegate.followedAmong(follower, candidates);
    }

    @Override
    public Set<UserId> followersAmong(UserId followee, Collection<UserId> candidates) {
        return delegate.followersAmong(followee, candidates);
    }

    @Override
    public Map<UserId, Long> unfollowCounts(Collection<UserId> followees) {
        return delegate.unfollowCounts(followees);
    }

    @Override
    public FollowCounts counts(UserId user) {
        return delegate.counts(user);
    }
}
