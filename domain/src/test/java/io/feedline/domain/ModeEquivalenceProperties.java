package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.domain.settings.FeedSettings;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;

/**
 * All three modes return the same posts in the same order for the same data (ADR-0005). Random
 * follow graphs and post histories (with unfollows, deletes and replies, whose home-feed rule
 * depends on the graph and on the parent still existing, and reposts and unreposts, each post shown
 * once at its newest entry by a rule that depends on the graph, and mutes and blocks, which hide
 * authors and reposters at read time and remove follows, refuse follows and replies) are played into
 * a push, a pull and a hybrid Feedline; the first three pages' worth of posts of every reader, read
 * page by page, must match the pull merge, the oracle, and no page of the oracle may show a post its
 * reader mutes or is blocked from. The posts are compared rather than the pages' cuts: a page ends
 * short, with a cursor, when the reader examined three pages' worth of entries without filling it
 * (a push feed full of a muted author's posts), where the oracle, which never reads a muted
 * followee, fills it; what follows that cursor must still be the oracle's next posts.
 * Posts and replies carry hashtags, and users follow and unfollow tags: a followed tag's posts are
 * a source of the feed as a followed author's are (pushed, or merged at read once the tag is hot:
 * the threshold of 2 makes tags hot mid-history too), each post once whichever way it came.
 */
class ModeEquivalenceProperties {
    private static final int USERS = 7;
    private static final int PAGE = 4;
    /** Marks a feed that ended before three pages' worth of posts. */
    private static final String END = "(end)";
    private static final int MAX_REQUESTS = 30;
    private static final int TAGS = 3;

    sealed interface Event {}

    record FollowEvent(int follower, int followee) implements Event {}

    record UnfollowEvent(int follower, int followee) implements Event {}

    record PostEvent(int author, int tags) implements Event {}

    record FollowTagEvent(int follower, int tag) implements Event {}

    record UnfollowTagEvent(int follower, int tag) implements Event {}

    record DeleteEvent(int nthPost) implements Event {}

    record ReplyEvent(int author, int nthPost, int tags) implements Event {}

    record RepostEvent(int reposter, int nthPost) implements Event {}

    record UnrepostEvent(int reposter, int nthPost) implements Event {}

    record MuteEvent(int muter, int target) implements Event {}

    record UnmuteEvent(int muter, int target) implements Event {}

    record BlockEvent(int blocker, int target) implements Event {}

    record UnblockEvent(int blocker, int target) implements Event {}

    @Provide
    Arbitrary<List<Event>> histories() {
        Arbitrary<Integer> user = Arbitraries.integers().between(0, USERS - 1);
        Arbitrary<Event> follow = Combinators.combine(user, user).filter((a, b) -> !a.equals(b)).as(FollowEvent::new);
        Arbitrary<Event> unfollow = Combinators.combine(user, user).filter((a, b) -> !a.equals(b)).as(UnfollowEvent::new);
        // A bit mask over the TAGS tags: most posts carry none, some one or two.
        Arbitrary<Integer> tags = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.just(0)),
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(1, (1 << TAGS) - 1)));
        Arbitrary<Integer> tag = Arbitraries.integers().between(0, TAGS - 1);
        Arbitrary<Event> post = Combinators.combine(user, tags).as(PostEvent::new);
        Arbitrary<Event> followTag = Combinators.combine(user, tag).as(FollowTagEvent::new);
        Arbitrary<Event> unfollowTag = Combinators.combine(user, tag).as(UnfollowTagEvent::new);
        Arbitrary<Event> delete = Arbitraries.integers().between(0, 40).map(DeleteEvent::new);
        Arbitrary<Event> reply = Combinators.combine(user, Arbitraries.integers().between(0, 40), tags).as(ReplyEvent::new);
        Arbitrary<Event> repost = Combinators.combine(user, Arbitraries.integers().between(0, 40)).as(RepostEvent::new);
        Arbitrary<Event> unrepost = Combinators.combine(user, Arbitraries.integers().between(0, 40)).as(UnrepostEvent::new);
        Arbitrary<Event> mute = Combinators.combine(user, user).filter((a, b) -> !a.equals(b)).as(MuteEvent::new);
        Arbitrary<Event> unmute = Combinators.combine(user, user).filter((a, b) -> !a.equals(b)).as(UnmuteEvent::new);
        Arbitrary<Event> block = Combinators.combine(user, user).filter((a, b) -> !a.equals(b)).as(BlockEvent::new);
        Arbitrary<Event> unblock = Combinators.combine(user, user).filter((a, b) -> !a.equals(b)).as(UnblockEvent::new);
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(5, follow),
                        net.jqwik.api.Tuple.of(1, unfollow),
                        net.jqwik.api.Tuple.of(6, post),
                        net.jqwik.api.Tuple.of(4, reply),
                        net.jqwik.api.Tuple.of(4, repost),
                        net.jqwik.api.Tuple.of(1, unrepost),
                        net.jqwik.api.Tuple.of(1, delete),
                        net.jqwik.api.Tuple.of(2, mute),
                        net.jqwik.api.Tuple.of(1, unmute),
                        net.jqwik.api.Tuple.of(1, block),
                        net.jqwik.api.Tuple.of(1, unblock),
                        net.jqwik.api.Tuple.of(3, followTag),
                        net.jqwik.api.Tuple.of(1, unfollowTag))
                .list().ofMinSize(5).ofMaxSize(60);
    }

    private final List<World> worlds = new ArrayList<>();

    @AfterTry
    void closeWorlds() {
        worlds.forEach(World::close);
        worlds.clear();
    }

    @Property(tries = 150)
    void pushPullAndHybridServeTheSamePages(
            @ForAll("histories") List<Event> history,
            @ForAll("drainEveryEvent") boolean drainEveryEvent) {
        Map<FanoutMode, World> modes = Map.of(
                FanoutMode.PULL, world(FanoutMode.PULL),
                FanoutMode.PUSH, world(FanoutMode.PUSH),
                FanoutMode.HYBRID, world(FanoutMode.HYBRID));
        modes.values().forEach(w -> replay(w, history, drainEveryEvent));

        World oracle = modes.get(FanoutMode.PULL);
        for (int u = 0; u < USERS; u++) {
            List<String> expected = firstPosts(oracle, name(u));
            assertNothingHidden(oracle, name(u), history);
            for (FanoutMode mode : List.of(FanoutMode.PUSH, FanoutMode.HYBRID)) {
                assertThat(firstPosts(modes.get(mode), name(u)))
                        .as("%s's first pages in %s mode, after %s", name(u), mode, history)
                        .isEqualTo(expected);
            }
        }
    }

    @Provide
    Arbitrary<Boolean> drainEveryEvent() {
        return Arbitraries.of(true, false);
    }

    private World world(FanoutMode mode) {
        // Threshold 2: several authors in a 7-user graph become celebrities, some mid-history.
        World world = new World(FeedSettings.defaults().withMode(mode).withCelebrityThreshold(2));
        worlds.add(world);
        for (int u = 0; u < USERS; u++) {
            world.register(name(u));
        }
        return world;
    }

    /** The hashtags of a mask, as text: bit i is #ti (in mixed case, which normalisation folds). */
    private static String hashtags(int mask) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < TAGS; i++) {
            if ((mask & (1 << i)) != 0) {
                text.append(i % 2 == 0 ? " #t" : " #T").append(i);
            }
        }
        return text.toString();
    }

    private static String name(int u) {
        return "user_" + u;
    }

    private static void replay(World world, List<Event> history, boolean drainEveryEvent) {
        List<Post> published = new ArrayList<>();
        for (Event event : history) {
            switch (event) {
                case FollowEvent f -> refusedByABlock(() -> world.follow(name(f.follower()), name(f.followee())));
                case UnfollowEvent f -> world.unfollow(name(f.follower()), name(f.followee()));
                case PostEvent p -> published.add(world.publish(name(p.author()), "post " + published.size() + hashtags(p.tags())));
                case FollowTagEvent f -> world.followTag(name(f.follower()), "t" + f.tag());
                case UnfollowTagEvent f -> world.unfollowTag(name(f.follower()), "t" + f.tag());
                case ReplyEvent r -> {
                    if (r.nthPost() < published.size()
                            && world.postStore.posts().get(published.get(r.nthPost()).id()).isPresent()) {
                        refusedByABlock(() -> published.add(world.reply(name(r.author()), published.get(r.nthPost()).id(),
                                "post " + published.size() + hashtags(r.tags()))));
                    }
                }
                case RepostEvent r -> {
                    if (r.nthPost() < published.size()
                            && world.postStore.posts().get(published.get(r.nthPost()).id()).isPresent()) {
                        Post original = published.get(r.nthPost());
                        if (separated(world, name(r.reposter()), original.authorId())) {
                            assertThatThrownBy(() -> world.repost(name(r.reposter()), original.id()))
                                    .as("a repost across a block").isInstanceOf(io.feedline.ports.model.FeedlineException.NotFound.class);
                        } else {
                            world.repost(name(r.reposter()), original.id());
                        }
                    }
                }
                case UnrepostEvent r -> {
                    if (r.nthPost() < published.size()
                            && world.postStore.posts().get(published.get(r.nthPost()).id()).isPresent()) {
                        world.unrepost(name(r.reposter()), published.get(r.nthPost()).id());
                    }
                }
                case MuteEvent m -> world.mute(name(m.muter()), name(m.target()));
                case UnmuteEvent m -> world.unmute(name(m.muter()), name(m.target()));
                case BlockEvent b -> world.block(name(b.blocker()), name(b.target()));
                case UnblockEvent b -> world.unblock(name(b.blocker()), name(b.target()));
                case DeleteEvent d -> {
                    if (d.nthPost() < published.size()) {
                        Post post = published.get(d.nthPost());
                        if (world.postStore.posts().get(post.id()).isPresent()) {
                            world.app.deletePost().delete(post.authorId(), post.id());
                        }
                    }
                }
            }
            if (drainEveryEvent) {
                world.drain();
            }
        }
        world.drain();
    }

    /** Whether a block stands between the user and the author, either way, as stored. */
    private static boolean separated(World world, String user, io.feedline.ports.model.UserId author) {
        io.feedline.ports.model.RelationSet relations = world.relations.of(world.id(user));
        return relations.blocking().contains(author) || relations.blockedBy().contains(author);
    }

    /** Runs a follow or a reply that a block between the two users refuses, in every world alike. */
    private static void refusedByABlock(Runnable write) {
        try {
            write.run();
        } catch (io.feedline.ports.model.FeedlineException.Forbidden refused) {
            assertThat(refused).hasMessageContaining("block");
        }
    }

    /**
     * No post of the reader's first pages is by, reposted by or a reply to an account the reader
     * mutes, blocks or is blocked by, read from the relations as stored (not through the filter).
     */
    private static void assertNothingHidden(World world, String reader, List<Event> history) {
        io.feedline.ports.model.RelationSet relations = world.relations.of(world.id(reader));
        java.util.Set<io.feedline.ports.model.UserId> hidden = new java.util.HashSet<>(relations.muting());
        hidden.addAll(relations.blocking());
        hidden.addAll(relations.blockedBy());
        Optional<PostId> after = Optional.empty();
        for (int i = 0; i < 3; i++) {
            Page<Post> page = world.feedPage(reader, after, PAGE);
            for (Post post : page.items()) {
                List<io.feedline.ports.model.UserId> involved = new ArrayList<>(List.of(post.authorId()));
                post.repostedBy().ifPresent(by -> involved.add(by.userId()));
                post.inReplyTo().ifPresent(parent -> involved.add(parent.authorId()));
                assertThat(involved).as("%s sees %s after %s", reader, post, history).noneMatch(hidden::contains);
            }
            if (page.next().isEmpty()) {
                return;
            }
            after = Optional.of(PostId.of(page.next().get().value()));
        }
    }

    /**
     * The first three pages' worth of posts, read a page at a time, as texts: "post N" names the N-th
     * publication of the history in every world, and "post N<-user_R" that post shown through
     * user_R's repost; then {@value #END} if the feed ended before that many. At most
     * {@value #MAX_REQUESTS} pages are asked for, more than a history of 60 events can need even
     * if every page came back short.
     */
    private static List<String> firstPosts(World world, String reader) {
        List<String> posts = new ArrayList<>();
        Optional<PostId> after = Optional.empty();
        for (int request = 0; request < MAX_REQUESTS && posts.size() < 3 * PAGE; request++) {
            Page<Post> page = world.feedPage(reader, after, PAGE);
            assertThat(page.items()).as("%s's page after %s", reader, after).hasSizeLessThanOrEqualTo(PAGE);
            page.items().forEach(p -> posts.add(p.text().value() + p.repostedBy().map(by -> "<-" + by.username().value()).orElse("")));
            if (page.next().isEmpty()) {
                List<String> all = new ArrayList<>(posts.subList(0, Math.min(posts.size(), 3 * PAGE)));
                if (posts.size() < 3 * PAGE) {
                    all.add(END);
                }
                return all;
            }
            after = Optional.of(PostId.of(page.next().get().value()));
        }
        return posts.subList(0, Math.min(posts.size(), 3 * PAGE));
    }
}
