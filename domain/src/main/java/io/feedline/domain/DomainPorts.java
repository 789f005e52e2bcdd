package io.feedline.domain;

import io.feedline.ports.out.MediaStore;
import io.feedline.ports.out.MediaProcessing;
import io.feedline.ports.out.MediaAttachments;
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
 * {@link FeedlineCore}, which hands each service the ports it uses and no others. Built by name
 * through {@link #builder()} (or {@link #toBuilder()}, to wrap a few); an architecture rule keeps
 * every class but {@link Builder} from calling the positional constructor.
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
        Announcements<RelationChange> relationChanges,
        MediaAttachments mediaRecords,
        MediaStore mediaStore,
        MediaProcessing mediaProcessing) {
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
        Objects.requireNonNull(mediaRecords, "mediaRecords");
        Objects.requireNonNull(mediaStore, "mediaStore");
        Objects.requireNonNull(mediaProcessing, "mediaProcessing");
    }

    /** A builder with no slot filled: each one is named, and {@link Builder#build} refuses a missing one. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these slots, to replace some of them. */
    public Builder toBuilder() {
        return new Builder()
                .users(users)
                .posts(posts)
                .graph(graph)
                .feedItems(feedItems)
                .timelines(timelines)
                .postCache(postCache)
                .likes(likes)
                .counters(counters)
                .reposts(reposts)
                .jobs(jobs)
                .celebrities(celebrities)
                .idempotencyKeys(idempotencyKeys)
                .notifications(notifications)
                .hasher(hasher)
                .ids(ids)
                .clock(clock)
                .relations(relations)
                .search(search)
                .entityFollows(entityFollows)
                .tagIndex(tagIndex)
                .subscriptions(subscriptions)
                .explore(explore)
                .rankings(rankings)
                .articles(articles)
                .live(live)
                .outboxSignals(outboxSignals)
                .relationChanges(relationChanges)
                .mediaRecords(mediaRecords)
                .mediaStore(mediaStore)
                .mediaProcessing(mediaProcessing);
    }

    /** Fills the slots of a {@link DomainPorts} by name. */
    public static final class Builder {
        private UserAccounts users;
        private Posts posts;
        private FollowGraph graph;
        private FeedItems feedItems;
        private TimelineCache timelines;
        private PostCache postCache;
        private Likes likes;
        private PostCounters counters;
        private Reposts reposts;
        private FanoutJobs jobs;
        private CelebrityRegistry celebrities;
        private IdempotencyKeys idempotencyKeys;
        private Notifications notifications;
        private PasswordHasher hasher;
        private IdGenerator ids;
        private Clock clock;
        private Relations relations;
        private SearchIndex search;
        private EntityFollows entityFollows;
        private TagIndex tagIndex;
        private Subscriptions subscriptions;
        private ExploreIndex explore;
        private Rankings rankings;
        private Articles articles;
        private LiveEvents live;
        private OutboxSignals outboxSignals;
        private Announcements<RelationChange> relationChanges;
        private MediaAttachments mediaRecords;
        private MediaStore mediaStore;
        private MediaProcessing mediaProcessing;

        private Builder() {}

        public Builder users(UserAccounts users) {
            this.users = users;
            return this;
        }

        public Builder posts(Posts posts) {
            this.posts = posts;
            return this;
        }

        public Builder graph(FollowGraph graph) {
            this.graph = graph;
            return this;
        }

        public Builder feedItems(FeedItems feedItems) {
            this.feedItems = feedItems;
            return this;
        }

        public Builder timelines(TimelineCache timelines) {
            this.timelines = timelines;
            return this;
        }

        public Builder postCache(PostCache postCache) {
            this.postCache = postCache;
            return this;
        }

        public Builder likes(Likes likes) {
            this.likes = likes;
            return this;
        }

        public Builder counters(PostCounters counters) {
            this.counters = counters;
            return this;
        }

        public Builder reposts(Reposts reposts) {
            this.reposts = reposts;
            return this;
        }

        public Builder jobs(FanoutJobs jobs) {
            this.jobs = jobs;
            return this;
        }

        public Builder celebrities(CelebrityRegistry celebrities) {
            this.celebrities = celebrities;
            return this;
        }

        public Builder idempotencyKeys(IdempotencyKeys idempotencyKeys) {
            this.idempotencyKeys = idempotencyKeys;
            return this;
        }

        public Builder notifications(Notifications notifications) {
            this.notifications = notifications;
            return this;
        }

        public Builder hasher(PasswordHasher hasher) {
            this.hasher = hasher;
            return this;
        }

        public Builder ids(IdGenerator ids) {
            this.ids = ids;
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        public Builder relations(Relations relations) {
            this.relations = relations;
            return this;
        }

        public Builder search(SearchIndex search) {
            this.search = search;
            return this;
        }

        public Builder entityFollows(EntityFollows entityFollows) {
            this.entityFollows = entityFollows;
            return this;
        }

        public Builder tagIndex(TagIndex tagIndex) {
            this.tagIndex = tagIndex;
            return this;
        }

        public Builder subscriptions(Subscriptions subscriptions) {
            this.subscriptions = subscriptions;
            return this;
        }

        public Builder explore(ExploreIndex explore) {
            this.explore = explore;
            return this;
        }

        public Builder rankings(Rankings rankings) {
            this.rankings = rankings;
            return this;
        }

        public Builder articles(Articles articles) {
            this.articles = articles;
            return this;
        }

        public Builder live(LiveEvents live) {
            this.live = live;
            return this;
        }

        public Builder outboxSignals(OutboxSignals outboxSignals) {
            this.outboxSignals = outboxSignals;
            return this;
        }

        public Builder relationChanges(Announcements<RelationChange> relationChanges) {
            this.relationChanges = relationChanges;
            return this;
        }

        public Builder mediaRecords(MediaAttachments mediaRecords) {
            this.mediaRecords = mediaRecords;
            return this;
        }

        public Builder mediaStore(MediaStore mediaStore) {
            this.mediaStore = mediaStore;
            return this;
        }

        public Builder mediaProcessing(MediaProcessing mediaProcessing) {
            this.mediaProcessing = mediaProcessing;
            return this;
        }

        /** The DomainPorts; a slot left unset fails here, with its name. */
        public DomainPorts build() {
            return new DomainPorts(
                    users, posts, graph, feedItems, timelines, postCache, likes, counters, reposts, jobs, celebrities,
                    idempotencyKeys, notifications, hasher, ids, clock, relations, search, entityFollows, tagIndex, subscriptions,
                    explore, rankings, articles, live, outboxSignals, relationChanges, mediaRecords, mediaStore, mediaProcessing);
        }
    }
}
