package io.feedline.adapter.dynamodb;

import io.feedline.ports.contract.UserAccountsContract;
import io.feedline.ports.out.UserAccounts;

/** The UserAccountsContract suite against the single table on DynamoDB Local. */
class DynamoUserAccountsTest extends UserAccountsContract {
    @Override
    protected UserAccounts userAccounts() {
        return LocalDynamo.shared().userAccounts();
    }
}
