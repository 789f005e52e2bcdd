package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.fakes.MutableClock;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The statuses of timeline pages, kept as JSON by base URL and the post's whole value. */
class AuthorsTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final AtomicInteger renders = new AtomicInteger();
    private final MutableClock clock = new MutableClock(Instant.now());
    private final Authors authors = new Authors(
            username -> { throw new FeedlineException.NotFound("user", username.value()); },
            post -> { throw new FeedlineException.NotFound("post", post.value()); },
            mapper, clock::nanoTime);

    private Object render(Post post) {
        renders.incrementAndGet();
        return Map.of("id", post.id().value(), "favourites_count", post.likeCount());
    }

    private long favourites(byte[] json) throws Exception {
        return mapper.readTree(json).path("favourites_count").asLong();
    }

    @Test
    void aListedStatusIsWrittenOnceAndAgainWhenItsPostsCountsMove() throws Exception {
        Post post = new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of("listed"),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), 1);

        byte[] first = authors.listed("https://a.example", post, this::render);
        assertThat(authors.listed("https://a.example", post, this::render)).isSameAs(first);
        assertThat(renders).hasValue(1);
        assertThat(favourites(first)).isEqualTo(1);

        byte[] liked = authors.listed("https://a.example", post.withLikeCount(2), this::render);
        assertThat(favourites(liked)).as("a post whose count moved is another key").isEqualTo(2);
        authors.listed("https://b.example", post, this::render);
        assertThat(renders).as("each base URL has its own rendering").hasValue(3);
    }

    @Test
    void aListedStatusIsWrittenAgainAfterHalfASecond() {
        Post post = new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of("listed"),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), 1);
        byte[] first = authors.listed("https://a.example", post, this::render);

        clock.advance(Duration.ofMillis(600));

        assertThat(authors.listed("https://a.example", post, this::render)).isNotSameAs(first);
        assertThat(renders).hasValue(2);
    }
}
