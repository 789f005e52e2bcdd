package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.Conversation;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.Username;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Replies (threads, context, counts and the home-feed rule for replies) and mentions. */
class ConversationsTest {

    private static List<String> texts(List<Post> posts) {
        return posts.stream().map(p -> p.text().value()).toList();
    }

    private static List<String> feed(World world, String reader) {
        return world.wholeFeed(reader, 20).stream()
                .map(id -> world.app.readPost().read(id).text().value())
                .toList();
    }

    @Test
    void aReplyIsAPostInItsAuthorsTimelineAndInItsParentsThread() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("alice");
            world.register("bob");
            Post question = world.publish("alice", "question");
            Post answer = world.reply("bob", question.id(), "answer");
            world.drain();

            assertThat(answer.inReplyTo()).contains(question.ref());
            assertThat(world.app.readPost().read(question.id()).replyCount()).isEqualTo(1);
            assertThat(world.app.readAuthorTimeline().read(answer.authorUsername(), PageRequest.first(10)).items())
                    .containsExactly(answer);
            assertThat(world.app.readConversation().replies(question.id(), PageRequest.first(10)).items())
                    .containsExactly(answer);
        }
    }

    @Test
    void aReplyToAnUnknownPostIsNotFoundNamingInReplyTo() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("bob");

            assertThatThrownBy(() -> world.reply("bob", PostId.of("01KDVDNA0118KFW4AG5SF0FVXP"), "hello?"))
                    .isInstanceOfSatisfying(FeedlineException.NotFound.class,
                            e -> assertThat(e.field()).contains("inReplyTo"));
            assertThat(world.app.readProfile().read(Username.of("bob")).posts()).isZero();
        }
    }

    @Test
    void repliesPageOldestFirst() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("alice");
            world.register("bob");
            Post root = world.publish("alice", "root");
            for (int i = 0; i < 5; i++) {
                world.reply("bob", root.id(), "reply " + i);
            }

            Page<Post> first = world.app.readConversation().replies(root.id(), PageRequest.first(3));
            Page<Post> second = world.app.readConversation().replies(root.id(), PageRequest.after(first.next().orElseThrow(), 3));

            assertThat(texts(first.items())).containsExactly("reply 0", "reply 1", "reply 2");
            assertThat(texts(second.items())).containsExactly("reply 3", "reply 4");
            assertThat(second.next()).isEmpty();
        }
    }

    @Test
    void contextWalksUpToTheRootAndListsTheDirectReplies() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("alice");
            world.register("bob");
            Post root = world.publish("alice", "root");
            Post middle = world.reply("bob", root.id(), "middle");
            Post focus = world.reply("alice", middle.id(), "focus");
            world.reply("bob", focus.id(), "below 1");
            world.reply("alice", focus.id(), "below 2");
            world.reply("bob", root.id(), "a sibling branch");
            world.drain();

            Conversation context = world.app.readConversation().context(focus.id(), PageRequest.first(20));

            assertThat(context.ancestors()).extracting(a -> a.post().orElseThrow().text().value())
                    .containsExactly("root", "middle");
            assertThat(context.post()).isEqualTo(world.app.readPost().read(focus.id()));
            assertThat(context.post().replyCount()).isEqualTo(2);
            assertThat(texts(context.replies().items())).containsExactly("below 1", "below 2");
        }
    }

    @Test
    void contextIsBoundedAtMaxAncestors() {
        try (World world = World.of(FanoutMode.PULL)) {
            world.register("alice");
            Post last = world.publish("alice", "0");
            for (int i = 1; i <= 45; i++) {
                last = world.reply("alice", last.id(), Integer.toString(i));
            }

            Conversation context = world.app.readConversation().context(last.id(), PageRequest.first(20));

            assertThat(context.ancestors()).hasSize(40);
            assertThat(context.ancestors().getFirst().post().orElseThrow().text().value()).isEqualTo("5");
            assertThat(context.ancestors().getLast().post().orElseThrow().text().value()).isEqualTo("44");
        }
    }

    @Test
    void deletingAParentLeavesRepliesReachableAndMarksItDeletedInContext() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("alice");
            world.register("bob");
            Post root = world.publish("alice", "root");
            Post reply = world.reply("bob", root.id(), "reply");
            world.app.deletePost().delete(world.id("alice"), root.id());

            Conversation context = world.app.readConversation().context(reply.id(), PageRequest.first(20));

            assertThat(world.app.readPost().read(reply.id())).isEqualTo(reply);
            assertThat(context.ancestors()).hasSize(1);
            assertThat(context.ancestors().getFirst().deleted()).isTrue();
            assertThat(context.ancestors().getFirst().ref()).isEqualTo(root.ref());
            assertThat(world.app.readConversation().replies(root.id(), PageRequest.first(10)).items())
                    .containsExactly(reply);
        }
    }

    @Test
    void deletingAReplyLowersItsParentsCount() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("alice");
            world.register("bob");
            Post root = world.publish("alice", "root");
            Post reply = world.reply("bob", root.id(), "reply");
            world.drain();
            assertThat(world.app.readPost().read(root.id()).replyCount()).isEqualTo(1);

            world.app.deletePost().delete(world.id("bob"), reply.id());
            world.drain();

            assertThat(world.app.readPost().read(root.id()).replyCount()).isZero();
            assertThat(world.app.readConversation().replies(root.id(), PageRequest.first(10)).items()).isEmpty();
        }
    }

    @Test
    void repliesOfAPostThatNeverExistedAreNotFound() {
        try (World world = World.of(FanoutMode.PUSH)) {
            assertThatThrownBy(() -> world.app.readConversation().replies(
                    PostId.of("01KDVDNA0118KFW4AG5SF0FVXP"), PageRequest.first(10)))
                    .isInstanceOf(FeedlineException.NotFound.class);
            assertThatThrownBy(() -> world.app.readConversation().context(
                    PostId.of("01KDVDNA0118KFW4AG5SF0FVXP"), PageRequest.first(10)))
                    .isInstanceOf(FeedlineException.NotFound.class);
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aReplyReachesOnlyReadersWhoFollowBothTheReplierAndTheParentsAuthor(FanoutMode mode) {
        try (World world = World.of(mode)) {
            for (String name : List.of("alice", "bob", "both", "only_bob", "only_alice")) {
                world.register(name);
            }
            world.follow("both", "alice");
            world.follow("both", "bob");
            world.follow("only_bob", "bob");
            world.follow("only_alice", "alice");
            Post question = world.publish("alice", "question");
            world.reply("bob", question.id(), "answer");
            world.reply("bob", world.publish("bob", "musing").id(), "self-thread");
            world.drain();

            assertThat(feed(world, "both")).containsExactly("self-thread", "musing", "answer", "question");
            assertThat(feed(world, "only_bob")).containsExactly("self-thread", "musing");
            assertThat(feed(world, "only_alice")).containsExactly("question");
            assertThat(feed(world, "alice")).as("a reply to the reader by someone the reader does not follow")
                    .containsExactly("question");
            assertThat(feed(world, "bob")).as("the reader's own replies")
                    .containsExactly("self-thread", "musing", "answer");
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void aReplyLeavesEveryFeedWhenItsParentIsDeleted(FanoutMode mode) {
        try (World world = World.of(mode)) {
            world.register("alice");
            world.register("bob");
            world.register("reader");
            world.follow("reader", "alice");
            world.follow("reader", "bob");
            Post question = world.publish("alice", "question");
            world.reply("bob", question.id(), "answer");
            world.drain();
            assertThat(feed(world, "reader")).containsExactly("answer", "question");

            world.app.deletePost().delete(world.id("alice"), question.id());

            assertThat(feed(world, "reader")).isEmpty();
            assertThat(feed(world, "bob")).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(FanoutMode.class)
    void hiddenRepliesNeverEndAFeedEarly(FanoutMode mode) {
        try (World world = World.of(mode)) {
            world.register("alice");
            world.register("bob");
            world.register("reader");
            world.follow("reader", "bob");
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                expected.addFirst("bob " + i);
                world.publish("bob", "bob " + i);
            }
            Post stranger = world.publish("alice", "not followed");
            for (int i = 0; i < 30; i++) {
                world.reply("bob", stranger.id(), "hidden " + i);
            }
            world.drain();

            assertThat(feed(world, "reader")).containsExactlyElementsOf(expected);
            Page<Post> first = world.feedPage("reader", Optional.empty(), 4);
            assertThat(first.items()).isEmpty();
            assertThat(first.next()).as("a page emptied by the rule still continues").isPresent();
            assertThat(first.next().map(PageToken::value)).isPresent();
        }
    }

    @Test
    void mentionsAreResolvedOnceAtPublishAndUnknownHandlesStayText() {
        try (World world = World.of(FanoutMode.PUSH)) {
            world.register("alice");
            world.register("bob");
            world.register("carol");

            Post post = world.publish("alice", "hey @Bob, @nobody_here and @carol; mail bob@example.org");

            assertThat(post.mentions()).containsExactly(
                    new Mention(world.id("bob"), Username.of("bob")), new Mention(world.id("carol"), Username.of("carol")));
            assertThat(world.app.readPost().read(post.id()).mentions()).isEqualTo(post.mentions());
            assertThat(world.publish("alice", "no handles here").mentions()).isEmpty();
        }
    }
}
