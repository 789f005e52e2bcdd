package io.feedline.domain;

import io.feedline.ports.model.RelationChange;
import io.feedline.ports.out.Announcements;
import io.feedline.ports.out.Articles;
import io.feedline.ports.out.CelebrityRegistry;
import io.feedline.ports.out.EntityFollows;
import io.feedline.ports.out.TagIndex;
import io.feedline.ports.out.ExploreIndex;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.IdGenerator;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.Likes;
import io.feedline.ports.out.LiveEvents;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.OutboxSignals;
import io.feedline.ports.out.PasswordHasher;
import io.feedline.ports.out.PostCache;
import io.feedline.ports.out.PostCounters;
import io.feedline.ports.out.Rankings;
import io.feedline.ports.out.Reposts;
import io.feedline.ports.out.SearchIndex;
import io.feedline.ports.out.Subscriptions;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Relations;
import io.feedline.ports.out.TimelineCache;
import io.feedline.ports.out.UserAccounts;
import java.time.Clock;
import java.util.Objects;

/**
 * Every out-port the domain needs, as chosen by the composition root: the one input of
 * {@link FeedlineCore}, which hands each service the ports it uses and no others.
 */
public record DomainPorts(
        UserAccounts users,
        Posts posts,
        FollowGraph graph,
        FeedItems feedItems,
        TimelineCache timelines,
        PostCache postCache,
        Likes likes,
        PostCounters counters,
        Reposts reposts,
        FanoutJobs jobs,
        CelebrityRegistry celebrities,
        IdempotencyKeys idempotencyKeys,
        Notifications notifications,
        PasswordHasher hasher,
        IdGenerator ids,
        Clock clock,
        Relations relations,
        SearchIndex search,
        EntityFollows entityFollows,
        TagIndex tagIndex,
        Subscriptions subscriptions,
        ExploreIndex explore,
        Rankings rankings,
        Articles articles,
        LiveEvents live,
        OutboxSignals outboxSignals,
        Announcements<RelationChange> relationChanges) {
    public DomainPorts {
        Objects.requireNonNull(users, "users");
        Objects.requireNonNull(posts, "posts");
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(feedItems, "feedItems");
        Objects.requireNonNull(timelines, "timelines");
        Objects.requireNonNull(postCache, "postCache");
        Objects.requireNonNull(likes, "likes");
        Objects.requireNonNull(counters, "counters");
        Objects.requireNonNull(reposts, "reposts");
        Objects.requireNonNull(jobs, "jobs");
        Objects.requireNonNull(celebrities, "celebrities");
        Objects.requireNonNull(idempotencyKeys, "idempotencyKeys");
        Objects.requireNonNull(notifications, "notifications");
        Objects.requireNonNull(hasher, "hasher");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(relations, "relations");
        Objects.requireNonNull(search, "search");
        Objects.requireNonNull(entityFollows, "entityFollows");
        Objects.requireNonNull(tagIndex, "tagIndex");
        Objects.requireNonNull(subscriptions, "subscriptions");
        Objects.requireNonNull(explore, "explore");
        Objects.requireNonNull(rankings, "rankings");
        Objects.requireNonNull(articles, "articles");
        Objects.requireNonNull(live, "live");
        Objects.requireNonNull(outboxSignals, "outboxSignals");
        Objects.requireNonNull(relationChanges, "relationChanges");
    }
}
