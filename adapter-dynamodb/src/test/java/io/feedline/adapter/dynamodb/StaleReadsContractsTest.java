package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.ArticlesContract;
import io.feedline.ports.contract.CelebrityRegistryContract;
import io.feedline.ports.contract.EntityFollowsContract;
import io.feedline.ports.contract.TagIndexContract;
import io.feedline.ports.contract.TaggedPosts;
import io.feedline.ports.out.EntityFollows;
import io.feedline.ports.contract.ExploreIndexContract;
import io.feedline.ports.contract.FanoutJobsContract;
import io.feedline.ports.contract.FeedItemsContract;
import io.feedline.ports.contract.FollowGraphContract;
import io.feedline.ports.contract.IdempotencyKeysContract;
import io.feedline.ports.contract.LikesContract;
import io.feedline.ports.contract.NotificationsContract;
import io.feedline.ports.contract.PostStore;
import io.feedline.ports.contract.PostsContract;
import io.feedline.ports.contract.RelationStore;
import io.feedline.ports.contract.RelationsContract;
import io.feedline.ports.contract.RankingsContract;
import io.feedline.ports.contract.RevokedTokensContract;
import io.feedline.ports.contract.UserAccountsContract;
import io.feedline.ports.out.CelebrityRegistry;
import io.feedline.ports.out.FeedItems;
import io.feedline.ports.out.FollowGraph;
import io.feedline.ports.out.IdempotencyKeys;
import io.feedline.ports.out.Notifications;
import io.feedline.ports.out.Rankings;
import io.feedline.ports.out.RevokedTokens;
import io.feedline.ports.out.UserAccounts;
import java.time.Duration;
import org.junit.jupiter.api.Nested;

/**
 * Every contract suite of the adapter's ports again, on a table whose GSI1 and eventually
 * consistent reads lag a day behind ({@link StaleReads}): what these ports promise does not rest
 * on DynamoDB Local being always strongly consistent. GSI2 (the outbox's claimable jobs) does not
 * lag here, since a lag there only delays a claim and the suite claims right after enqueueing;
 * {@link StaleReadsTest#aStaleOutboxIndexOnlyDelaysAClaim} runs the outbox on a lagging GSI2.
 */
class StaleReadsContractsTest {

    private static PostStore postStore() {
        DynamoStorage storage = LocalDynamo.stale();
        return new PostStore(storage.posts(), storage.likes(), storage.reposts(), storage.fanoutJobs(), storage.idempotencyKeys(),
                storage.counters(), storage.articles());
    }

    @Nested
    class Posts extends PostsContract {
        @Override
        protected PostStore postStore() {
            return StaleReadsContractsTest.postStore();
        }
    }

    @Nested
    class Articles extends ArticlesContract {
        @Override
        protected PostStore postStore() {
            return StaleReadsContractsTest.postStore();
        }
    }

    @Nested
    class Likes extends LikesContract {
        @Override
        protected PostStore postStore() {
            return StaleReadsContractsTest.postStore();
        }
    }

    @Nested
    class Outbox extends FanoutJobsContract {
        @Override
        protected PostStore postStore() {
            return StaleReadsContractsTest.postStore();
        }
    }

    @Nested
    class Graph extends FollowGraphContract {
        @Override
        protected FollowGraph followGraph() {
            return LocalDynamo.stale().followGraph();
        }
    }

    @Nested
    class Users extends UserAccountsContract {
        @Override
        protected UserAccounts userAccounts() {
            return LocalDynamo.stale().userAccounts();
        }
    }

    @Nested
    class Celebrities extends CelebrityRegistryContract {
        @Override
        protected CelebrityRegistry celebrityRegistry() {
            return LocalDynamo.stale().celebrityRegistry();
        }
    }

    @Nested
    class NotificationRows extends NotificationsContract {
        @Override
        protected Notifications notifications() {
            return LocalDynamo.stale().notifications();
        }
    }

    @Nested
    class NotificationFolds extends io.feedline.ports.contract.NotificationFoldContract {
        private final DynamoStorage storage = LocalDynamo.stale();

        @Override
        protected Notifications notifications() {
            return storage.notifications();
        }

        @Override
        protected io.feedline.ports.out.FanoutJobs outbox() {
            return storage.fanoutJobs();
        }
    }

    @Nested
    class Subscribers extends io.feedline.ports.contract.SubscriptionsContract {
        @Override
        protected io.feedline.ports.out.Subscriptions subscriptions() {
            return LocalDynamo.stale().subscriptions();
        }
    }

    @Nested
    class Revocations extends RevokedTokensContract {
        @Override
        protected RevokedTokens revokedTokens() {
            return LocalDynamo.stale().revokedTokens();
        }
    }

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

    @Nested
    class MutesAndBlocks extends RelationsContract {
        @Override
        protected RelationStore store() {
            DynamoStorage storage = LocalDynamo.stale();
            return new RelationStore(storage.relations(), storage.followGraph(), storage.fanoutJobs());
        }
    }

    @Nested
    class Explore extends ExploreIndexContract {
        @Override
        protected Store store() {
            DynamoStorage storage = LocalDynamo.stale();
            return new Store(storage.posts(), storage.exploreIndex());
        }
    }

    @Nested
    class EntityEdges extends EntityFollowsContract {
        @Override
        protected EntityFollows entityFollows() {
            return LocalDynamo.stale().entityFollows();
        }
    }

    @Nested
    class Tags extends TagIndexContract {
        @Override
        protected TaggedPosts taggedPosts() {
            DynamoStorage storage = LocalDynamo.stale();
            return new TaggedPosts(storage.posts(), storage.tagIndex());
        }
    }

    @Nested
    class RankingItems extends RankingsContract {
        @Override
        protected Rankings rankings() {
            return LocalDynamo.stale().rankings();
        }
    }
}
