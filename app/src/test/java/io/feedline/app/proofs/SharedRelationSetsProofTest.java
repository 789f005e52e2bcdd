package io.feedline.app.proofs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.ports.in.PublishPost;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.UserAccount;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Two servers share DynamoDB and Redis, each keeping readers' mutes and blocks in memory. A mute
 * made on one, and its undoing, are applied by the other as soon as a Redis pub/sub message can
 * reach it, though the other read the reader's set just before and keeps it for minutes: the change
 * is announced on a channel, and the other drops its copy when it hears it. The wait allowed is
 * shorter than the {@code RelationSets.TTL} a server without the channel keeps a set for, so the
 * proof fails without the announcement.
 */
class SharedRelationSetsProofTest {
    /** How long B may take to hear A's word: under the 5 s a server that cannot hear keeps a set for. */
    private static final Duration HEARING = Duration.ofSeconds(3);

    @Test
    void aMuteOnOneServerHidesTheAccountOnTheOthersReadsAndAnUnmuteShowsItAgain() throws InterruptedException {
        try (ThrowawayRedis redis = ThrowawayRedis.start(); DynamoLocal dynamo = DynamoLocal.start()) {
            Map<String, Object> settings = Proofs.polyglot(dynamo.endpoint().toString(), redis.uri(), "shared-relations");
            settings.put("worker.in-process", 0);
            settings.put("fanout.mode", "push");
            try (App a = App.create(FeedlineConfig.of(settings)); App b = App.create(FeedlineConfig.of(settings))) {
                UseCases onA = a.useCases();
                UseCases onB = b.useCases();
                String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
                UserAccount reader = Proofs.register(onA, "r" + run);
                UserAccount muted = Proofs.register(onA, "m" + run);
                UserAccount other = Proofs.register(onA, "o" + run);
                for (UserAccount author : List.of(muted, other)) {
                    onA.follow().follow(reader.id(), author.username());
                    onA.publishPost().publish(new PublishPost.Command(author.id(), PostText.of("by " + author.username().value()),
                            Optional.empty()));
                }
                a.drainFanout();
                assertThat(authors(onB, reader)).as("B reads the reader's set and keeps it")
                        .containsExactlyInAnyOrder(muted.username().value(), other.username().value());

                onA.manageRelations().mute(reader.id(), muted.username());
                await().atMost(HEARING).untilAsserted(() -> assertThat(authors(onB, reader)).as("B's reads after the mute on A")
                        .containsExactly(other.username().value()));

                onA.manageRelations().unmute(reader.id(), muted.username());
                await().atMost(HEARING).untilAsserted(() -> assertThat(authors(onB, reader)).as("B's reads after the unmute on A")
                        .containsExactlyInAnyOrder(muted.username().value(), other.username().value()));
            }
        }
    }

    private static List<String> authors(UseCases app, UserAccount reader) {
        return app.readHomeFeed().read(reader.id(), reader.id(), PageRequest.first(20)).items().stream()
                .map(post -> post.authorUsername().value()).toList();
    }
}
