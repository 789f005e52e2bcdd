package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Who likes and who reposted a post: the lists behind the counts, with blocks applied for a viewer. */
class EngagementTest {

    private static List<String> names(Page<UserSummary> page) {
        return page.items().stream().map(UserSummary::username).map(Username::value).toList();
    }

    @Test
    void likersAndRepostersPageInOrderLeaveOutUndoneOnesAndBlockedAccountsForTheViewer() {
        try (World world = World.of(FanoutMode.PUSH)) {
            for (String name : List.of("author", "ann", "bob", "cat", "dan")) {
                world.register(name);
            }
            Post post = world.publish("author", "like and share me");
            for (String fan : List.of("ann", "bob", "cat", "dan")) {
                world.app.likePost().like(world.id(fan), post.id());
            }
            world.app.unlikePost().unlike(world.id("dan"), post.id());
            world.repost("bob", post.id());
            world.repost("cat", post.id());
            world.unrepost("cat", post.id());
            world.block("cat", "author");

            List<String> likers = new java.util.ArrayList<>();
            Page<UserSummary> page = world.app.readEngagement().likers(Optional.empty(), post.id(), PageRequest.first(2));
            likers.addAll(names(page));
            page = world.app.readEngagement().likers(Optional.empty(), post.id(), PageRequest.after(page.next().orElseThrow(), 2));
            likers.addAll(names(page));

            assertThat(likers).containsExactlyInAnyOrder("ann", "bob", "cat");
            assertThat(page.next()).isEmpty();
            assertThat(names(world.app.readEngagement().likers(Optional.of(world.id("author")), post.id(), PageRequest.first(10))))
                    .as("cat blocks the author, so the author does not see cat").containsExactlyInAnyOrder("ann", "bob");
            assertThat(names(world.app.readEngagement().reposters(Optional.empty(), post.id(), PageRequest.first(10))))
                    .containsExactly("bob");
            assertThatThrownBy(() -> world.app.readEngagement().likers(Optional.empty(), io.feedline.ports.model.PostId.of(
                    "01ARZ3NDEKTSV4RRFFQ69G5FAV"), PageRequest.first(10))).isInstanceOf(FeedlineException.NotFound.class);
        }
    }
}
