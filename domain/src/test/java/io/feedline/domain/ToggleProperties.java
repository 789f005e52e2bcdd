package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random interleavings of likes, unlikes, reposts and unreposts of one post by a few users, with
 * the worker running now and then, and a stalled worker holding jobs past their lease so that
 * deltas, deliveries and retractions are applied out of order. Held to an oracle that plays the
 * toggles one by one: every answer counts the caller's own state once (and is that state exactly
 * while nobody else ever liked or reposted), and once the worker has caught up the counts (stored
 * and cached), the likers and reposters, each reposter's timeline and a follower's durable feed
 * match the final states.
 */
class ToggleProperties {
    private static final int USERS = 3;
    private static final Duration STALL_LEASE = Duration.ofSeconds(30);

    sealed interface Event {}

    /** User {@code user} likes ({@code on}) or unlikes the post, or reposts or unreposts it. */
    record Toggle(int user, boolean repost, boolean on) implements Event {}

    /** A worker claims up to {@code jobs} jobs and stalls, its lease running out later. */
    record Stall(int jobs) implements Event {}

    /** The worker runs one round. */
    record Work() implements Event {}

    /** Time passes beyond every stalled lease. */
    record Expire() implements Event {}

    @Provide
    Arbitrary<List<Event>> histories() {
        Arbitrary<Event> toggle = Combinators.combine(Arbitraries.integers().between(0, USERS - 1),
                Arbitraries.of(true, false), Arbitraries.of(true, false)).as(Toggle::new);
        Arbitrary<Event> stall = Arbitraries.integers().between(1, 4).map(Stall::new);
        Arbitrary<Event> event = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(10, toggle),
                net.jqwik.api.Tuple.of(2, stall),
                net.jqwik.api.Tuple.of(2, Arbitraries.just(new Work())),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(new Expire())));
        return event.list().ofMinSize(1).ofMaxSize(30);
    }

    @Property(tries = 200)
    void anyInterleavingOfTogglesEndsWithEveryCopyMatchingTheFinalStates(@ForAll("histories") List<Event> history) {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("author");
            world.register("reader");
            List<String> users = List.of("ann", "bob", "cat");
            users.forEach(user -> {
                world.register(user);
                world.follow("reader", user);
            });
            Post post = world.publish("author", "toggle me");
            world.drain();
            boolean[] liked = new boolean[USERS];
            boolean[] reposted = new boolean[USERS];
            boolean[] everLiked = new boolean[USERS];
            boolean[] everReposted = new boolean[USERS];

            for (Event event : history) {
                switch (event) {
                    case Toggle t -> {
                        UserId user = world.id(users.get(t.user()));
                        boolean[] state = t.repost() ? reposted : liked;
                        boolean[] ever = t.repost() ? everReposted : everLiked;
                        state[t.user()] = t.on();
                        ever[t.user()] |= t.on();
                        long answer = t.repost()
                                ? (t.on() ? world.app.repostPost().repost(user, post.id()) : world.app.unrepostPost().unrepost(user, post.id()))
                                : (t.on() ? world.app.likePost().like(user, post.id()) : world.app.unlikePost().unlike(user, post.id()));
                        long own = t.on() ? 1 : 0;
                        long others = 0;
                        for (int u = 0; u < USERS; u++) {
                            others += u != t.user() && ever[u] ? 1 : 0;
                        }
                        assertThat(answer).as("%s's answer after %s", users.get(t.user()), t).isBetween(own, own + others);
                    }
                    case Stall s -> {
                        List<ClaimedJob> held = world.postStore.jobs().claim("stalled", s.jobs(), world.clock.instant(), STALL_LEASE);
                        assertThat(held).hasSizeLessThanOrEqualTo(s.jobs());
                    }
                    case Work w -> world.worker.runOnce();
                    case Expire e -> world.clock.advance(STALL_LEASE.plusSeconds(1));
                }
            }
            world.clock.advance(STALL_LEASE.plusSeconds(1));
            world.drain();

            Set<UserId> likers = standing(world, users, liked);
            Set<UserId> reposters = standing(world, users, reposted);
            assertThat(world.postStore.jobs().pending()).as("the worker caught up").isZero();
            assertThat(Set.copyOf(world.postStore.likes().likers(post.id(), PageRequest.first(10)).items())).isEqualTo(likers);
            assertThat(Set.copyOf(world.postStore.reposts().reposters(post.id(), PageRequest.first(10)).items())).isEqualTo(reposters);
            Post stored = world.postStore.posts().get(post.ref()).orElseThrow();
            Post shown = world.app.readPost().read(post.id());
            assertThat(List.of(stored.likeCount(), shown.likeCount())).as("stored and shown like counts")
                    .containsOnly((long) likers.size());
            assertThat(List.of(stored.repostCount(), shown.repostCount())).as("stored and shown repost counts")
                    .containsOnly((long) reposters.size());
            Set<PostRef> marked = new HashSet<>(world.postStore.reposts().reposts(post.id(), 10));
            for (String name : users) {
                UserId user = world.id(name);
                Set<PostRef> timeline = world.postStore.posts().byAuthor(user, java.util.Optional.empty(), 100).stream()
                        .map(Post::ref).collect(Collectors.toSet());
                assertThat(timeline).as("%s's timeline holds their standing repost, nothing else", name)
                        .isEqualTo(marked.stream().filter(ref -> ref.authorId().equals(user)).collect(Collectors.toSet()));
            }
            assertThat(Set.copyOf(world.feedItems.page(world.id("reader"), java.util.Optional.empty(), 100)))
                    .as("the follower's durable feed holds the standing reposts").isEqualTo(marked);
        }
    }

    private static Set<UserId> standing(World world, List<String> users, boolean[] state) {
        Set<UserId> set = new HashSet<>();
        for (int u = 0; u < USERS; u++) {
            if (state[u]) {
                set.add(world.id(users.get(u)));
            }
        }
        return set;
    }
}
