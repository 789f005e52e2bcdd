package io.feedline.domain.graph;

import io.feedline.domain.feed.FanoutPolicy;
import io.feedline.domain.feed.Windows;
import io.feedline.domain.posts.CachedPosts;
import io.feedline.domain.posts.ConversationDesk;
import io.feedline.domain.posts.PostDesk;
import io.feedline.domain.relations.ReaderFilter;
import io.feedline.domain.relations.RelationSets;
import io.feedline.domain.users.UserDesk;
import io.feedline.ports.in.ManageRelations;
import io.feedline.ports.in.ReadAsViewer;
import io.feedline.ports.model.BlockOutcome;
import io.feedline.ports.model.Conversation;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.RelationSet;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.Relations;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Mutes and blocks, and the public reads as a signed-in viewer sees them. A block removes the
 * follows both ways in its own atomic write, with the same purges an unfollow enqueues (the window
 * at once, the durable feed through the outbox), in whichever direction an edge was there.
 */
public final class RelationshipDesk implements ManageRelations, ReadAsViewer {
    private final Relations relations;
    private final RelationSets sets;
    private final UserDesk users;
    private final UserAccounts accounts;
    private final Windows windows;
    private final FanoutPolicy policy;
    private final Clock clock;
    private final Runnable onEnqueue;
    private final PostDesk posts;
    private final ConversationDesk conversations;
    private final CachedPosts cachedPosts;

    public RelationshipDesk(Relations relations, RelationSets sets, UserDesk users, UserAccounts accounts, Windows windows,
            FanoutPolicy policy, Clock clock, Runnable onEnqueue, PostDesk posts, ConversationDesk conversations,
            CachedPosts cachedPosts) {
        this.relations = relations;
        this.sets = sets;
        this.users = users;
        this.accounts = accounts;
        this.windows = windows;
        this.policy = policy;
        this.clock = clock;
        this.onEnqueue = onEnqueue;
        this.posts = posts;
        this.conversations = conversations;
        this.cachedPosts = cachedPosts;
    }

    /** The other account, never the caller, and under the caller's limit of mutes and blocks. */
    private UserAccount target(UserId caller, Username name, String action, boolean adding) {
        UserAccount target = users.byName(name);
        if (target.id().equals(caller)) {
            throw new FeedlineException.InvalidInput("username", "you cannot " + action + " yourself");
        }
        if (adding) {
            RelationSet mine = sets.fresh(caller);
            boolean already = mine.muting().contains(target.id()) || mine.blocking().contains(target.id());
            if (mine.made() >= MAX_RELATIONS && !already) {
                throw new FeedlineException.LimitReached("relations.max", MAX_RELATIONS, "username",
                        "you already mute or block " + MAX_RELATIONS + " accounts, the most allowed; unmute or unblock one first");
            }
        }
        return target;
    }

    @Override
    public boolean mute(UserId caller, Username name) {
        UserAccount target = target(caller, name, "mute", true);
        boolean changed = relations.mute(caller, target.id(), clock.instant());
        sets.changed(caller, target.id());
        return changed;
    }

    @Override
    public boolean unmute(UserId caller, Username name) {
        UserAccount target = target(caller, name, "unmute", false);
        boolean changed = relations.unmute(caller, target.id());
        sets.changed(caller, target.id());
        return changed;
    }

    @Override
    public boolean block(UserId caller, Username name) {
        UserAccount target = target(caller, name, "block", true);
        boolean purge = policy.materializesFeeds();
        String blockId = UUID.randomUUID().toString();
        List<FanoutJob> callerPurge = purge ? List.of(new FanoutJob.PurgeAuthor(caller, target.id(), blockId)) : List.of();
        List<FanoutJob> targetPurge = purge ? List.of(new FanoutJob.PurgeAuthor(target.id(), caller, blockId)) : List.of();
        BlockOutcome outcome = relations.block(caller, target.id(), clock.instant(), callerPurge, targetPurge);
        sets.changed(caller, target.id());
        if (purge) {
            // As an unfollow does: the window now, the durable copies through the outbox.
            if (outcome.blockerUnfollowed()) {
                windows.update(List.of(caller), window -> window.removeAuthor(caller, target.id()));
            }
            if (outcome.blockedUnfollowed()) {
                windows.update(List.of(target.id()), window -> window.removeAuthor(target.id(), caller));
            }
            if (outcome.blockerUnfollowed() || outcome.blockedUnfollowed()) {
                onEnqueue.run();
            }
        }
        return outcome.created();
    }

    @Override
    public boolean unblock(UserId caller, Username name) {
        UserAccount target = target(caller, name, "unblock", false);
        boolean changed = relations.unblock(caller, target.id());
        sets.changed(caller, target.id());
        return changed;
    }

    @Override
    public Page<UserSummary> mutes(UserId caller, PageRequest page) {
        return summaries(relations.muted(caller, page));
    }

    @Override
    public Page<UserSummary> blocks(UserId caller, PageRequest page) {
        return summaries(relations.blocked(caller, page));
    }

    private Page<UserSummary> summaries(Page<UserId> ids) {
        Map<UserId, UserAccount> found = accounts.findAllById(ids.items());
        return new Page<>(ids.items().stream().map(found::get).filter(Objects::nonNull).map(UserAccount::summary).toList(),
                ids.next());
    }

    @Override
    public Set<Relation> relation(UserId caller, Username other) {
        UserAccount account = users.byName(other);
        if (account.id().equals(caller)) {
            return Set.of();
        }
        return relations.among(caller, List.of(account.id())).getOrDefault(account.id(), Set.of());
    }

    // --- the public reads as a viewer sees them

    @Override
    public Post post(Optional<UserId> caller, PostId id) {
        if (caller.isEmpty()) {
            return posts.read(id);
        }
        UserId viewer = caller.get();
        Post post = posts.readAs(viewer, id);
        if (!sets.filterFor(viewer).showsInThread(post)) {
            throw CachedPosts.noSuchPost();
        }
        return post;
    }

    @Override
    public Page<Post> authorTimeline(Optional<UserId> viewer, Username author, PageRequest page) {
        if (viewer.isEmpty()) {
            return posts.read(author, page);
        }
        UserAccount account = users.byName(author);
        ReaderFilter filter = sets.filterFor(viewer.get());
        if (filter.separated(account.id())) {
            throw new FeedlineException.NotFound("user", "no user named '" + author.value() + "'");
        }
        Page<Post> timeline = posts.read(author, page);
        return new Page<>(timeline.items().stream().filter(filter::showsInThread).toList(), timeline.next());
    }

    @Override
    public Page<Post> replies(Optional<UserId> viewer, PostId parent, PageRequest page) {
        if (viewer.isEmpty()) {
            return conversations.replies(parent, page);
        }
        ReaderFilter filter = sets.filterFor(viewer.get());
        if (!filter.isEmpty()) {
            Optional<Post> post = cachedPosts.get(parent);
            if (post.isPresent() && !filter.showsInThread(post.get())) {
                throw CachedPosts.noSuchPost();
            }
        }
        Page<Post> replies = conversations.replies(parent, page);
        return new Page<>(replies.items().stream().filter(filter::showsInThread).toList(), replies.next());
    }

    @Override
    public Conversation context(Optional<UserId> viewer, PostId id, PageRequest page) {
        if (viewer.isEmpty()) {
            return conversations.context(id, page);
        }
        ReaderFilter filter = sets.filterFor(viewer.get());
        Conversation conversation = conversations.context(id, page);
        if (!filter.showsInThread(conversation.post())) {
            throw CachedPosts.noSuchPost();
        }
        List<Conversation.Ancestor> ancestors = conversation.ancestors().stream()
                .map(a -> a.post().isPresent() && !filter.showsInThread(a.post().get())
                        ? new Conversation.Ancestor(a.ref(), Optional.empty())
                        : a)
                .toList();
        Page<Post> replies = conversation.replies();
        return new Conversation(ancestors, conversation.post(),
                new Page<>(replies.items().stream().filter(filter::showsInThread).toList(), replies.next()));
    }

    @Override
    public Profile profile(Optional<UserId> viewer, Username username) {
        Profile profile = users.read(username);
        if (viewer.isPresent() && sets.filterFor(viewer.get()).relations().blockedBy().contains(profile.account().id())) {
            throw new FeedlineException.NotFound("user", "no user named '" + username.value() + "'");
        }
        return profile;
    }
}
