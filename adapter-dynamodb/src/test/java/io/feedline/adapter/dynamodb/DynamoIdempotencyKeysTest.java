package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.IdempotencyKeysContract;
import io.feedline.ports.out.IdempotencyKeys;
import java.time.Duration;

/** The IdempotencyKeysContract suite against the single table on DynamoDB Local. */
class DynamoIdempotencyKeysTest extends IdempotencyKeysContract {
    @Override
    protected IdempotencyKeys idempotencyKeys(Duration lockTimeout) {
        return LocalDynamo.sharedWithLockTimeout(lockTimeout).idempotencyKeys();
    }
}
