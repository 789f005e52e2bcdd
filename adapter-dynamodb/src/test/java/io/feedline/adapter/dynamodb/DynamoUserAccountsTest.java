package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.contract.UserAccountsContract;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.ClaimedJob;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.out.UserAccounts;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The UserAccountsContract suite against the single table on DynamoDB Local. */
class DynamoUserAccountsTest extends UserAccountsContract {
    private static final PasswordHash HASH = new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");

    @Override
    protected UserAccounts userAccounts() {
        return LocalDynamo.shared().userAccounts();
    }

    @Test
    void aRegistrationEnqueuesItsJobsInItsOwnTransactionAndARefusedOneEnqueuesNothing() {
        try (DynamoStorage storage = LocalDynamo.freshTable("register-jobs", List.of(), LocalDynamo.FAST)) {
            UserAccount account = new UserAccount(TestIds.userId(), TestIds.username(), TestIds.email(),
                    DisplayName.of("Indexed"), Bio.EMPTY, Instant.now());
            UserAccount clash = new UserAccount(TestIds.userId(), account.username(), TestIds.email(),
                    DisplayName.of("Clash"), Bio.EMPTY, Instant.now());

            storage.userAccounts().create(account, HASH, List.of(new FanoutJob.IndexAccount(account.id())));
            assertThatThrownBy(() -> storage.userAccounts().create(clash, HASH,
                    List.of(new FanoutJob.IndexAccount(clash.id()))))
                    .isInstanceOf(FeedlineException.UsernameTaken.class);

            List<ClaimedJob> claimed = storage.fanoutJobs().claim("w", 10, Instant.now().plusSeconds(1), Duration.ofMinutes(1));
            assertThat(claimed).extracting(ClaimedJob::job).containsExactly(new FanoutJob.IndexAccount(account.id()));
            assertThat(storage.userAccounts().findById(account.id())).contains(account);
        }
    }
}
