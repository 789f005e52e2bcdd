package io.feedline.ports.fakes;

import io.feedline.ports.model.BlockOutcome;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.RelationSet;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Relations;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Mutes and blocks in memory, beside an {@link InMemoryFollowGraph}: a block changes its own
 * entries, the graph's edges and the outbox under the graph's lock, as one transaction does in the
 * engines. A page token is the last user id of the page.
 */
public final class InMemoryRelations implements Relations {
    private final InMemoryFollowGraph graph;
    private final FanoutJobs outbox;
    private final Map<UserId, NavigableSet<UserId>> mutes = new HashMap<>();
    private final Map<UserId, NavigableSet<UserId>> blocks = new HashMap<>();
    private final Map<UserId, NavigableSet<UserId>> blockedBy = new HashMap<>();
    private final CallLog calls = new CallLog();

    public InMemoryRelations(InMemoryFollowGraph graph, FanoutJobs outbox) {
        this.graph = graph;
        this.outbox = outbox;
        graph.checkBlocksWith((blocker, target) -> set(blocks, blocker).contains(target));
    }

    public CallLog calls() {
        return calls;
    }

    @Override
    public boolean mute(UserId muter, UserId target, Instant at) {
        synchronized (graph) {
            calls.record("mute");
            requireOther(muter, target);
            return set(mutes, muter).add(target);
        }
    }

    @Override
    public boolean unmute(UserId muter, UserId target) {
        synchronized (graph) {
            calls.record("unmute");
            return set(mutes, muter).remove(target);
        }
    }

    @Override
    public BlockOutcome block(UserId blocker, UserId target, Instant at, List<FanoutJob> ifBlockerFollowed,
            List<FanoutJob> ifBlockedFollowed) {
        synchronized (graph) {
            calls.record("block");
            requireOther(blocker, target);
            boolean created = set(blocks, blocker).add(target);
            set(blockedBy, target).add(blocker);
            boolean blockerUnfollowed = graph.unfollow(blocker, target);
            boolean blockedUnfollowed = graph.unfollow(target, blocker);
            if (blockerUnfollowed) {
                ifBlockerFollowed.forEach(outbox::enqueue);
            }
            if (blockedUnfollowed) {
                ifBlockedFollowed.forEach(outbox::enqueue);
            }
            return new BlockOutcome(created, blockerUnfollowed, blockedUnfollowed);
        }
    }

    @Override
    public boolean unblock(UserId blocker, UserId target) {
        synchronized (graph) {
            calls.record("unblock");
            if (!set(blocks, blocker).remove(target)) {
                return false;
            }
            set(blockedBy, target).remove(blocker);
            return true;
        }
    }

    @Override
    public Page<UserId> muted(UserId user, PageRequest request) {
        synchronized (graph) {
            calls.record("muted");
            return page(set(mutes, user), request);
        }
    }

    @Override
    public Page<UserId> blocked(UserId user, PageRequest request) {
        synchronized (graph) {
            calls.record("blocked");
            return page(set(blocks, user), request);
        }
    }

    @Override
    public RelationSet of(UserId user) {
        synchronized (graph) {
            calls.record("of");
            return new RelationSet(set(mutes, user), set(blocks, user), set(blockedBy, user));
        }
    }

    @Override
    public Map<UserId, Set<Relation>> among(UserId user, Collection<UserId> others) {
        synchronized (graph) {
            calls.record("among");
            Map<UserId, Set<Relation>> found = new HashMap<>();
            for (UserId other : others) {
                Set<Relation> relations = EnumSet.noneOf(Relation.class);
                if (set(mutes, user).contains(other)) {
                    relations.add(Relation.MUTING);
                }
                if (set(blocks, user).contains(other)) {
                    relations.add(Relation.BLOCKING);
                }
                if (set(blockedBy, user).contains(other)) {
                    relations.add(Relation.BLOCKED_BY);
                }
                if (!relations.isEmpty()) {
                    found.put(other, Set.copyOf(relations));
                }
            }
            return found;
        }
    }

    private static void requireOther(UserId user, UserId target) {
        if (user.equals(target)) {
            throw new IllegalArgumentException("a user never mutes or blocks themselves: " + user);
        }
    }

    private static NavigableSet<UserId> set(Map<UserId, NavigableSet<UserId>> index, UserId user) {
        return index.computeIfAbsent(user, u -> new TreeSet<>());
    }

    /** A page of ids in id order after the token: the fakes' one way of paging user lists. */
    static Page<UserId> page(NavigableSet<UserId> all, PageRequest request) {
        NavigableSet<UserId> rest = request.after().map(token -> all.tailSet(parse(token), false)).orElse(all);
        List<UserId> items = rest.stream().limit(request.limit()).toList();
        boolean more = rest.size() > items.size();
        Optional<PageToken> next = more ? Optional.of(new PageToken(items.getLast().value())) : Optional.empty();
        return new Page<>(items, next);
    }

    private static UserId parse(PageToken token) {
        try {
            return UserId.of(token.value());
        } catch (FeedlineException.InvalidInput e) {
            throw new FeedlineException.InvalidInput("cursor", "cursor is malformed");
        }
    }
}
