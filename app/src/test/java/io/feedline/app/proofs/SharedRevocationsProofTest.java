package io.feedline.app.proofs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.app.http.Accounts;
import io.feedline.app.http.Accounts.User;
import io.feedline.app.http.ApiClient;
import io.feedline.testsupport.DynamoLocal;
import io.feedline.testsupport.ThrowawayRedis;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two servers share DynamoDB and Redis, each remembering that a token is not revoked. A logout on
 * one is refused by the other as soon as a Redis pub/sub message can reach it, though the other
 * had just accepted the token and would remember that for an hour ({@code token.revocation-recheck}
 * here): the revocation is announced on a channel, and the other refuses the token when it hears
 * it. So the proof fails without the announcement.
 */
class SharedRevocationsProofTest {
    /** How long B may take to hear A's word. */
    private static final Duration HEARING = Duration.ofSeconds(3);

    @Test
    void aLogoutOnOneServerIsRefusedByTheOtherAtOnceThoughItRemembersNotRevokedForAnHour() throws InterruptedException {
        try (ThrowawayRedis redis = ThrowawayRedis.start(); DynamoLocal dynamo = DynamoLocal.start()) {
            Map<String, Object> settings = Proofs.polyglot(dynamo.endpoint().toString(), redis.uri(), "shared-revocations");
            settings.put("worker.in-process", 0);
            settings.put("http.host", "127.0.0.1");
            settings.put("http.port", 0);
            settings.put("token.revocation-recheck", "1h");
            try (App a = App.create(FeedlineConfig.of(settings)).start(); App b = App.create(FeedlineConfig.of(settings)).start()) {
                ApiClient onA = new ApiClient(a.port());
                ApiClient onB = new ApiClient(b.port());
                User alice = new Accounts(onA).signUp("revoked");
                assertThat(onB.get("/feed").token(alice.token()).send().status()).as("B accepts the token and remembers it").isEqualTo(200);

                assertThat(onA.delete("/sessions/current").token(alice.token()).send().status()).isEqualTo(204);

                await().atMost(HEARING).untilAsserted(() -> assertThat(onB.get("/feed").token(alice.token()).send().status())
                        .as("B's answer after the logout on A").isEqualTo(401));
            }
        }
    }
}
