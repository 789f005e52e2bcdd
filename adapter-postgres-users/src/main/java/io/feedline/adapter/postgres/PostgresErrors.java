package io.feedline.adapter.postgres;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.UserAccount;
import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/** The one place that decides what a Postgres failure becomes at the port. */
final class PostgresErrors {
    static final String COMPONENT = "postgres";
    private static final String UNIQUE_VIOLATION = "23505";

    private PostgresErrors() {}

    /** A failed insert: a unique index names the duplicate; anything else is the engine's fault. */
    static FeedlineException onCreate(RuntimeException failure, UserAccount account) {
        SQLException sql = sqlCause(failure);
        if (sql != null && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
            String index = violatedIndex(sql);
            if (UsersTable.USERNAME_INDEX.equals(index)) {
                return new FeedlineException.UsernameTaken(account.username());
            }
            if (UsersTable.EMAIL_INDEX.equals(index)) {
                return new FeedlineException.EmailTaken();
            }
            if (UsersTable.PRIMARY_KEY.equals(index)) {
                // Ids are fresh ULIDs; a clash means two writers stored different accounts under one id.
                return new FeedlineException.WriteConflict("user id " + account.id() + " is already stored", null);
            }
        }
        return unavailable("could not store the account", failure);
    }

    /**
     * Wraps any failure. The cause kept is the driver's SQLException, not Jdbi's wrapper, whose
     * message could list the bound arguments (a password hash among them).
     */
    static FeedlineException.StorageUnavailable unavailable(String what, RuntimeException failure) {
        SQLException sql = sqlCause(failure);
        Throwable cause = sql != null ? sql : failure;
        String state = sql != null && sql.getSQLState() != null ? " (SQLState " + sql.getSQLState() + ")" : "";
        return new FeedlineException.StorageUnavailable(COMPONENT, what + state, cause);
    }

    private static SQLException sqlCause(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                return sql;
            }
        }
        return null;
    }

    private static String violatedIndex(SQLException sql) {
        if (sql instanceof PSQLException psql) {
            ServerErrorMessage server = psql.getServerErrorMessage();
            return server == null ? null : server.getConstraint();
        }
        return null;
    }
}
