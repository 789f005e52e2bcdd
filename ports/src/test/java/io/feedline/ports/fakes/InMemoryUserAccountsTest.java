package io.feedline.ports.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.contract.UserAccountsContract;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.out.UserAccounts;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryUserAccountsTest extends UserAccountsContract {
    // One instance for the class, as a shared database would be: tests rely on fresh ids only.
    private static final InMemoryUserAccounts SHARED = new InMemoryUserAccounts();

    @Override
    protected UserAccounts userAccounts() {
        return SHARED;
    }

    @Test
    void everyCallIsCounted() {
        InMemoryUserAccounts users = new InMemoryUserAccounts();
        UserAccount account = new UserAccount(TestIds.userId(), TestIds.username(), TestIds.email(),
                DisplayName.of("Counted"), Bio.EMPTY, Instant.EPOCH);

        users.create(account, new PasswordHash("$h$1"));
        users.findById(account.id());
        users.findById(account.id());
        users.findAllById(List.of(account.id()));

        assertThat(users.calls().count("create")).isEqualTo(1);
        assertThat(users.calls().count("findById")).isEqualTo(2);
        assertThat(users.calls().count("findAllById")).isEqualTo(1);
        assertThat(users.calls().count("findByUsername")).isZero();
        assertThat(users.calls().total()).isEqualTo(4);

        users.calls().reset();

        assertThat(users.calls().total()).isZero();
    }
}
