package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.FeedItemsContract;
import io.feedline.ports.contract.IdempotencyKeysContract;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.IdempotencyKeys;
import java.time.Duration;
import org.junit.jupiter.api.Nested;

/**
 * Contract suites again, on a table whose index queries and eventually consistent reads lag a day
 * behind ({@link StaleReads}): what these ports promise does not rest on DynamoDB Local being
 * always strongly consistent. (The posts, likes, graph and outbox suites read through indexes
 * — post by id, followers, claimable jobs — which no consistent read can serve; see
 * {@link StaleReadsTest} for their reads that must see the latest write.)
 */
class StaleReadsContractsTest {

    @Nested
    class Feeds extends FeedItemsContract {
        @Override
        protected FeedItems feedItems() {
            return LocalDynamo.stale().feedItems();
        }
    }

    @Nested
    class Keys extends IdempotencyKeysContract {
        @Override
        protected IdempotencyKeys idempotencyKeys(Duration lockTimeout) {
            return LocalDynamo.stale().idempotencyKeys();
        }
    }
}
