package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.app.http.Representations.PageView;
import io.feedline.app.http.Representations.PostView;
import io.feedline.app.web.MediaLinks;
import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ListedPostsTest {
    private final ObjectMapper mapper = Json.newMapper();
    private final ListedPosts listed = new ListedPosts(mapper, MediaLinks.SERVED_HERE);

    private static Post post() {
        return post("kept as JSON");
    }

    private static Post post(String text) {
        return new Post(TestIds.postId(), TestIds.userId(), TestIds.username(), PostText.of(text),
                Instant.now().truncatedTo(ChronoUnit.MILLIS), 3);
    }

    @Test
    void aListedPostIsWrittenAsItsViewIs() throws Exception {
        Post post = post();

        JsonNode written = mapper.readTree(listed.json(post));

        assertThat(written).isEqualTo(mapper.readTree(mapper.writeValueAsString(PostView.of(post, MediaLinks.SERVED_HERE))));
        assertThat(written.path("likeCount").asLong()).isEqualTo(3);
    }

    @Test
    void theSamePostIsWrittenOnceAndAPostWhoseCountsMovedIsWrittenAgain() throws Exception {
        Post post = post();
        byte[] first = listed.json(post);

        assertThat(listed.json(post)).isSameAs(first);
        assertThat(listed.json(new Post(post.id(), post.authorId(), post.authorUsername(), post.text(), post.createdAt(), 3)))
                .as("an equal post, read again").isSameAs(first);

        byte[] liked = listed.json(post.withLikeCount(4));
        assertThat(liked).isNotSameAs(first);
        assertThat(mapper.readTree(liked).path("likeCount").asLong()).isEqualTo(4);
        assertThat(mapper.readTree(listed.json(post.withRepostCount(2))).path("repostCount").asLong()).isEqualTo(2);
        assertThat(mapper.readTree(listed.json(post)).path("likeCount").asLong())
                .as("the first instance, after others took its slot or not").isEqualTo(3);
    }

    @Test
    void instancesSharingASlotEachKeepTheirOwnRendering() throws Exception {
        // More posts than slots: many share one, and each must still be written as itself.
        List<Post> posts = IntStream.range(0, ListedPosts.SLOTS + 500).mapToObj(i -> post("post " + i)).toList();
        for (int round = 0; round < 2; round++) {
            for (Post post : posts) {
                assertThat(mapper.readTree(listed.json(post)).path("text").asText()).isEqualTo(post.text().value());
            }
        }
    }

    @Test
    void aPageIsTheJsonOfItsViewWithAndWithoutANextCursor() throws Exception {
        List<Post> posts = List.of(post("first, with \"quotes\" and é"), post("second"), post("third"));
        List<PostView> views = posts.stream().map(p -> PostView.of(p, MediaLinks.SERVED_HERE)).toList();
        String cursor = "eyJiIjoiMDFKIn0.c2lnbmVk_-";

        assertThat(mapper.readTree(listed.page(posts, Optional.of(cursor)).readAllBytes()))
                .isEqualTo(mapper.readTree(mapper.writeValueAsString(new PageView<>(views, cursor))));
        assertThat(mapper.readTree(listed.page(posts, Optional.empty()).readAllBytes()))
                .isEqualTo(mapper.readTree(mapper.writeValueAsString(new PageView<>(views, null))));
        assertThat(mapper.readTree(listed.page(List.of(), Optional.empty()).readAllBytes()))
                .isEqualTo(mapper.readTree(mapper.writeValueAsString(new PageView<>(List.of(), null))));
        assertThat(mapper.readTree(listed.page(List.of(), Optional.of("a\"b")).readAllBytes()).path("nextCursor").asText())
                .as("a cursor is written as a JSON string, escaped").isEqualTo("a\"b");
    }
}
