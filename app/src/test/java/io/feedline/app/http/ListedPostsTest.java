package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.RawValue;
import io.feedline.app.http.Representations.PostView;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class ListedPostsTest {
    private final ObjectMapper mapper = Json.newMapper();
    private final ListedPosts listed = new ListedPosts(mapper);

    private static Post post() {
        return new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of("kept as JSON"),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), 3);
    }

    @Test
    void aListedPostIsWrittenAsItsViewIs() throws Exception {
        Post post = post();

        JsonNode written = mapper.readTree(mapper.writeValueAsString(listed.json(post)));

        assertThat(written).isEqualTo(mapper.readTree(mapper.writeValueAsString(PostView.of(post))));
        assertThat(written.path("likeCount").asLong()).isEqualTo(3);
    }

    @Test
    void theSamePostIsWrittenOnceAndAPostWhoseCountsMovedIsWrittenAgain() throws Exception {
        Post post = post();
        RawValue first = listed.json(post);

        assertThat(listed.json(post)).isSameAs(first);
        assertThat(listed.json(new Post(post.id(), post.authorId(), post.authorUsername(), post.text(), post.createdAt(), 3)))
                .as("an equal post, read again").isSameAs(first);

        RawValue liked = listed.json(post.withLikeCount(4));
        assertThat(liked).isNotSameAs(first);
        assertThat(mapper.readTree(mapper.writeValueAsString(liked)).path("likeCount").asLong()).isEqualTo(4);
        assertThat(mapper.readTree(mapper.writeValueAsString(listed.json(post.withRepostCount(2)))).path("repostCount").asLong())
                .isEqualTo(2);
    }
}
